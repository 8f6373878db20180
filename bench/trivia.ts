/**
 * Trivia Duel under load, against a bare Socket.IO echo at the same socket count.
 *
 *   npm run bench:trivia -- [--rooms 500] [--stagger-sec 5] [--echo-sec auto] [--timeout-sec 360]
 *
 * The Parlor server (real PGlite on disk, real durations) and a bare Socket.IO ack server
 * each run in their own child process; the bots run here. Phase 1 plays N rooms (2 bots,
 * 2 sockets each) through a full 3-question match; phase 2 opens the same number of
 * sockets to the echo server and sends at the per-socket rate phase 1 measured.
 * Exits non-zero only when something broke (not when a number misses a target).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { BenchChild, type ChildStats, type LoopStats, loopMonitor, readLoop } from "./children";
import { type EchoResult, EchoRun } from "./echo";
import { Counter, fmtMs, fmtRatio, LabelledSamples, table } from "./stats";
import { RoomRun, type TriviaRecorder } from "./trivia-bot";

const MISSED_MS = 250;

const { values: args } = parseArgs({
  options: {
    rooms: { type: "string", default: "500" },
    "stagger-sec": { type: "string", default: "5" },
    "echo-sec": { type: "string", default: "auto" },
    "timeout-sec": { type: "string", default: "360" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(
    "npm run bench:trivia -- [--rooms N=500] [--stagger-sec 5] [--echo-sec auto|S] [--timeout-sec 360]\n" +
      "  --echo-sec auto: long enough for about as many round trips as trivia inputs, 15 to 60 s",
  );
  process.exit(0);
}
const num = (name: string, v: string | undefined, min: number, max: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number in [${min}, ${max}]`);
    process.exit(2);
  }
  return n;
};
const ROOMS = Math.round(num("rooms", args.rooms, 1, 5000));
const STAGGER_MS = num("stagger-sec", args["stagger-sec"], 0, 60) * 1000;
const TIMEOUT_MS = num("timeout-sec", args["timeout-sec"], 30, 3600) * 1000;
const ECHO_AUTO = args["echo-sec"] === "auto";
const ECHO_MAX_AUTO_MS = 60_000;
const ECHO_MS = ECHO_AUTO ? ECHO_MAX_AUTO_MS : num("echo-sec", args["echo-sec"], 1, 600) * 1000;

// ---------------------------------------------------------------- what we measure

const inputs = new LabelledSamples();
const lateness = new LabelledSamples();
const sentByKind = new Counter();
const refusals = new Counter();
const oddities = new Counter();
const errors: string[] = [];
let errorCount = 0;
const recorder: TriviaRecorder = {
  sent: (kind) => sentByKind.inc(kind),
  input: (kind, ms) => inputs.add(kind, ms),
  lateness: (kind, ms) => lateness.add(kind, ms),
  refused: (kind, code, benign) => refusals.inc(`${kind}:${code}${benign ? "" : " (unexpected)"}`),
  odd: (what) => oddities.inc(what),
  error: (what) => fail(what),
};
function fail(what: string) {
  errorCount++;
  if (errors.length < 20) errors.push(what);
}

const result = {
  rooms: ROOMS,
  roomsStarted: 0,
  completed: 0,
  triviaMs: 0,
  activeMs: 0,
  ratePerSocket: 0,
  echoRate: 0,
  echo: null as EchoResult | null,
  echoSockets: 0,
  serverStats: null as ChildStats | null,
  echoStats: null as ChildStats | null,
  botLoop: { trivia: null as LoopStats | null, echo: null as LoopStats | null },
  phase: "starting" as string,
};
const runStart = performance.now();
const botLoop = loopMonitor();

// ---------------------------------------------------------------- resources to release

let dataDir: string | null = null;
let server: BenchChild | null = null;
let echoServer: BenchChild | null = null;
const rooms: RoomRun[] = [];
let echoRun: EchoRun | null = null;
const hardDeadline = Date.now() + TIMEOUT_MS;

async function cleanup() {
  for (const r of rooms) r.dispose();
  echoRun?.dispose();
  await Promise.all([server?.stop(), echoServer?.stop()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}

// ---------------------------------------------------------------- the run

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function createRoom(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/trivia/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (res.status !== 201) throw new Error(`POST /api/v1/trivia/rooms: HTTP ${res.status}`);
  return ((await res.json()) as { roomId: string }).roomId;
}

async function runTrivia(url: string, deadline: number) {
  result.phase = "trivia";
  await server!.stats();
  botLoop.reset();
  const started = performance.now();
  const runs = Array.from({ length: ROOMS }, (_, i) =>
    sleep((i * STAGGER_MS) / ROOMS).then(async () => {
      if (Date.now() > deadline) return;
      let code: string;
      try {
        code = await createRoom(url);
      } catch (err) {
        fail(`room ${i}: ${String(err)}`);
        return;
      }
      const room = new RoomRun(url, code, recorder);
      rooms.push(room);
      result.roomsStarted++;
      await room.play();
      if (room.completed) result.completed++;
    }),
  );
  const all = Promise.all(runs).then(() => true);
  const inTime = await Promise.race([all, sleep(deadline - Date.now()).then(() => false)]);
  if (!inTime) {
    const open = rooms.filter((r) => r.finishedAt === 0).length;
    fail(
      `trivia phase hit its time budget (--timeout-sec less the echo reserve): ` +
        `${open} matches unfinished, ${ROOMS - rooms.length} never started`,
    );
    for (const r of rooms) r.dispose();
  }
  const ended = performance.now();
  result.triviaMs = ended - started;
  const firstStart = Math.min(...rooms.map((r) => r.startedAt));
  const lastEnd = Math.max(...rooms.map((r) => r.finishedAt || ended));
  result.activeMs = rooms.length ? lastEnd - firstStart : 0;
  const sockets = rooms.length * 2;
  result.ratePerSocket = sockets && result.activeMs ? sentByKind.total / sockets / (result.activeMs / 1000) : 0;
  result.serverStats = await server!.stats();
  result.botLoop.trivia = readLoop(botLoop);
}

async function runEcho(url: string) {
  result.phase = "echo";
  await echoServer!.stats();
  botLoop.reset();
  result.echoSockets = ROOMS * 2;
  // The same mean send rate per socket as the bots had; long enough (within bounds) to
  // collect about as many round trips as the trivia phase measured inputs.
  result.echoRate = result.ratePerSocket > 0 ? result.ratePerSocket : 0.05;
  const wantMs = (1000 * Math.max(1, inputs.all.count)) / (result.echoRate * result.echoSockets);
  const durationMs = ECHO_AUTO ? Math.min(ECHO_MAX_AUTO_MS, Math.max(15_000, wantMs)) : ECHO_MS;
  echoRun = new EchoRun({
    url,
    sockets: result.echoSockets,
    ratePerSocket: result.echoRate,
    durationMs,
    staggerMs: STAGGER_MS,
    deadline: hardDeadline - 5000,
  });
  const r = await echoRun.run();
  result.echo = r;
  for (const e of r.errors) fail(e);
  if (r.rtt.count === 0) fail("echo: no round trips measured");
  result.echoStats = await echoServer!.stats();
  result.botLoop.echo = readLoop(botLoop);
}

async function main() {
  dataDir = await mkdtemp(join(tmpdir(), "parlor-bench-"));
  const [s, e] = await Promise.all([
    BenchChild.start("trivia server", "./server-entry.ts", { DATA_DIR: dataDir, TIME_SCALE: "1" }, 90_000),
    BenchChild.start("echo server", "./echo-server.ts", {}, 60_000),
  ]);
  server = s.child;
  echoServer = e.child;
  const triviaUrl = `http://127.0.0.1:${s.port}`;
  const echoUrl = `http://127.0.0.1:${e.port}`;
  // Leave room for the echo phase (and its ack wait) inside the hard timeout.
  const echoReserve = ECHO_MS + 25_000;
  await runTrivia(triviaUrl, hardDeadline - echoReserve);
  if (!server.alive) fail(`trivia server died during the run\n${server.output}`);
  await runEcho(echoUrl);
  if (!echoServer.alive) fail(`echo server died during the run\n${echoServer.output}`);
  result.phase = "done";
}

// ---------------------------------------------------------------- the report

function report() {
  const r = result;
  const sockets = r.roomsStarted * 2;
  const echo = r.echo;
  const i50 = inputs.all.pct(50);
  const i99 = inputs.all.pct(99);
  const e50 = echo?.rtt.pct(50) ?? Number.NaN;
  const e99 = echo?.rtt.pct(99) ?? Number.NaN;
  const missed = lateness.all.countAbove(MISSED_MS);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log();
  console.log("Trivia Duel bench: input → broadcast vs bare Socket.IO ack echo");
  console.log(
    table([
      ["rooms (started / asked)", `${r.roomsStarted} / ${r.rooms}`],
      ["sockets", `${sockets} trivia, ${echo ? r.echoSockets : 0} echo`],
      ["matches completed", `${r.completed} / ${r.roomsStarted}`],
      ["inputs measured (sent)", `${inputs.all.count} (${sentByKind.total})`],
      ["input → broadcast p50 / p99", `${fmtMs(i50)} / ${fmtMs(i99)}`],
      [
        "echo round trip p50 / p99",
        echo ? `${fmtMs(e50)} / ${fmtMs(e99)}  (${echo.rtt.count} acks, ${echo.lost} lost)` : "not run",
      ],
      ["ratio p50 (trivia / echo)", fmtRatio(i50, e50)],
      ["ratio p99 (trivia / echo)", fmtRatio(i99, e99)],
      ["tick lateness p99 (max)", `${fmtMs(lateness.all.pct(99))} (${fmtMs(lateness.all.max())})`],
      [`missed deadlines (> ${MISSED_MS} ms late)`, `${missed} of ${lateness.all.count} arrivals`],
      [
        "duration",
        `${s(performance.now() - runStart)} total (trivia ${s(r.triviaMs)}, echo ${s(echo?.durationMs ?? 0)})`,
      ],
    ]),
  );
  console.log();
  console.log("Details");
  const rows: [string, string][] = [];
  for (const [k, v] of inputs.byLabel)
    rows.push([
      `  ${k} → broadcast`,
      `n=${v.count}  p50 ${fmtMs(v.pct(50))}  p99 ${fmtMs(v.pct(99))}  max ${fmtMs(v.max())}`,
    ]);
  for (const [k, v] of lateness.byLabel)
    rows.push([
      `  lateness ${k}`,
      `n=${v.count}  p50 ${fmtMs(v.pct(50))}  p99 ${fmtMs(v.pct(99))}  max ${fmtMs(v.max())}  missed ${v.countAbove(MISSED_MS)}`,
    ]);
  rows.push(["  inputs sent", sentByKind.toString()]);
  rows.push(["  send rate per socket", `${r.ratePerSocket.toFixed(3)}/s (echo used ${r.echoRate.toFixed(3)}/s)`]);
  rows.push(["  refusals", refusals.toString()]);
  rows.push(["  oddities", oddities.toString()]);
  const loop = (l: LoopStats | null) =>
    l ? `loop lag p50 ${fmtMs(l.p50)} p99 ${fmtMs(l.p99)} max ${fmtMs(l.max)}` : "n/a";
  const child = (c: ChildStats | null, span: number) =>
    c
      ? `cpu ${((c.cpuUserMs + c.cpuSystemMs) / 1000).toFixed(1)} s (${((100 * (c.cpuUserMs + c.cpuSystemMs)) / Math.max(1, span)).toFixed(0)}% of a core), ` +
        `${loop(c.loop)}, rss ${c.rssMb.toFixed(0)} MB`
      : "n/a";
  rows.push(["  trivia server (trivia phase)", child(r.serverStats, r.triviaMs)]);
  rows.push(["  echo server (echo phase)", child(r.echoStats, echo?.durationMs ?? 0)]);
  rows.push(["  bots process (trivia / echo)", `${loop(r.botLoop.trivia)} / ${loop(r.botLoop.echo)}`]);
  console.log(table(rows));
  console.log(
    `Lateness = arrival at a bot − the deadline the server announced (PHASE_CATEGORY.endsAt → PHASE_BETTING, ` +
      `CLUE_COMPLETE/CLUE_RESUMED.deadline → PHASE_RESOLUTION when nobody buzzed, PHASE_RESOLUTION.nextPhaseAt → ` +
      `next PHASE_CATEGORY/PHASE_COMPLETE), one sample per socket. Missed = more than ${MISSED_MS} ms late.`,
  );
  if (errorCount) {
    console.log();
    console.log(`ERRORS (${errorCount}):`);
    for (const e of errors) console.log(`  - ${e}`);
  }
}

// ---------------------------------------------------------------- bounded, always cleans up

let finishing = false;
async function finish(code: number, why?: string) {
  if (finishing) return;
  finishing = true;
  if (why) fail(why);
  try {
    report();
  } catch (err) {
    console.error("report failed:", err);
  }
  await Promise.race([cleanup(), sleep(15_000)]);
  process.exit(errorCount || code ? Math.max(code, 1) : 0);
}

const hard = setTimeout(
  () => void finish(1, `hard timeout after ${TIMEOUT_MS / 1000} s (during ${result.phase})`),
  TIMEOUT_MS,
);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => void finish(130, `stopped by ${sig}`));

console.log(
  `Trivia bench: ${ROOMS} rooms (${ROOMS * 2} sockets), starts staggered over ${STAGGER_MS / 1000} s, ` +
    `hard timeout ${TIMEOUT_MS / 1000} s. Starting servers…`,
);
main().then(
  () => {
    clearTimeout(hard);
    return finish(0);
  },
  (err) => {
    clearTimeout(hard);
    return finish(1, err instanceof Error ? (err.stack ?? err.message) : String(err));
  },
);
