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
import { parseArgs } from "node:util";
import { BenchRun, echoArg, fmtBucketPct, type Histogram, numArg, scrapeGauge, scrapeHistogram } from "./harness";
import { closingRows, durationRow, echoRows, type Row, sentRows } from "./report-rows";
import { emptyRoomPhaseResult, type RoomPhase, runRoomPhase } from "./room-runs";
import { fmtMs, fmtSamples, table } from "./stats";
import { createTriviaRoom, MISSED_MS, RoomRun, TriviaTally } from "./trivia-bot";

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

const recorder = new TriviaTally(fail);
const { inputs, lateBy: lateness, sentByKind, refusals, oddities } = recorder;

const result = { rooms: ROOMS, ...emptyRoomPhaseResult() };
/**
 * The server's own timer lateness (fired − due, its /metrics): the bots' figure adds their
 * own event loop's lag, which at thousands of sockets in one process is the larger part.
 */
let serverLateness: Histogram | null = null;
/** Embedded PGlite's memory at the end of the trivia phase (outside the server's heap figures). */
let pglite = new Map<string, number>();

// ---------------------------------------------------------------- the run

/** N Trivia Duel rooms, 2 bots (2 sockets) each, one match per room. */
const triviaRooms = (url: string): RoomPhase<RoomRun> => ({
  name: "trivia",
  plays: "matches",
  rooms: ROOMS,
  staggerMs: STAGGER_MS,
  sockets: () => 2,
  create: () => createTriviaRoom(url),
  open: (code) => new RoomRun(url, code, recorder),
  sent: () => sentByKind.total,
});

const main = () =>
  bench.runGameThenEcho(
    "trivia",
    { echo: ECHO, staggerMs: STAGGER_MS },
    async (url, deadline) => {
      await runRoomPhase(bench, result, triviaRooms(url), deadline);
      serverLateness = await scrapeHistogram(url, "parlor_tick_lateness_seconds").catch(() => null);
      pglite = await scrapeGauge(url, "parlor_pglite_memory_bytes", "part").catch(() => new Map());
    },
    () => ({
      sockets: ROOMS * 2,
      ratePerSocket: result.ratePerSocket,
      wantSamples: inputs.all.count,
      inboundPerSocket: result.inboundPerSocket,
      inboundBytes: result.inboundBytes,
    }),
  );

// ---------------------------------------------------------------- the report

function report() {
  const r = result;
  const sockets = r.roomsStarted * 2;
  const echo = bench.echo;
  const i50 = inputs.all.pct(50);
  const i99 = inputs.all.pct(99);
  const missed = lateness.all.countAbove(MISSED_MS);
  console.log();
  console.log("Trivia Duel bench: input → broadcast vs bare Socket.IO ack echo");
  console.log(
    table([
      ["rooms (started / asked)", `${r.roomsStarted} / ${r.rooms}`],
      ["sockets", `${sockets} trivia, ${echo?.sockets ?? 0} echo`],
      ["matches completed", `${r.completed} / ${r.roomsStarted}`],
      ["inputs measured (sent)", `${inputs.all.count} (${sentByKind.total})`],
      ["input → broadcast p50 / p99", `${fmtMs(i50)} / ${fmtMs(i99)}`],
      ...echoRows("trivia", i50, i99, echo, bench.echoLoaded, r),
      ["tick lateness p99 (max)", `${fmtMs(lateness.all.pct(99))} (${fmtMs(lateness.all.max())})`],
      [`missed deadlines (> ${MISSED_MS} ms late)`, `${missed} of ${lateness.all.count} arrivals`],
      [
        "server: timer fired − due p50 / p99, > 250 ms",
        serverLateness
          ? `${fmtBucketPct(serverLateness, 50)} / ${fmtBucketPct(serverLateness, 99)}, ` +
            `${serverLateness.count - (serverLateness.buckets.find((b) => b.le >= 0.25)?.count ?? serverLateness.count)} of ${serverLateness.count} ` +
            "(its /metrics, bucket bounds)"
          : "n/a",
      ],
      [
        "server: embedded PGlite's memory",
        pglite.size
          ? [...pglite].map(([part, bytes]) => `${part} ${(bytes / 2 ** 20).toFixed(0)} MB`).join(", ")
          : "n/a (PostgreSQL)",
      ],
      durationRow(bench, "trivia", r),
    ]),
  );
  console.log();
  console.log("Details");
  const rows: Row[] = [];
  for (const [k, v] of inputs.byLabel) rows.push([`  ${k} → broadcast`, fmtSamples(v)]);
  for (const [k, v] of lateness.byLabel)
    rows.push([`  lateness ${k}`, `${fmtSamples(v)}  missed ${v.countAbove(MISSED_MS)}`]);
  rows.push(
    ...sentRows(sentByKind, r, echo),
    ...closingRows("trivia", { refusals, oddities }, r, echo, bench.echoLoaded),
  );
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
