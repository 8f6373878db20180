/**
 * Card Table (Cards Against Humanity) under load, against a bare Socket.IO echo at the
 * same socket count.
 *
 *   npm run bench:cards -- [--rooms 200] [--players 6] [--rounds 5] [--stagger-sec 10]
 *                          [--echo-sec auto] [--timeout-sec 420]
 *
 * The Parlor server (real PGlite on disk, real durations) and a bare Socket.IO ack server
 * each run in their own child process; the bots run here. Phase 1 plays N rooms of
 * `players` bots through a whole game (`rounds` judged rounds), each bot pausing 0.5–3 s
 * before every action; phase 2 opens the same number of sockets to the echo server and
 * sends at the per-socket rate phase 1 measured.
 *
 * Input → broadcast is measured from a bot's send of an action to its `ack`: the gateway
 * acks only after the room host has published the new views, on the same socket, so the
 * ack arrives after the sender's own `state`. The time to that `state` (the first one that
 * shows the action) is reported beside it, and so is the server's own histogram of the
 * same path (from the room's turn to publishing), scraped from its /metrics. Exits
 * non-zero only when something broke. PGlite lives in a temp dir under os.tmpdir().
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { type CahRecorder, CahRoomRun, createCahRoom, THINK_MS } from "./cah-bench-bot";
import { type ChildStats, type LoopStats, readLoop } from "./children";
import {
  BenchRun,
  echoArg,
  fmtBucketPct,
  fmtChild,
  fmtLoop,
  fmtSec,
  type Histogram,
  numArg,
  scrapeHistogram,
  sleep,
} from "./harness";
import { Counter, fmtMs, fmtRatio, LabelledSamples, table } from "./stats";

const { values: args } = parseArgs({
  options: {
    rooms: { type: "string", default: "200" },
    players: { type: "string", default: "6" },
    rounds: { type: "string", default: "5" },
    "stagger-sec": { type: "string", default: "10" },
    "echo-sec": { type: "string", default: "auto" },
    "timeout-sec": { type: "string", default: "420" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(
    "npm run bench:cards -- [--rooms N=200] [--players 6] [--rounds 5] [--stagger-sec 10] [--echo-sec auto|S] [--timeout-sec 420]\n" +
      "  --echo-sec auto: long enough for about as many round trips as card actions, 15 to 60 s\n" +
      "  PGlite's data dir is made under os.tmpdir(): TMPDIR=/dev/shm puts it on tmpfs (no disk syncs)",
  );
  process.exit(0);
}
const ROOMS = Math.round(numArg("rooms", args.rooms, 1, 2000));
const PLAYERS = Math.round(numArg("players", args.players, 3, 20));
const ROUNDS = Math.round(numArg("rounds", args.rounds, 1, 50));
const STAGGER_MS = numArg("stagger-sec", args["stagger-sec"], 0, 120) * 1000;
const TIMEOUT_MS = numArg("timeout-sec", args["timeout-sec"], 30, 3600) * 1000;
const ECHO = echoArg(args["echo-sec"]);
const bench = new BenchRun(TIMEOUT_MS);
const fail = bench.fail;

// ---------------------------------------------------------------- what we measure

const acked = new LabelledSamples();
const reflected = new LabelledSamples();
const sentByKind = new Counter();
const refusals = new Counter();
const oddities = new Counter();
const traffic = { bytes: 0, packets: 0, stateBytes: 0, states: 0 };
const recorder: CahRecorder = {
  sent: (kind) => sentByKind.inc(kind),
  acked: (kind, ms) => acked.add(kind, ms),
  reflected: (kind, ms) => reflected.add(kind, ms),
  refused: (kind, code) => refusals.inc(`${kind}:${code}`),
  odd: (what) => oddities.inc(what),
  error: (what) => fail(what),
  received: (bytes, isState) => {
    traffic.bytes += bytes;
    traffic.packets++;
    if (isState) {
      traffic.stateBytes += bytes;
      traffic.states++;
    }
  },
};

const result = {
  roomsStarted: 0,
  completed: 0,
  roundsPlayed: 0,
  cardsMs: 0,
  activeMs: 0,
  ratePerSocket: 0,
  serverStats: null as ChildStats | null,
  /** The server's own input latency (its turn → published), from /metrics. */
  serverInputs: null as Histogram | null,
  botLoop: null as LoopStats | null,
};
const rooms: CahRoomRun[] = [];
bench.onDispose(() => {
  for (const r of rooms) r.dispose();
});

// ---------------------------------------------------------------- the run

async function runCards(url: string, deadline: number) {
  bench.phase = "cards";
  await bench.server!.stats();
  readLoop(bench.botLoop);
  const started = performance.now();
  const runs = Array.from({ length: ROOMS }, (_, i) =>
    sleep((i * STAGGER_MS) / ROOMS).then(async () => {
      if (Date.now() > deadline) return;
      let roomId: string;
      try {
        roomId = await createCahRoom(url, ROUNDS);
      } catch (err) {
        fail(`room ${i}: ${String(err)}`);
        return;
      }
      const room = new CahRoomRun(url, roomId, PLAYERS, recorder);
      rooms.push(room);
      result.roomsStarted++;
      await room.play();
      result.roundsPlayed += room.rounds;
      if (room.completed) result.completed++;
    }),
  );
  const all = Promise.all(runs).then(() => true);
  const inTime = await Promise.race([all, sleep(deadline - Date.now()).then(() => false)]);
  if (!inTime) {
    const open = rooms.filter((r) => r.finishedAt === 0).length;
    fail(
      `cards phase hit its time budget (--timeout-sec less the echo reserve): ` +
        `${open} games unfinished, ${ROOMS - rooms.length} never started`,
    );
    for (const r of rooms) r.dispose();
  }
  const ended = performance.now();
  result.cardsMs = ended - started;
  const firstStart = Math.min(...rooms.map((r) => r.startedAt));
  const lastEnd = Math.max(...rooms.map((r) => r.finishedAt || ended));
  result.activeMs = rooms.length ? lastEnd - firstStart : 0;
  const sockets = rooms.length * PLAYERS;
  result.ratePerSocket = sockets && result.activeMs ? sentByKind.total / sockets / (result.activeMs / 1000) : 0;
  result.serverStats = await bench.server!.stats();
  result.botLoop = readLoop(bench.botLoop);
  result.serverInputs = await scrapeHistogram(url, "parlor_input_latency_seconds", {
    key: "game",
    value: "card-table",
  }).catch(() => null);
}

async function main() {
  const { url, echoUrl } = await bench.startServers("cards server");
  // Leave room for the echo phase (and its ack wait) inside the hard timeout.
  await runCards(url, bench.hardDeadline - BenchRun.echoReserveMs(ECHO));
  if (!bench.server!.alive) fail(`cards server died during the run\n${bench.server!.output}`);
  await bench.runEcho(
    echoUrl,
    { sockets: ROOMS * PLAYERS, ratePerSocket: result.ratePerSocket, wantSamples: acked.all.count, echo: ECHO },
    STAGGER_MS,
  );
}

// ---------------------------------------------------------------- the report

function report() {
  const r = result;
  const sockets = r.roomsStarted * PLAYERS;
  const echo = bench.echo;
  const a50 = acked.all.pct(50);
  const a99 = acked.all.pct(99);
  const e50 = echo?.result.rtt.pct(50) ?? Number.NaN;
  const e99 = echo?.result.rtt.pct(99) ?? Number.NaN;
  const echoMs = echo?.result.durationMs ?? 0;
  console.log();
  console.log("Card Table (CAH) bench: input → broadcast vs bare Socket.IO ack echo");
  console.log(
    table([
      ["rooms (started / asked)", `${r.roomsStarted} / ${ROOMS}, ${PLAYERS} bots each`],
      ["sockets", `${sockets} cards, ${echo?.sockets ?? 0} echo`],
      ["games completed", `${r.completed} / ${r.roomsStarted} (${r.roundsPlayed} rounds)`],
      ["inputs measured (sent)", `${acked.all.count} (${sentByKind.total})`],
      ["input → broadcast (ack) p50 / p99", `${fmtMs(a50)} / ${fmtMs(a99)}`],
      ["input → own state p50 / p99", `${fmtMs(reflected.all.pct(50))} / ${fmtMs(reflected.all.pct(99))}`],
      [
        "echo round trip p50 / p99",
        echo ? `${fmtMs(e50)} / ${fmtMs(e99)}  (${echo.result.rtt.count} acks, ${echo.result.lost} lost)` : "not run",
      ],
      ["ratio p50 (cards / echo)", fmtRatio(a50, e50)],
      ["ratio p99 (cards / echo)", fmtRatio(a99, e99)],
      ["refusals", `${refusals.total}`],
      [
        "duration",
        `${fmtSec(performance.now() - bench.startedAt)} total (cards ${fmtSec(r.cardsMs)}, echo ${fmtSec(echoMs)})`,
      ],
    ]),
  );
  console.log();
  console.log("Details");
  const rows: [string, string][] = [];
  const line = (v: { count: number; pct(p: number): number; max(): number }) =>
    `n=${v.count}  p50 ${fmtMs(v.pct(50))}  p99 ${fmtMs(v.pct(99))}  max ${fmtMs(v.max())}`;
  for (const [k, v] of acked.byLabel) rows.push([`  ${k} → ack`, line(v)]);
  for (const [k, v] of reflected.byLabel) rows.push([`  ${k} → own state`, line(v)]);
  const h = r.serverInputs;
  rows.push([
    "  server: turn → published",
    h
      ? `n=${h.count}  p50 ${fmtBucketPct(h, 50)}  p99 ${fmtBucketPct(h, 99)}  mean ${fmtMs((1000 * h.sumSeconds) / h.count)} ` +
        "(its /metrics: accepted actions, from the room's turn)"
      : "n/a",
  ]);
  rows.push(["  inputs sent", sentByKind.toString()]);
  rows.push([
    "  send rate per socket",
    `${r.ratePerSocket.toFixed(3)}/s (echo used ${(echo?.rate ?? 0).toFixed(3)}/s)`,
  ]);
  rows.push([
    "  received by the bots",
    traffic.packets
      ? `${(traffic.bytes / 2 ** 20).toFixed(1)} MB in ${traffic.packets} messages ` +
        `(states: ${traffic.states}, mean ${(traffic.stateBytes / Math.max(1, traffic.states) / 1024).toFixed(1)} KB; ` +
        `${(traffic.bytes / Math.max(1, sockets) / Math.max(1, r.activeMs / 1000) / 1024).toFixed(1)} KB/s per socket)`
      : "n/a",
  ]);
  rows.push(["  refusals", refusals.toString()]);
  rows.push(["  oddities", oddities.toString()]);
  rows.push(["  cards server (cards phase)", fmtChild(r.serverStats, r.cardsMs)]);
  rows.push(["  echo server (echo phase)", fmtChild(echo?.server ?? null, echoMs)]);
  rows.push(["  bots process (cards / echo)", `${fmtLoop(r.botLoop)} / ${fmtLoop(echo?.botLoop ?? null)}`]);
  console.log(table(rows));
  console.log(
    `Each bot thinks ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s before every action. Ack = the gateway's reply, ` +
      `sent after the host published the new views; own state = the first view for the sender that shows the action.`,
  );
}

// ---------------------------------------------------------------- bounded, always cleans up

console.log(
  `Cards bench: ${ROOMS} rooms × ${PLAYERS} bots (${ROOMS * PLAYERS} sockets), ${ROUNDS} rounds each, ` +
    `starts staggered over ${STAGGER_MS / 1000} s, hard timeout ${TIMEOUT_MS / 1000} s. Starting servers…`,
);
bench.start(main, report);
