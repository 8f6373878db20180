import { type ChildProcess, fork } from "node:child_process";
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { TASKSET } from "./pinning";

/** What a bench child reports about itself over IPC. */
export interface ChildStats {
  cpuUserMs: number;
  cpuSystemMs: number;
  loop: LoopStats;
  rssMb: number;
  /** What of the RSS is V8's heap in use, and memory outside it (Buffers, sockets' native parts). */
  heapUsedMb: number;
  /** What V8 holds for its heap, used or not (RSS counts the part it touched). */
  heapTotalMb: number;
  externalMb: number;
}

export interface LoopStats {
  p50: number;
  p99: number;
  max: number;
}

/** Sampling interval of the event-loop monitors; a reading is this interval plus the lag. */
const LOOP_RESOLUTION_MS = 10;

export function loopMonitor(): IntervalHistogram {
  const h = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  h.enable();
  return h;
}

/** Event-loop lag in ms (the monitor's own interval taken off), then reset the monitor. */
export function readLoop(h: IntervalHistogram): LoopStats {
  const lag = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  const r = { p50: lag(h.percentile(50)), p99: lag(h.percentile(99)), max: lag(h.max) };
  h.reset();
  return r;
}

type ToChild = { type: "stats" } | { type: "stop" };
type FromChild = { type: "ready"; port: number } | ({ type: "stats" } & ChildStats) | { type: "fatal"; error: string };

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** A bench server in its own process (TypeScript through tsx), talked to over IPC. */
export class BenchChild {
  readonly proc: ChildProcess;
  private tail = "";
  private exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    script: string,
    env: Record<string, string>,
    cores?: string,
  ) {
    const nodeArgs = [
      // What `npm start` runs with (see docs/operations.md), for the echo baseline too;
      // BENCH_SEMI_SPACE=0 measures Node's default.
      ...(process.env.BENCH_SEMI_SPACE === "0" ? [] : [`--max-semi-space-size=${process.env.BENCH_SEMI_SPACE ?? 32}`]),
      "--import",
      "tsx",
      // BENCH_CPU_PROF=dir profiles the children (open the .cpuprofile in Chrome DevTools).
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      // BENCH_NODE_ARGS="--max-semi-space-size=64 …" tries V8 or Node flags on the children.
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
    ];
    this.proc = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
      cwd: repoRoot,
      // Pinned: taskset execs node in its own place (same pid, IPC channel kept), so every
      // thread the server starts (its PGlite worker too) is on `cores` from the first.
      ...(cores
        ? { execPath: TASKSET, execArgv: ["--cpu-list", cores, process.execPath, ...nodeArgs] }
        : { execArgv: nodeArgs }),
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    // BENCH_CHILD_LOG=dir also writes each child's whole output to dir/<name>.log (with --trace-gc, say).
    const logDir = process.env.BENCH_CHILD_LOG;
    const logFile = logDir ? join(logDir, `${name.replace(/\W+/g, "-")}.log`) : null;
    const keep = (d: Buffer) => {
      this.tail = (this.tail + d.toString()).slice(-4000);
      if (logFile) appendFileSync(logFile, d);
    };
    this.proc.stdout?.on("data", keep);
    this.proc.stderr?.on("data", keep);
    this.exited = new Promise((resolve) => this.proc.once("exit", (code) => resolve(code)));
  }

  /** Start the child (on `cores` only, when given) and wait (bounded) until it listens; returns it and its port. */
  static async start(name: string, script: string, env: Record<string, string>, timeoutMs = 60_000, cores?: string) {
    const child = new BenchChild(name, script, env, cores);
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start in ${timeoutMs} ms\n${child.tail}`)),
        timeoutMs,
      );
      child.proc.on("message", (m: FromChild) => {
        if (m.type === "ready") {
          clearTimeout(timer);
          resolve(m.port);
        } else if (m.type === "fatal") {
          clearTimeout(timer);
          reject(new Error(`${name} failed: ${m.error}`));
        }
      });
      child.proc.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited (${code}) before it was ready\n${child.tail}`));
      });
    });
    return { child, port };
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  get output(): string {
    return this.tail;
  }

  /** CPU and event-loop lag since the previous call (bounded wait; null if no answer). */
  stats(timeoutMs = 5000): Promise<ChildStats | null> {
    if (!this.alive || !this.proc.connected) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.proc.off("message", on);
        resolve(null);
      }, timeoutMs);
      const on = (m: FromChild) => {
        if (m.type !== "stats") return;
        clearTimeout(timer);
        this.proc.off("message", on);
        const { type: _t, ...rest } = m;
        resolve(rest);
      };
      this.proc.on("message", on);
      this.proc.send({ type: "stats" } satisfies ToChild);
    });
  }

  /** Ask politely, then SIGKILL after a grace period. Resolves when the process is gone. */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.alive) return;
    if (this.proc.connected) this.proc.send({ type: "stop" } satisfies ToChild);
    else this.proc.kill("SIGTERM");
    const timer = setTimeout(() => this.proc.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * Child side: report readiness, answer stats requests, and shut down when asked or when
 * the parent goes away (so a killed bench never leaves servers behind).
 */
export function serveChild(port: number, close: () => Promise<void>): void {
  const loop = loopMonitor();
  let cpu = process.cpuUsage();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(0), 4000);
    force.unref();
    await close().catch(() => {});
    process.exit(0);
  };
  process.on("message", (m: ToChild) => {
    if (m.type === "stop") void stop();
    if (m.type === "stats") {
      const used = process.cpuUsage(cpu);
      const mem = process.memoryUsage();
      const stats: ChildStats = {
        cpuUserMs: used.user / 1000,
        cpuSystemMs: used.system / 1000,
        loop: readLoop(loop),
        rssMb: mem.rss / 2 ** 20,
        heapUsedMb: mem.heapUsed / 2 ** 20,
        heapTotalMb: mem.heapTotal / 2 ** 20,
        externalMb: mem.external / 2 ** 20,
      };
      cpu = process.cpuUsage();
      process.send?.({ type: "stats", ...stats } satisfies FromChild);
    }
  });
  process.on("disconnect", () => void stop());
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  process.send?.({ type: "ready", port } satisfies FromChild);
}

/** Child side: report a startup failure and exit. */
export function failChild(err: unknown): void {
  const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  setTimeout(() => process.exit(1), 1000).unref();
  if (process.send) process.send({ type: "fatal", error } satisfies FromChild, () => process.exit(1));
  else {
    console.error(error);
    process.exit(1);
  }
}
