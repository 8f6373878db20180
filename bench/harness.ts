/**
 * What every socket bench shares: argument checks, failure bookkeeping, the two server
 * children (Parlor on real PGlite in a temp dir, and the bare Socket.IO echo), the echo
 * baseline phase after a game phase, and a bounded run that always reports and always
 * cleans up. The rooms of a game phase are in room-runs.ts, shared report rows in report-rows.ts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { BenchChild, type ChildStats, type LoopStats, loopMonitor, readLoop } from "./children";
import { type EchoResult, EchoRun, type EchoTraffic, type TableTraffic } from "./echo";
import { fmtMs } from "./stats";

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** A numeric command-line value in [min, max]; exits with status 2 otherwise. */
export function numArg(name: string, v: string | undefined, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number in [${min}, ${max}]`);
    process.exit(2);
  }
  return n;
}

/** `--help`: print `usage` and exit. */
export function usageOnHelp(help: boolean | undefined, usage: string): void {
  if (!help) return;
  console.log(usage);
  process.exit(0);
}

/** parseArgs options for string flags, from their defaults: `{ rooms: "200" }`. */
export function stringOptions<K extends string>(
  defaults: Record<K, string>,
): { [P in K]: { type: "string"; default: string } } {
  const entries = Object.entries<string>(defaults).map(([k, d]) => [k, { type: "string", default: d }]);
  return Object.fromEntries(entries) as { [P in K]: { type: "string"; default: string } };
}

/** `--sync full|patch`: whether the bots take the compact wire (docs/protocols/platform.md, "Compact wire"). */
export function compactArg(v: string | undefined): boolean {
  if (v !== "full" && v !== "patch") {
    console.error(`--sync must be "full" or "patch", not ${v}`);
    process.exit(2);
  }
  return v === "patch";
}

/** Bounds of `--echo-sec auto`: long enough for about as many round trips as game inputs. */
export const ECHO_MIN_AUTO_MS = 15_000;
export const ECHO_MAX_AUTO_MS = 60_000;

/** `--echo-sec auto|S`: the longest the echo phase may take, and whether it is sized automatically. */
export function echoArg(v: string | undefined): { auto: boolean; maxMs: number } {
  if (v === "auto") return { auto: true, maxMs: ECHO_MAX_AUTO_MS };
  return { auto: false, maxMs: numArg("echo-sec", v, 1, 600) * 1000 };
}

export interface EchoPhase {
  result: EchoResult;
  sockets: number;
  /** Mean sends per socket per second used (the game phase's, or a floor). */
  rate: number;
  server: ChildStats | null;
  botLoop: LoopStats | null;
  /** What the server sent besides the acks (none for the quiet echo). */
  traffic: EchoTraffic;
}

/**
 * One bench run: owns the temp data dir, the server children and whatever the bots hold
 * open. `start` arms the hard timeout and signal handlers; whatever happens, the report
 * is printed once, children are stopped, the temp dir is removed and the process exits
 * (non-zero only when something broke).
 */
export class BenchRun {
  readonly errors: string[] = [];
  errorCount = 0;
  phase = "starting";
  readonly startedAt = performance.now();
  readonly hardDeadline: number;
  /** Event-loop lag of this (bots) process; read and reset per phase. */
  readonly botLoop = loopMonitor();
  server: BenchChild | null = null;
  echoServer: BenchChild | null = null;
  echo: EchoPhase | null = null;
  /** The same echo while the server pushes each socket the game phase's inbound traffic. */
  echoLoaded: EchoPhase | null = null;
  /** The same echo with sockets at tables, each echo answered with the traffic a game input caused. */
  echoTable: EchoPhase | null = null;
  /** Cores the server children run on (taskset's list), or undefined: wherever the OS puts them. */
  serverCores: string | undefined;
  private dataDir: string | null = null;
  private readonly disposers: (() => void)[] = [];
  private finishing = false;

  constructor(readonly timeoutMs: number) {
    this.hardDeadline = Date.now() + timeoutMs;
  }

  readonly fail = (what: string): void => {
    this.errorCount++;
    if (this.errors.length < 20) this.errors.push(what);
  };

  /** Release this (rooms, sockets) on cleanup, also after a hard stop. */
  onDispose(fn: () => void): void {
    this.disposers.push(fn);
  }

  /** Start the Parlor server (PGlite in a fresh temp dir) and the echo server side by side. */
  async startServers(name: string, timeScale = "1"): Promise<{ url: string; echoUrl: string }> {
    this.dataDir = await mkdtemp(join(tmpdir(), "parlor-bench-"));
    const [s, e] = await Promise.all([
      BenchChild.start(
        name,
        "./server-entry.ts",
        { DATA_DIR: this.dataDir, TIME_SCALE: timeScale },
        90_000,
        this.serverCores,
      ),
      BenchChild.start("echo server", "./echo-server.ts", {}, 60_000, this.serverCores),
    ]);
    this.server = s.child;
    this.echoServer = e.child;
    return { url: `http://127.0.0.1:${s.port}`, echoUrl: `http://127.0.0.1:${e.port}` };
  }

  /**
   * The baseline: as many sockets as the game phase had, each sending at the game's mean
   * per-socket rate, for `maxMs` or (auto) long enough to collect about `wantSamples`
   * round trips, within bounds.
   */
  async runEcho(
    url: string,
    o: { sockets: number; ratePerSocket: number; wantSamples: number; echo: { auto: boolean; maxMs: number } },
    staggerMs: number,
    traffic: EchoTraffic = {},
  ): Promise<EchoPhase> {
    this.phase = traffic.table ? "table echo" : traffic.push ? "loaded echo" : "echo";
    await this.echoServer!.stats();
    readLoop(this.botLoop);
    const rate = o.ratePerSocket > 0 ? o.ratePerSocket : 0.05;
    const wantMs = (1000 * Math.max(1, o.wantSamples)) / (rate * Math.max(1, o.sockets));
    const durationMs = o.echo.auto ? Math.min(ECHO_MAX_AUTO_MS, Math.max(ECHO_MIN_AUTO_MS, wantMs)) : o.echo.maxMs;
    const run = new EchoRun({
      url,
      sockets: o.sockets,
      ratePerSocket: rate,
      durationMs,
      staggerMs,
      deadline: this.hardDeadline - 5000,
      ...traffic,
    });
    this.onDispose(() => run.dispose());
    const result = await run.run();
    for (const e of result.errors) this.fail(e);
    if (result.rtt.count === 0) this.fail(`${this.phase}: no round trips measured`);
    const phase = {
      result,
      sockets: o.sockets,
      rate,
      server: await this.echoServer!.stats(),
      botLoop: readLoop(this.botLoop),
      traffic,
    };
    if (!this.echoServer!.alive) this.fail(`echo server died during the run\n${this.echoServer!.output}`);
    return phase;
  }

  /**
   * A whole bench: start both servers, run the game phase against the Parlor server with a
   * deadline that keeps the echo phase's reserve free, check the server lived through it,
   * then run the echo baseline with what the game phase measured.
   */
  async runGameThenEcho(
    name: string,
    o: { echo: { auto: boolean; maxMs: number }; staggerMs: number; echoPhases?: number },
    game: (url: string, deadline: number) => Promise<void>,
    measured: () => {
      sockets: number;
      ratePerSocket: number;
      wantSamples: number;
      inboundPerSocket: number;
      inboundBytes: number;
      /** The traffic of one input, for a third echo phase (a game that measured it). */
      table?: TableTraffic;
    },
  ): Promise<void> {
    const { url, echoUrl } = await this.startServers(`${name} server`);
    // Leave room for the echo phase (and its ack wait) inside the hard timeout.
    await game(url, this.hardDeadline - BenchRun.echoReserveMs(o.echo, o.echoPhases));
    if (!this.server!.alive) this.fail(`${name} server died during the run\n${this.server!.output}`);
    // The same mean send rate per socket as the bots had; long enough (within bounds) to
    // collect about as many round trips as the game phase measured inputs. First quiet, then
    // with the server pushing every socket as many frames, as large, as the game's did.
    const m = measured();
    this.echo = await this.runEcho(echoUrl, { ...m, echo: o.echo }, o.staggerMs);
    if (m.inboundPerSocket > 0)
      this.echoLoaded = await this.runEcho(echoUrl, { ...m, echo: o.echo }, o.staggerMs, {
        push: { hz: m.inboundPerSocket, bytes: m.inboundBytes },
      });
    if (m.table) this.echoTable = await this.runEcho(echoUrl, { ...m, echo: o.echo }, o.staggerMs, { table: m.table });
  }

  /** Time the echo phases need at most (durations, acks, connects), kept free inside the hard timeout. */
  static echoReserveMs(echo: { maxMs: number }, phases = 2): number {
    return phases * (echo.maxMs + 25_000);
  }

  private async cleanup(): Promise<void> {
    for (const d of this.disposers) {
      try {
        d();
      } catch {
        // keep releasing the rest
      }
    }
    await Promise.all([this.server?.stop(), this.echoServer?.stop()]);
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true }).catch(() => {});
  }

  private async finish(code: number, report: () => void, why?: string): Promise<void> {
    if (this.finishing) return;
    this.finishing = true;
    if (why) this.fail(why);
    try {
      report();
    } catch (err) {
      console.error("report failed:", err);
    }
    if (this.errorCount) {
      console.log();
      console.log(`ERRORS (${this.errorCount}):`);
      for (const e of this.errors) console.log(`  - ${e}`);
    }
    await Promise.race([this.cleanup(), sleep(15_000)]);
    process.exit(this.errorCount || code ? Math.max(code, 1) : 0);
  }

  /** Run `main` under the hard timeout; report and clean up however it ends. */
  start(main: () => Promise<void>, report: () => void): void {
    const hard = setTimeout(
      () => void this.finish(1, report, `hard timeout after ${this.timeoutMs / 1000} s (during ${this.phase})`),
      Math.max(0, this.hardDeadline - Date.now()),
    );
    for (const sig of ["SIGINT", "SIGTERM"] as const)
      process.on(sig, () => void this.finish(130, report, `stopped by ${sig}`));
    main().then(
      () => {
        clearTimeout(hard);
        this.phase = "done";
        return this.finish(0, report);
      },
      (err) => {
        clearTimeout(hard);
        return this.finish(1, report, err instanceof Error ? (err.stack ?? err.message) : String(err));
      },
    );
  }
}

export const fmtSec = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export const fmtLoop = (l: LoopStats | null): string =>
  l ? `loop lag p50 ${fmtMs(l.p50)} p99 ${fmtMs(l.p99)} max ${fmtMs(l.max)}` : "n/a";

/** A child's CPU (and share of one core over `spanMs`), loop lag and memory. */
export const fmtChild = (c: ChildStats | null, spanMs: number): string =>
  c
    ? `cpu ${((c.cpuUserMs + c.cpuSystemMs) / 1000).toFixed(1)} s (${((100 * (c.cpuUserMs + c.cpuSystemMs)) / Math.max(1, spanMs)).toFixed(0)}% of a core), ` +
      `${fmtLoop(c.loop)}, rss ${c.rssMb.toFixed(0)} MB (heap ${c.heapUsedMb.toFixed(0)} of ${c.heapTotalMb.toFixed(0)}, external ${c.externalMb.toFixed(0)})`
    : "n/a";

/** A Prometheus histogram as scraped: cumulative counts per upper bound (seconds), ascending. */
export interface Histogram {
  count: number;
  sumSeconds: number;
  buckets: { le: number; count: number }[];
}

/** The server's /metrics text, line by line; null when it does not answer. */
async function metricsLines(url: string): Promise<string[] | null> {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) });
  return res.ok ? (await res.text()).split("\n") : null;
}

/** Scrape one histogram (one label value, or one without labels) from the server's /metrics; null if it is not there. */
export async function scrapeHistogram(
  url: string,
  name: string,
  label?: { key: string; value: string },
): Promise<Histogram | null> {
  const lines = await metricsLines(url);
  if (!lines) return null;
  const h: Histogram = { count: 0, sumSeconds: 0, buckets: [] };
  const want = label ? `${label.key}="${label.value}"` : "";
  for (const line of lines) {
    if (!line.startsWith(name) || !line.includes(want)) continue;
    const value = Number(line.slice(line.lastIndexOf(" ") + 1));
    if (line.startsWith(`${name}_bucket`)) {
      const le = /le="([^"]+)"/.exec(line)?.[1];
      if (le) h.buckets.push({ le: le === "+Inf" ? Number.POSITIVE_INFINITY : Number(le), count: value });
    } else if (line.startsWith(`${name}_count`)) h.count = value;
    else if (line.startsWith(`${name}_sum`)) h.sumSeconds = value;
  }
  h.buckets.sort((a, b) => a.le - b.le);
  return h.count ? h : null;
}

/** One gauge's series from the server's /metrics, by the value of `labelKey` (empty when unlabelled). */
export async function scrapeGauge(url: string, name: string, labelKey: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const label = new RegExp(`${labelKey}="([^"]*)"`);
  for (const line of (await metricsLines(url)) ?? []) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    out.set(label.exec(line)?.[1] ?? "", Number(line.slice(line.lastIndexOf(" ") + 1)));
  }
  return out;
}

/** The bucket bound a percentile falls under, as "≤ X ms" (bucket resolution only). */
export function fmtBucketPct(h: Histogram | null, p: number): string {
  if (!h) return "n/a";
  const want = (p / 100) * h.count;
  const b = h.buckets.find((x) => x.count >= want);
  if (!b) return "n/a";
  if (!Number.isFinite(b.le)) {
    const last = h.buckets.filter((x) => Number.isFinite(x.le)).pop();
    return last ? `> ${fmtMs(last.le * 1000)}` : "n/a";
  }
  return `≤ ${fmtMs(b.le * 1000)}`;
}
