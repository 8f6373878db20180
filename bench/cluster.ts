/**
 * What scale-out mode costs per input: the same Card Table bot load on one node in memory,
 * one node on Redis + PostgreSQL, and two and three nodes on Redis behind HAProxy, each
 * followed by a bare Socket.IO echo with as many sockets sending at the same rate.
 *
 *   npm run bench:cluster -- [--rooms 40] [--players 6] [--sec 15] [--warmup-sec 3] [--idle-sec 2]
 *                            [--stagger-sec 3] [--echo-sec 6] [--redis-nodes 1,2,3] [--timeout-sec 420]
 *
 * Every setup gets fresh nodes, and the Redis ones a PostgreSQL database and a Redis key
 * prefix of their own (dropped afterwards), on the servers of DATABASE_URL and REDIS_URL
 * (default: the local ones). The bots play games longer than the run; once every bot has
 * its seat and `--warmup-sec` has passed, a window of `--sec` seconds is measured: acks of
 * the inputs sent in it (input → broadcast: the gateway acks after the host has published),
 * and the CPU of every process serving them, read from /proc/<pid>/stat: each node,
 * HAProxy, Redis (the whole server: it is shared with whatever else uses it) and the
 * PostgreSQL backends connected to the setup's database. Exits non-zero only when
 * something broke.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import pg from "pg";
import { HEALTH_PATH, haproxyConfig } from "../src/cli/haproxy-config";
import { type CahRecorder, CahRoomRun, createCahRoom } from "./cah-bench-bot";
import { BenchChild } from "./children";
import { type EchoResult, EchoRun } from "./echo";
import { BenchRun, numArg, sleep } from "./harness";
import { cpuSpent, pidsNamed, readCpu, readCpuMs } from "./proc-cpu";
import { Counter, fmtMs, fmtRatio, grid, Samples } from "./stats";

const HAPROXY = "/usr/sbin/haproxy";

const { values: args } = parseArgs({
  options: {
    rooms: { type: "string", default: "40" },
    players: { type: "string", default: "6" },
    sec: { type: "string", default: "15" },
    "warmup-sec": { type: "string", default: "3" },
    "idle-sec": { type: "string", default: "2" },
    "stagger-sec": { type: "string", default: "3" },
    "echo-sec": { type: "string", default: "6" },
    "redis-nodes": { type: "string", default: "1,2,3" },
    "timeout-sec": { type: "string", default: "420" },
    bystander: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(
    "npm run bench:cluster -- [--rooms N=40] [--players 6] [--sec 15] [--warmup-sec 3] [--idle-sec 2]\n" +
      "                         [--stagger-sec 3] [--echo-sec 6] [--redis-nodes 1,2,3] [--timeout-sec 420]\n" +
      "  --sec: the measured window of each setup; --redis-nodes: node counts on Redis (1: no HAProxy)\n" +
      "  --bystander: one more node in each Redis setup that HAProxy does not send sockets to\n" +
      "  DATABASE_URL / REDIS_URL: the servers to use (default the local ones); BENCH_CPU_PROF=dir profiles the nodes",
  );
  process.exit(0);
}
const ROOMS = Math.round(numArg("rooms", args.rooms, 1, 1000));
const PLAYERS = Math.round(numArg("players", args.players, 3, 20));
const WINDOW_MS = numArg("sec", args.sec, 5, 600) * 1000;
const WARMUP_MS = numArg("warmup-sec", args["warmup-sec"], 0, 60) * 1000;
const IDLE_MS = numArg("idle-sec", args["idle-sec"], 0, 60) * 1000;
const STAGGER_MS = numArg("stagger-sec", args["stagger-sec"], 0, 60) * 1000;
const ECHO_MS = numArg("echo-sec", args["echo-sec"], 1, 120) * 1000;
const TIMEOUT_MS = numArg("timeout-sec", args["timeout-sec"], 60, 3600) * 1000;
const REDIS_NODES = (args["redis-nodes"] ?? "")
  .split(",")
  .filter(Boolean)
  .map((n) => Math.round(numArg("redis-nodes", n, 1, 8)));
const DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
/** Longer than any window: a game must not end while it is measured. */
const ROUNDS = 200;
/** Time for acks of inputs sent just before the window closed. */
const ACK_GRACE_MS = 2000;
const SOCKETS = ROOMS * PLAYERS;
const BYSTANDER = args.bystander === true;

const bench = new BenchRun(TIMEOUT_MS);
const fail = bench.fail;

// ---------------------------------------------------------------- setups and what each measured

interface Setup {
  label: string;
  nodes: number;
  redis: boolean;
  proxy: boolean;
}

const setups: Setup[] = [
  { label: "1 node, memory", nodes: 1, redis: false, proxy: false },
  ...REDIS_NODES.map((n) => ({
    label: n === 1 ? "1 node, Redis" : `${n} nodes, Redis+HAProxy`,
    nodes: n,
    redis: true,
    proxy: n > 1,
  })),
];

/** CPU (ms) over the window, per process group; null where the group was not part of the setup. */
interface WindowCpu {
  nodes: number[];
  /** A node of the cluster no socket reaches (--bystander): what being a member costs. */
  bystander: number | null;
  haproxy: number | null;
  redis: number | null;
  postgres: number | null;
  /** PostgreSQL's other processes (other databases, WAL writer…): shared, left out of the total. */
  postgresOther: number | null;
  bots: number;
}

interface SetupResult {
  setup: Setup;
  seated: number;
  /** Every ack: when its input was sent, and its latency. */
  timeline: { at: number; ms: number }[];
  acks: Samples;
  windowMs: number;
  cpu: WindowCpu | null;
  /** CPU (ms) of the same processes over `idleMs` before any room existed: health checks, timers' polling, heartbeats. */
  idleCpu: number;
  idleMs: number;
  /** Messages the Socket.IO adapter published in the window (sharded pub/sub: only nodes with a socket of the room hear each). */
  published: number | null;
  refusals: Counter;
  oddities: Counter;
  echo: { result: EchoResult; cpuMs: number | null } | null;
}

const results: SetupResult[] = [];

function recorder(r: SetupResult): CahRecorder {
  return {
    sent: () => {},
    acked: (_kind, ms) => r.timeline.push({ at: performance.now() - ms, ms }),
    seated: () => {
      r.seated++;
    },
    reflected: () => {},
    refused: (kind, code) => r.refusals.inc(`${kind}:${code}`),
    odd: (what) => r.oddities.inc(what),
    error: (what) => fail(`${r.setup.label}: ${what}`),
    received: () => {},
  };
}

// ---------------------------------------------------------------- PostgreSQL, Redis, HAProxy

async function onServer<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const databaseUrl = (name: string) => {
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Pids of the PostgreSQL backends connected to `db`. */
const backendsOf = (db: string) =>
  onServer(async (c) =>
    (await c.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [db])).rows.map(
      (r) => r.pid,
    ),
  );

async function dropDatabase(name: string): Promise<void> {
  await onServer(async (c) => {
    // The nodes have just closed their pools; their connections may still be going.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 30 ? " WITH (FORCE)" : ""}`);
        return;
      } catch (err) {
        if (attempt >= 30) throw err;
        await sleep(100);
      }
    }
  });
}

/** Delete every key under a prefix, with SCAN so the shared Redis is never blocked. */
async function dropPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}

/** How many SPUBLISH calls the Redis server has answered since it started (INFO commandstats), or null. */
async function spublishCalls(redis: Redis): Promise<number | null> {
  try {
    const m = /cmdstat_spublish:calls=(\d+)/.exec(await redis.info("commandstats"));
    return m ? Number(m[1]) : 0;
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Wait until HAProxy has answered from every node (health checks have them all up). */
async function waitForAllNodes(url: string, nodes: number, proxy: ChildProcess): Promise<void> {
  const seen = new Set<string>();
  const deadline = Date.now() + 30_000;
  while (seen.size < nodes) {
    if (proxy.exitCode !== null) throw new Error(`HAProxy exited (${proxy.exitCode})`);
    if (Date.now() > deadline) throw new Error(`HAProxy reached only ${seen.size} of ${nodes} nodes in 30 s`);
    const res = await fetch(`${url}${HEALTH_PATH}`).catch(() => null);
    const node = res?.ok ? res.headers.get("x-parlor-node") : null;
    if (node) seen.add(node);
    else await sleep(200);
  }
}

// ---------------------------------------------------------------- one setup

/** Start what a setup needs; returns the URL the bots use and how to stop it all (in reverse). */
async function startSetup(s: Setup, stops: (() => Promise<void>)[]) {
  const tag = randomBytes(4).toString("hex");
  let env: Record<string, string> = {};
  let db: string | null = null;
  let redis: Redis | null = null;
  const prefix = `parlor-bench:${tag}:`;
  if (s.redis) {
    db = `parlor_bench_${tag}`;
    const name = db;
    await onServer((c) => c.query(`CREATE DATABASE ${name}`));
    stops.push(() => dropDatabase(name));
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    redis = client;
    stops.push(async () => {
      await dropPrefix(client, prefix);
      client.disconnect();
    });
    env = {
      BENCH_NODE_REDIS_URL: REDIS_URL,
      BENCH_NODE_DATABASE_URL: databaseUrl(db),
      BENCH_NODE_REDIS_PREFIX: prefix,
    };
  }
  const started = await Promise.allSettled(
    Array.from({ length: s.nodes + (BYSTANDER && s.redis ? 1 : 0) }, (_, i) =>
      BenchChild.start(`node${i + 1}`, "./cluster-node.ts", { ...env, NODE_NAME: `node${i + 1}` }, 120_000),
    ),
  );
  const all = started.flatMap((x) => (x.status === "fulfilled" ? [x.value] : []));
  for (const n of all) bench.onDispose(() => void n.child.stop());
  stops.push(async () => {
    for (const n of all) if (!n.child.alive) fail(`${s.label}: ${n.child.name} died\n${n.child.output}`);
    await Promise.all(all.map((n) => n.child.stop()));
  });
  const failed = started.find((x) => x.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
  const nodes = all.slice(0, s.nodes);
  const bystander = all[s.nodes]?.child ?? null;

  let url = `http://127.0.0.1:${nodes[0]!.port}`;
  let proxy: ChildProcess | null = null;
  if (s.proxy) {
    const [port, statsPort] = [await freePort(), await freePort()];
    const dir = mkdtempSync(join(tmpdir(), "parlor-bench-haproxy-"));
    const file = join(dir, "haproxy.cfg");
    writeFileSync(
      file,
      haproxyConfig({
        bind: `127.0.0.1:${port}`,
        statsBind: `127.0.0.1:${statsPort}`,
        nodes: nodes.map((n, i) => ({ name: `node${i + 1}`, address: `127.0.0.1:${n.port}` })),
        comment: [`written by bench/cluster.ts for ${s.label}`],
      }),
    );
    const p = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
    proxy = p;
    let said = "";
    p.stderr?.on("data", (d: Buffer) => {
      said = (said + d.toString()).slice(-2000);
    });
    bench.onDispose(() => p.kill("SIGKILL"));
    stops.push(async () => {
      if (p.exitCode === null) {
        const gone = new Promise((done) => p.once("exit", done));
        p.kill("SIGTERM");
        await Promise.race([gone, sleep(5000)]);
      }
      rmSync(dir, { recursive: true, force: true });
    });
    url = `http://127.0.0.1:${port}`;
    await waitForAllNodes(url, s.nodes, p).catch((err) => {
      throw new Error(`${(err as Error).message}\n${said}`);
    });
  }
  return { url, nodes: nodes.map((n) => n.child), bystander, proxy, db, redis, prefix };
}

/** CPU of a setup's processes (and of this one, the bots) over the next `ms`. */
async function cpuOver(
  ms: number,
  s: Setup,
  nodes: BenchChild[],
  bystander: BenchChild | null,
  proxy: ChildProcess | null,
  db: string | null,
): Promise<WindowCpu> {
  const nodePids = nodes.map((n) => n.proc.pid!);
  const proxyPids = proxy?.pid ? [proxy.pid] : [];
  const bystanderPids = bystander?.proc.pid ? [bystander.proc.pid] : [];
  const redisPids = s.redis ? pidsNamed("redis-server") : [];
  const pgAll0 = s.redis ? pidsNamed("postgres") : [];
  const pgMine0 = db ? await backendsOf(db) : [];
  const bots0 = process.cpuUsage();
  const before = readCpu([...nodePids, ...bystanderPids, ...proxyPids, ...redisPids, ...pgAll0]);
  await sleep(ms);
  const pgAll1 = s.redis ? pidsNamed("postgres") : [];
  const after = readCpu([...nodePids, ...bystanderPids, ...proxyPids, ...redisPids, ...pgAll1]);
  const bots = process.cpuUsage(bots0);
  const pgMine = new Set([...pgMine0, ...(db ? await backendsOf(db) : [])]);
  const group = (pids: number[]) => {
    const b = new Map([...before].filter(([pid]) => pids.includes(pid)));
    const a = new Map([...after].filter(([pid]) => pids.includes(pid)));
    return cpuSpent(b, a).ms;
  };
  const pgPids = [...new Set([...pgAll0, ...pgAll1])];
  return {
    nodes: nodePids.map((pid) => group([pid])),
    bystander: bystander ? group(bystanderPids) : null,
    haproxy: proxy ? group(proxyPids) : null,
    redis: s.redis ? group(redisPids) : null,
    postgres: s.redis ? group(pgPids.filter((p) => pgMine.has(p))) : null,
    postgresOther: s.redis ? group(pgPids.filter((p) => !pgMine.has(p))) : null,
    bots: (bots.user + bots.system) / 1000,
  };
}

/** The bare echo with as many sockets at the same rate, its server's CPU read over the sending only. */
async function runEcho(r: SetupResult, ratePerSocket: number): Promise<void> {
  bench.phase = `${r.setup.label}: echo`;
  const pid = bench.echoServer!.proc.pid!;
  let from: number | null = null;
  let cpuMs: number | null = null;
  const run = new EchoRun({
    url: `http://127.0.0.1:${echoPort}`,
    sockets: SOCKETS,
    ratePerSocket,
    durationMs: ECHO_MS,
    staggerMs: 1000,
    deadline: bench.hardDeadline - 5000,
    onSending: (edge) => {
      const now = readCpuMs(pid);
      if (edge === "start") from = now;
      else if (from !== null && now !== null) cpuMs = now - from;
    },
  });
  bench.onDispose(() => run.dispose());
  const result = await run.run();
  for (const e of result.errors) fail(`${r.setup.label}: echo: ${e}`);
  if (!result.rtt.count) fail(`${r.setup.label}: echo: no round trips measured`);
  r.echo = { result, cpuMs };
}

async function runSetup(s: Setup): Promise<void> {
  const r: SetupResult = {
    setup: s,
    seated: 0,
    timeline: [],
    acks: new Samples(),
    windowMs: 0,
    cpu: null,
    idleCpu: 0,
    idleMs: 0,
    published: null,
    refusals: new Counter(),
    oddities: new Counter(),
    echo: null,
  };
  results.push(r);
  const stops: (() => Promise<void>)[] = [];
  const rooms: CahRoomRun[] = [];
  bench.onDispose(() => {
    for (const room of rooms) room.dispose();
  });
  let windowRate = 0;
  try {
    bench.phase = `${s.label}: starting`;
    say(`${s.label}: starting ${s.nodes + (BYSTANDER && s.redis ? 1 : 0)} node(s)`);
    const { url, nodes, bystander, proxy, db, redis, prefix } = await startSetup(s, stops);

    if (IDLE_MS) {
      bench.phase = `${s.label}: idle`;
      const t = performance.now();
      r.idleCpu = serverCpu((await cpuOver(IDLE_MS, s, nodes, bystander, proxy, db)) ?? null);
      r.idleMs = performance.now() - t;
    }

    bench.phase = `${s.label}: seating`;
    const rec = recorder(r);
    await Promise.all(
      Array.from({ length: ROOMS }, (_, i) =>
        sleep((i * STAGGER_MS) / ROOMS).then(async () => {
          try {
            // A client address of the room's own (see CahRoomRun): 10.0.x.y, one per room.
            const address = `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
            const room = new CahRoomRun(url, await createCahRoom(url, ROUNDS), PLAYERS, rec, address);
            rooms.push(room);
            void room.play();
          } catch (err) {
            fail(`${s.label}: room ${i}: ${String(err)}`);
          }
        }),
      ),
    );
    if (rooms.length < ROOMS) throw new Error(`only ${rooms.length} of ${ROOMS} rooms were created`);
    const seatedBy = performance.now() + 60_000;
    const errors = bench.errorCount;
    while (r.seated < SOCKETS && performance.now() < seatedBy && bench.errorCount === errors) await sleep(100);
    if (r.seated < SOCKETS) throw new Error(`only ${r.seated} of ${SOCKETS} bots got a seat`);
    await sleep(WARMUP_MS);

    bench.phase = `${s.label}: measuring`;
    say(`${s.label}: ${r.seated} bots seated, measuring ${WINDOW_MS / 1000} s`);
    const published0 = redis ? await spublishCalls(redis) : null;
    const t0 = performance.now();
    r.cpu = await cpuOver(WINDOW_MS, s, nodes, bystander, proxy, db);
    const t1 = performance.now();
    r.windowMs = t1 - t0;
    const published1 = redis ? await spublishCalls(redis) : null;
    r.published = published0 !== null && published1 !== null ? published1 - published0 : null;

    await sleep(ACK_GRACE_MS);
    for (const t of r.timeline) if (t.at >= t0 && t.at < t1) r.acks.add(t.ms);
    windowRate = r.acks.count / SOCKETS / (r.windowMs / 1000);
  } catch (err) {
    fail(`${s.label}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  } finally {
    bench.phase = `${s.label}: stopping`;
    for (const room of rooms) room.dispose();
    for (const stop of stops.reverse()) await stop().catch((err) => fail(`${s.label}: cleanup: ${String(err)}`));
  }
  // The echo after the nodes are gone, on an otherwise quiet machine, as the other benches do.
  if (windowRate > 0) await runEcho(r, windowRate);
}

let echoPort = 0;
const say = (what: string) => console.log(`  [${((performance.now() - bench.startedAt) / 1000).toFixed(0)} s] ${what}`);

async function main(): Promise<void> {
  const e = await BenchChild.start("echo server", "./echo-server.ts", {}, 60_000);
  bench.echoServer = e.child;
  echoPort = e.port;
  for (const s of setups) await runSetup(s);
}

// ---------------------------------------------------------------- the report

const perInput = (ms: number | null | undefined, r: SetupResult) =>
  ms === null || ms === undefined || !r.acks.count ? Number.NaN : ms / r.acks.count;
const fmtCpu = (ms: number) => (Number.isNaN(ms) ? "–" : `${ms.toFixed(2)} ms`);
const pair = (a: string, b: string) => `${a} / ${b}`;

/** Server-side CPU of a setup's window: nodes, HAProxy, Redis, its PostgreSQL backends. */
function serverCpu(c: WindowCpu | null): number {
  if (!c) return Number.NaN;
  return c.nodes.reduce((a, b) => a + b, 0) + (c.haproxy ?? 0) + (c.redis ?? 0) + (c.postgres ?? 0);
}

function report() {
  const done = results.filter((r) => r.acks.count > 0);
  if (!done.length) {
    console.log("\nNo setup measured any input.");
    return;
  }
  const base = done[0]!.setup.redis ? null : done[0]!;
  const rows: string[][] = [];
  const row = (label: string, f: (r: SetupResult) => string) => rows.push([label, ...done.map(f)]);
  const p = (r: SetupResult, q: number) => r.acks.pct(q);
  const e = (r: SetupResult, q: number) => r.echo?.result.rtt.pct(q) ?? Number.NaN;
  const echoCpu = (r: SetupResult) =>
    r.echo?.cpuMs != null && r.echo.result.rtt.count ? r.echo.cpuMs / r.echo.result.rtt.count : Number.NaN;

  row("inputs measured", (r) => `${r.acks.count} in ${(r.windowMs / 1000).toFixed(0)} s`);
  row("throughput", (r) => `${(r.acks.count / (r.windowMs / 1000)).toFixed(1)} inputs/s`);
  row("input → ack p50 / p99", (r) => pair(fmtMs(p(r, 50)), fmtMs(p(r, 99))));
  if (base) row("  × (a) p50 / p99", (r) => pair(fmtRatio(p(r, 50), p(base, 50)), fmtRatio(p(r, 99), p(base, 99))));
  row("echo round trip p50 / p99", (r) => pair(fmtMs(e(r, 50)), fmtMs(e(r, 99))));
  row("  × echo p50 / p99", (r) => pair(fmtRatio(p(r, 50), e(r, 50)), fmtRatio(p(r, 99), e(r, 99))));
  row("CPU per input: each node", (r) => r.cpu?.nodes.map((ms) => perInput(ms, r).toFixed(2)).join(" + ") ?? "–");
  row("  nodes together", (r) =>
    fmtCpu(
      perInput(
        r.cpu?.nodes.reduce((a, b) => a + b, 0),
        r,
      ),
    ),
  );
  row("  HAProxy", (r) => fmtCpu(perInput(r.cpu?.haproxy, r)));
  row("  Redis (whole server)", (r) => fmtCpu(perInput(r.cpu?.redis, r)));
  row("  PostgreSQL (its backends)", (r) => fmtCpu(perInput(r.cpu?.postgres, r)));
  row("  all of the above", (r) => fmtCpu(perInput(serverCpu(r.cpu), r)));
  if (base) row("    × (a)", (r) => fmtRatio(perInput(serverCpu(r.cpu), r), perInput(serverCpu(base.cpu), base)));
  row("    × echo server per round trip", (r) => fmtRatio(perInput(serverCpu(r.cpu), r), echoCpu(r)));
  row("  echo server per round trip", (r) => fmtCpu(echoCpu(r)));
  row("  bots (this process)", (r) => fmtCpu(perInput(r.cpu?.bots, r)));
  row("  PostgreSQL, other processes*", (r) => fmtCpu(perInput(r.cpu?.postgresOther, r)));
  if (BYSTANDER) row("  bystander node (no sockets)*", (r) => fmtCpu(perInput(r.cpu?.bystander, r)));
  row("server CPU, cores busy", (r) => (r.cpu ? (serverCpu(r.cpu) / r.windowMs).toFixed(2) : "–"));
  row("  idle, before any room", (r) => (r.idleMs ? (r.idleCpu / r.idleMs).toFixed(3) : "–"));
  row("  per input, idle taken off", (r) =>
    r.idleMs ? fmtCpu(perInput(serverCpu(r.cpu) - (r.idleCpu * r.windowMs) / r.idleMs, r)) : "–",
  );
  row("adapter messages published / input", (r) =>
    r.published === null ? "–" : (r.published / r.acks.count).toFixed(2),
  );
  row("refusals / oddities", (r) => `${r.refusals.total} / ${r.oddities.total}`);

  console.log();
  console.log(`Scale-out bench: Card Table, ${ROOMS} rooms × ${PLAYERS} bots (${SOCKETS} sockets) per setup`);
  console.log(grid(["", ...done.map((r) => r.setup.label)], rows));
  for (const r of done) {
    const odd = [r.refusals.total ? `refusals ${r.refusals}` : "", r.oddities.total ? `oddities ${r.oddities}` : ""]
      .filter(Boolean)
      .join("; ");
    if (odd) console.log(`${r.setup.label}: ${odd}`);
  }
  console.log(
    "Ack = the gateway's reply on the sender's socket, sent once the host has published the new views " +
      "(to the adapter, in the Redis setups). CPU is user + system from /proc over the measured window, per acked input. " +
      "Redis is the whole server's (shared with anything else using it). *PostgreSQL's other processes " +
      "(WAL writer, checkpointer, other databases' backends) are shared, and the bystander node (--bystander) " +
      "is a member no socket reaches: neither is in the sum. " +
      "The echo goes straight to its server (no HAProxy); its CPU is read from its first send to its last ack.",
  );
  const [l1, l5] = loadavg();
  console.log(
    `Machine: ${cpus().length} cores; load average at the end ${l1!.toFixed(2)} (1 min), ${l5!.toFixed(2)} (5 min).`,
  );
}

// ---------------------------------------------------------------- bounded, always cleans up

console.log(
  `Scale-out bench: ${setups.map((s) => s.label).join("; ")}. ${ROOMS} rooms × ${PLAYERS} bots each, ` +
    `window ${WINDOW_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up, echo ${ECHO_MS / 1000} s, ` +
    `hard timeout ${TIMEOUT_MS / 1000} s. Load average now ${loadavg()[0]!.toFixed(2)}.`,
);
bench.start(main, report);
