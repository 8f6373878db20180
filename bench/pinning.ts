/**
 * `--pin`: the game server on one core and the bots on the other, so neither steals the
 * other's time slices and a run's figures move less between runs (on a 2-core machine).
 * Linux only, through taskset; without it nothing is pinned and the bench says so.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const TASKSET = "/usr/bin/taskset";

/** Cores as taskset's `-c` takes them ("0", "0,1"). */
export interface Pinning {
  servers: string;
  bots: string;
}

/** The pinning asked for, or null (with a line saying why) when taskset is not there. */
export function pinning(wanted: boolean, cores: Pinning = { servers: "0", bots: "1" }): Pinning | null {
  if (!wanted) return null;
  if (!existsSync(TASKSET)) {
    console.log(`--pin: ${TASKSET} not found, nothing pinned`);
    return null;
  }
  return cores;
}

/** Pin every thread of this process (the bots) to `cores`; threads started later inherit it. */
export function pinThisProcess(cores: string): void {
  execFileSync(TASKSET, ["--all-tasks", "--cpu-list", "--pid", cores, String(process.pid)], { stdio: "ignore" });
}
