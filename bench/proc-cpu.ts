/**
 * CPU time of whole processes, read from /proc/<pid>/stat, so processes the bench did not
 * start (Redis, PostgreSQL's backends) and ones that cannot answer over IPC (HAProxy) are
 * measured the same way as the Parlor nodes. Linux only.
 */
import { readdirSync, readFileSync } from "node:fs";

/**
 * Clock ticks per second of /proc's times (USER_HZ). It is 100 on every architecture Linux
 * runs Node on; `getconf CLK_TCK` says so on this machine.
 */
export const CLOCK_TICKS_PER_S = 100;

/**
 * User + system CPU of a process, in ms, from the text of /proc/<pid>/stat (its threads
 * included). The command name (field 2) is in parentheses and may hold spaces or
 * parentheses itself, so fields are counted from the last ')': utime and stime are fields
 * 14 and 15 of the line.
 */
export function procStatCpuMs(stat: string): number {
  const close = stat.lastIndexOf(")");
  if (close < 0) throw new Error("not a /proc/<pid>/stat line");
  // After ") ": field 3 (state) is at index 0, so field n is at index n - 3.
  const fields = stat
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error("no utime/stime in /proc/<pid>/stat");
  return ((utime + stime) * 1000) / CLOCK_TICKS_PER_S;
}

/** A process's CPU so far in ms, or null when it is gone (or not ours to read). */
export function readCpuMs(pid: number): number | null {
  try {
    return procStatCpuMs(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/** CPU (ms) of each pid that could be read now. */
export function readCpu(pids: Iterable<number>): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const ms = readCpuMs(pid);
    if (ms !== null) out.set(pid, ms);
  }
  return out;
}

/**
 * CPU spent between two readings of the same group of processes, in ms. A pid missing
 * from the first reading started in between (all of its CPU counts); one missing from
 * the second is gone and cannot be measured (it is left out, and counted in `lost`).
 */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): { ms: number; lost: number } {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  let lost = 0;
  for (const pid of before.keys()) if (!after.has(pid)) lost++;
  return { ms, lost };
}

/** Pids of the processes whose command name (/proc/<pid>/comm) is `name`. */
export function pidsNamed(name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === name) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
