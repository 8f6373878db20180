/**
 * Card Table (Cards Against Humanity) under load, against a bare Socket.IO echo at the
 * same socket count.
 *
 *   npm run bench:cards -- [--rooms 200] [--players 6] [--rounds 5] [--stagger-sec 10]
 *                          [--echo-sec auto] [--timeout-sec 480] [--sync full|patch]
 *
 * `--sync patch`: the bots take the compact wire (docs/protocols/platform.md, "Compact
 * wire"); the report's "room bytes per seat per input" compares the two wires.
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
import { definitionCpuLine } from "./definition-cpu";
import type { TableTraffic } from "./echo";
import { BenchRun, compactArg, echoArg, fmtBucketPct, type Histogram, numArg, scrapeHistogram } from "./harness";
import { closingRows, durationRow, echoRows, type Row, sentRows } from "./report-rows";
import { emptyRoomPhaseResult, type RoomPhase, runRoomPhase } from "./room-runs";
import { roomClientAddress } from "./seat-bench-bot";
import { Counter, fmtMs, fmtRatio, fmtSamples, LabelledSamples, Samples, table } from "./stats";

const { values: args } = parseArgs({
  options: {
    rooms: { type: "string", default: "200" },
    players: { type: "string", default: "6" },
    rounds: { type: "string", default: "5" },
    "stagger-sec": { type: "string", default: "10" },
    "echo-sec": { type: "string", default: "auto" },
    "timeout-sec": { type: "string", default: "480" },
    sync: { type: "string", default: "full" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(
    "npm run bench:cards -- [--rooms N=200] [--players 6] [--rounds 5] [--stagger-sec 10] [--echo-sec auto|S] [--timeout-sec 480] [--sync full|patch]\n" +
      "  --echo-sec auto: long enough for about as many round trips as card actions, 15 to 60 s\n" +
      "  PGlite's data dir is made under os.tmpdir(): TMPDIR=/dev/shm puts it on tmpfs (no disk syncs)",
  );
  process.exit(0);
}
/** The bots' wire: today's views and events, or the compact wire's patch frames. */
const COMPACT = compactArg(args.sync);
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
/** Every ack as (when the action was sent, its latency), for the steady-state and per-window figures. */
const timeline: { at: number; ms: number }[] = [];
let seated = 0;
/** When the last bot of the run got its seat: after it, no room is still joining. */
let allSeatedAt = Number.POSITIVE_INFINITY;
const reflected = new LabelledSamples();
const sentByKind = new Counter();
const refusals = new Counter();
const oddities = new Counter();
const traffic = { bytes: 0, packets: 0, stateBytes: 0, states: 0, roomBytes: 0, roomPackets: 0 };
const recorder: CahRecorder = {
  sent: (kind) => sentByKind.inc(kind),
  acked: (kind, ms) => {
    acked.add(kind, ms);
    timeline.push({ at: performance.now() - ms, ms });
  },
  seated: () => {
    if (++seated === ROOMS * PLAYERS) allSeatedAt = performance.now();
  },
  reflected: (kind, ms) => reflected.add(kind, ms),
  refused: (kind, code) => refusals.inc(`${kind}:${code}`),
  odd: (what) => oddities.inc(what),
  error: (what) => fail(what),
  received: (bytes, kind) => {
    traffic.bytes += bytes;
    traffic.packets++;
    if (kind === "state") {
      traffic.stateBytes += bytes;
      traffic.states++;
    }
    if (kind !== "other") {
      traffic.roomBytes += bytes;
      traffic.roomPackets++;
    }
  },
};

const result = {
  ...emptyRoomPhaseResult(),
  roundsPlayed: 0,
  /** The server's own input latency (its turn → published), from /metrics. */
  serverInputs: null as Histogram | null,
};

// ---------------------------------------------------------------- the run

/** N Card Table rooms of PLAYERS bots (a socket each), one game of ROUNDS rounds per room. */
const cardsRooms = (url: string): RoomPhase<CahRoomRun> => ({
  name: "cards",
  plays: "games",
  rooms: ROOMS,
  staggerMs: STAGGER_MS,
  sockets: () => PLAYERS,
  create: () => createCahRoom(url, ROUNDS),
  open: (roomId) => new CahRoomRun(url, roomId, PLAYERS, recorder, roomClientAddress(), COMPACT),
  played: (room) => {
    result.roundsPlayed += room.rounds;
  },
  sent: () => sentByKind.total,
});

async function runCards(url: string, deadline: number) {
  await runRoomPhase(bench, result, cardsRooms(url), deadline);
  result.serverInputs = await scrapeHistogram(url, "parlor_input_latency_seconds", {
    key: "game",
    value: "card-table",
  }).catch(() => null);
}

/**
 * What one measured input made the server send, per seat, as the bots received it: views
 * (`state`) and the rest (events, acks, pings). Timer ticks' traffic is in it too, so it
 * slightly overstates what an input alone causes.
 */
function tableTraffic(): TableTraffic | undefined {
  const inputs = acked.all.count;
  const others = traffic.packets - traffic.states;
  if (!inputs || !traffic.states || !others) return undefined;
  return {
    size: PLAYERS,
    states: traffic.states / inputs / PLAYERS,
    stateBytes: traffic.stateBytes / traffic.states,
    events: (others - inputs) / inputs / PLAYERS,
    eventBytes: (traffic.bytes - traffic.stateBytes) / others,
  };
}

const main = () =>
  bench.runGameThenEcho("cards", { echo: ECHO, staggerMs: STAGGER_MS, echoPhases: 3 }, runCards, () => ({
    sockets: ROOMS * PLAYERS,
    ratePerSocket: result.ratePerSocket,
    wantSamples: acked.all.count,
    inboundPerSocket: result.inboundPerSocket,
    inboundBytes: result.inboundBytes,
    table: tableTraffic(),
  }));

// ---------------------------------------------------------------- the report

function report() {
  const r = result;
  const sockets = r.roomsStarted * PLAYERS;
  const echo = bench.echo;
  const a50 = acked.all.pct(50);
  const a99 = acked.all.pct(99);
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
      ...echoRows("cards", a50, a99, echo, bench.echoLoaded, r, bench.echoTable),
      ...steadyRows(echo?.result.rtt.pct(99) ?? Number.NaN),
      ["refusals", `${refusals.total}`],
      durationRow(bench, "cards", r),
    ]),
  );
  console.log();
  console.log("Details");
  const rows: Row[] = [];
  for (const [k, v] of acked.byLabel) rows.push([`  ${k} → ack`, fmtSamples(v)]);
  for (const [k, v] of reflected.byLabel) rows.push([`  ${k} → own state`, fmtSamples(v)]);
  const h = r.serverInputs;
  rows.push([
    "  server: turn → published",
    h
      ? `n=${h.count}  p50 ${fmtBucketPct(h, 50)}  p99 ${fmtBucketPct(h, 99)}  mean ${fmtMs((1000 * h.sumSeconds) / h.count)} ` +
        "(its /metrics: accepted actions, from the room's turn)"
      : "n/a",
  ]);
  rows.push(["  ack p50 / p99 by 10 s window", windows()]);
  rows.push(...sentRows(sentByKind, r, echo));
  rows.push([
    "  received by the bots",
    traffic.packets
      ? `${(traffic.bytes / 2 ** 20).toFixed(1)} MB in ${traffic.packets} messages ` +
        `(states: ${traffic.states}, mean ${(traffic.stateBytes / Math.max(1, traffic.states) / 1024).toFixed(1)} KB; ` +
        `${(traffic.bytes / Math.max(1, sockets) / Math.max(1, r.activeMs / 1000) / 1024).toFixed(1)} KB/s per socket)`
      : "n/a",
  ]);
  rows.push([
    "  room bytes per seat per input",
    acked.all.count
      ? `${Math.round(traffic.roomBytes / acked.all.count / PLAYERS)} B on the ${COMPACT ? "compact wire (patch frames)" : "full wire (states and events)"}, ` +
        `${traffic.roomPackets} messages (timer steps' included; acks, errors and pings not)`
      : "n/a",
  ]);
  rows.push(...closingRows("cards", { refusals, oddities }, r, echo, bench.echoLoaded, bench.echoTable));
  console.log(table(rows));
  console.log(
    `Each bot thinks ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s before every action. Ack = the gateway's reply, ` +
      `sent after the host published the new views; own state = the first view for the sender that shows the action.`,
  );
}

/**
 * The same latency for actions sent once every bot had its seat. Until then rooms are
 * still being created and joined (1,200 sockets over the stagger window), work the echo
 * baseline does not measure: it connects all its sockets before its first send.
 */
function steadyRows(echo99: number): Row[] {
  const steady = new Samples();
  for (const t of timeline) if (t.at >= allSeatedAt) steady.add(t.ms);
  if (!steady.count) return [["  after every bot was seated", "n/a (not every bot got its seat)"]];
  return [
    [
      "  after every bot was seated p50 / p99",
      `${fmtMs(steady.pct(50))} / ${fmtMs(steady.pct(99))}  (n=${steady.count}; p99 ${fmtRatio(steady.pct(99), echo99)} the echo's)`,
    ],
  ];
}

/** p50 / p99 of the acks per 10 s window from the first send, to show where the tail sits. */
function windows(): string {
  if (!timeline.length) return "n/a";
  const t0 = timeline.reduce((min, t) => Math.min(min, t.at), Number.POSITIVE_INFINITY);
  const by = new LabelledSamples();
  for (const t of timeline) by.add(String(Math.floor((t.at - t0) / 10_000) * 10), t.ms);
  return [...by.byLabel]
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([at, s]) => `${at}s ${fmtMs(s.pct(50))}/${fmtMs(s.pct(99))}`)
    .join(", ");
}

// ---------------------------------------------------------------- bounded, always cleans up

// The definition games run on the same rules: their cost per step, measured in process first.
console.log(definitionCpuLine("crazy-eights", 4));
console.log(
  `Cards bench: ${ROOMS} rooms × ${PLAYERS} bots (${ROOMS * PLAYERS} sockets), ${ROUNDS} rounds each, ` +
    `starts staggered over ${STAGGER_MS / 1000} s, hard timeout ${TIMEOUT_MS / 1000} s. Starting servers…`,
);
bench.start(main, report);
