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
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { type ChildStats, type LoopStats, readLoop } from "./children";
import { BenchRun, echoArg, fmtChild, fmtLoop, fmtSec, numArg, sleep } from "./harness";
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
const ROOMS = Math.round(numArg("rooms", args.rooms, 1, 5000));
const STAGGER_MS = numArg("stagger-sec", args["stagger-sec"], 0, 60) * 1000;
const TIMEOUT_MS = numArg("timeout-sec", args["timeout-sec"], 30, 3600) * 1000;
const ECHO = echoArg(args["echo-sec"]);
const bench = new BenchRun(TIMEOUT_MS);
const fail = bench.fail;

// ---------------------------------------------------------------- what we measure

const inputs = new LabelledSamples();
const lateness = new LabelledSamples();
const sentByKind = new Counter();
const refusals = new Counter();
const oddities = new Counter();
const recorder: TriviaRecorder = {
  sent: (kind) => sentByKind.inc(kind),
  input: (kind, ms) => inputs.add(kind, ms),
  lateness: (kind, ms) => lateness.add(kind, ms),
  refused: (kind, code, benign) => refusals.inc(`${kind}:${code}${benign ? "" : " (unexpected)"}`),
  odd: (what) => oddities.inc(what),
  error: (what) => fail(what),
};

const result = {
  rooms: ROOMS,
  roomsStarted: 0,
  completed: 0,
  triviaMs: 0,
  activeMs: 0,
  ratePerSocket: 0,
  serverStats: null as ChildStats | null,
  botLoop: null as LoopStats | null,
};
const rooms: RoomRun[] = [];
bench.onDispose(() => {
  for (const r of rooms) r.dispose();
});

// ---------------------------------------------------------------- the run

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
  bench.phase = "trivia";
  await bench.server!.stats();
  readLoop(bench.botLoop);
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
  result.serverStats = await bench.server!.stats();
  result.botLoop = readLoop(bench.botLoop);
}

async function main() {
  const { url, echoUrl } = await bench.startServers("trivia server");
  // Leave room for the echo phase (and its ack wait) inside the hard timeout.
  await runTrivia(url, bench.hardDeadline - BenchRun.echoReserveMs(ECHO));
  if (!bench.server!.alive) fail(`trivia server died during the run\n${bench.server!.output}`);
  // The same mean send rate per socket as the bots had; long enough (within bounds) to
  // collect about as many round trips as the trivia phase measured inputs.
  await bench.runEcho(
    echoUrl,
    { sockets: ROOMS * 2, ratePerSocket: result.ratePerSocket, wantSamples: inputs.all.count, echo: ECHO },
    STAGGER_MS,
  );
}

// ---------------------------------------------------------------- the report

function report() {
  const r = result;
  const sockets = r.roomsStarted * 2;
  const echo = bench.echo;
  const i50 = inputs.all.pct(50);
  const i99 = inputs.all.pct(99);
  const e50 = echo?.result.rtt.pct(50) ?? Number.NaN;
  const e99 = echo?.result.rtt.pct(99) ?? Number.NaN;
  const missed = lateness.all.countAbove(MISSED_MS);
  const echoMs = echo?.result.durationMs ?? 0;
  console.log();
  console.log("Trivia Duel bench: input → broadcast vs bare Socket.IO ack echo");
  console.log(
    table([
      ["rooms (started / asked)", `${r.roomsStarted} / ${r.rooms}`],
      ["sockets", `${sockets} trivia, ${echo?.sockets ?? 0} echo`],
      ["matches completed", `${r.completed} / ${r.roomsStarted}`],
      ["inputs measured (sent)", `${inputs.all.count} (${sentByKind.total})`],
      ["input → broadcast p50 / p99", `${fmtMs(i50)} / ${fmtMs(i99)}`],
      [
        "echo round trip p50 / p99",
        echo ? `${fmtMs(e50)} / ${fmtMs(e99)}  (${echo.result.rtt.count} acks, ${echo.result.lost} lost)` : "not run",
      ],
      ["ratio p50 (trivia / echo)", fmtRatio(i50, e50)],
      ["ratio p99 (trivia / echo)", fmtRatio(i99, e99)],
      ["tick lateness p99 (max)", `${fmtMs(lateness.all.pct(99))} (${fmtMs(lateness.all.max())})`],
      [`missed deadlines (> ${MISSED_MS} ms late)`, `${missed} of ${lateness.all.count} arrivals`],
      [
        "duration",
        `${fmtSec(performance.now() - bench.startedAt)} total (trivia ${fmtSec(r.triviaMs)}, echo ${fmtSec(echoMs)})`,
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
  rows.push([
    "  send rate per socket",
    `${r.ratePerSocket.toFixed(3)}/s (echo used ${(echo?.rate ?? 0).toFixed(3)}/s)`,
  ]);
  rows.push(["  refusals", refusals.toString()]);
  rows.push(["  oddities", oddities.toString()]);
  rows.push(["  trivia server (trivia phase)", fmtChild(r.serverStats, r.triviaMs)]);
  rows.push(["  echo server (echo phase)", fmtChild(echo?.server ?? null, echoMs)]);
  rows.push(["  bots process (trivia / echo)", `${fmtLoop(r.botLoop)} / ${fmtLoop(echo?.botLoop ?? null)}`]);
  console.log(table(rows));
  console.log(
    `Lateness = arrival at a bot − the deadline the server announced (PHASE_CATEGORY.endsAt → PHASE_BETTING, ` +
      `CLUE_COMPLETE/CLUE_RESUMED.deadline → PHASE_RESOLUTION when nobody buzzed, PHASE_RESOLUTION.nextPhaseAt → ` +
      `next PHASE_CATEGORY/PHASE_COMPLETE), one sample per socket. Missed = more than ${MISSED_MS} ms late.`,
  );
}

// ---------------------------------------------------------------- bounded, always cleans up

console.log(
  `Trivia bench: ${ROOMS} rooms (${ROOMS * 2} sockets), starts staggered over ${STAGGER_MS / 1000} s, ` +
    `hard timeout ${TIMEOUT_MS / 1000} s. Starting servers…`,
);
bench.start(main, report);
