/**
 * Trivia Duel, Card Table (CAH) and Outrank rooms played together against one server, then
 * a bare Socket.IO echo at the same socket count.
 *
 *   npm run bench:mix -- [--sockets 1000] [--mix trivia:1,cards:1,outrank:1] [--stagger-sec 10]
 *                        [--cards-players 6] [--cards-rounds 5] [--outrank-players 4] [--outrank-rounds 3]
 *                        [--echo-sec auto] [--timeout-sec 900] [--sync full|patch] [--pin]
 *
 * The sockets are split across the games by weight (evenly by default) in whole rooms, and
 * the rooms of all three start interleaved over the stagger window, so every game plays
 * beside the others for the whole phase. Each game's bots are its own bench's: Trivia's
 * (trivia-bot.ts, 2 a room) and the seat bots (seat-bench-bot.ts) with the Card Table and
 * Outrank bots' moves, each acting 0.5–3 s after its turn comes. Input → broadcast is
 * Trivia's input to the broadcast that carries it back, and Card Table's and Outrank's
 * action to its ack (sent after the host published). Deadlines are Trivia's (the only one
 * whose bots see every deadline the server announced, see trivia.ts). `--sync patch` puts
 * the Card Table and Outrank bots on the compact wire. `--pin` runs the servers on core 0
 * and this process (the bots) on core 1. Exits non-zero only when something broke.
 */
import { parseArgs } from "node:util";
import { cardTableSeats, createCahRoom } from "./cah-bench-bot";
import { BenchRun, compactArg, echoArg, fmtChild, numArg, stringOptions, usageOnHelp } from "./harness";
import { interleave, MIX_GAMES, type MixGame, type PerGame, parseMix, splitSockets } from "./mix-plan";
import { createOutrankRoom, outrankSeats } from "./outrank-bench-bot";
import { pinning, pinThisProcess } from "./pinning";
import { closingRows, durationRow, echoRows, type Row, sentRows } from "./report-rows";
import {
  emptyRoomPhaseResult,
  mixedPhase,
  type PartTally,
  type RoomPhase,
  type RoomPlay,
  runRoomPhase,
} from "./room-runs";
import { roomClientAddress, SeatRoomRun, SeatTally } from "./seat-bench-bot";
import { Counter, fmtMs, grid, Samples, table } from "./stats";
import type { InputTally } from "./tally";
import { createTriviaRoom, MISSED_MS, RoomRun, TriviaTally } from "./trivia-bot";

const { values: args } = parseArgs({
  options: {
    ...stringOptions({
      sockets: "1000",
      mix: "trivia:1,cards:1,outrank:1",
      "stagger-sec": "10",
      "cards-players": "6",
      "cards-rounds": "5",
      "outrank-players": "4",
      "outrank-rounds": "3",
      "echo-sec": "auto",
      "timeout-sec": "900",
      sync: "full",
    }),
    pin: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
usageOnHelp(
  args.help,
  "npm run bench:mix -- [--sockets N=1000] [--mix trivia:1,cards:1,outrank:1] [--stagger-sec 10]\n" +
    "                     [--cards-players 6] [--cards-rounds 5] [--outrank-players 4] [--outrank-rounds 3]\n" +
    "                     [--echo-sec auto|S] [--timeout-sec 900] [--sync full|patch] [--pin]\n" +
    "  --mix: weights of the sockets' split (a game left out gets none)\n" +
    "  --sync patch: Card Table and Outrank bots on the compact wire (Trivia's stay on today's)\n" +
    "  --pin: servers on core 0, bots on core 1 (taskset); measure pinned and unpinned",
);
const COMPACT = compactArg(args.sync);
const SOCKETS = Math.round(numArg("sockets", args.sockets, 2, 20_000));
const WEIGHTS = parseMix(args.mix);
const PER_ROOM: PerGame = {
  trivia: 2,
  cards: Math.round(numArg("cards-players", args["cards-players"], 3, 20)),
  outrank: Math.round(numArg("outrank-players", args["outrank-players"], 2, 8)),
};
const CARDS_ROUNDS = Math.round(numArg("cards-rounds", args["cards-rounds"], 1, 50));
const OUTRANK_ROUNDS = Math.round(numArg("outrank-rounds", args["outrank-rounds"], 1, 50));
const STAGGER_MS = numArg("stagger-sec", args["stagger-sec"], 0, 120) * 1000;
const TIMEOUT_MS = numArg("timeout-sec", args["timeout-sec"], 30, 3600) * 1000;
const ECHO = echoArg(args["echo-sec"]);
const ROOMS = splitSockets(SOCKETS, WEIGHTS, PER_ROOM);
const GAMES = MIX_GAMES.filter((g) => ROOMS[g] > 0);
const bench = new BenchRun(TIMEOUT_MS);
const fail = bench.fail;

// ---------------------------------------------------------------- what we measure

const trivia = new TriviaTally(fail);
const cards = new SeatTally(fail);
const outrank = new SeatTally(fail);
/** Each game's inputs measured (to the broadcast or ack), sent, refusals, oddities and room bytes received. */
const tallies: Record<MixGame, InputTally> = { trivia, cards, outrank };

const result = emptyRoomPhaseResult();
let rooms: PartTally[] = [];
const pin = pinning(args.pin);

// ---------------------------------------------------------------- the run

/** One game's rooms as a part of the mixed phase. */
function part(game: MixGame, create: () => Promise<string>, open: (id: string) => RoomPlay): RoomPhase<RoomPlay> {
  return {
    name: game,
    plays: "rooms",
    rooms: ROOMS[game],
    staggerMs: STAGGER_MS,
    sockets: () => PER_ROOM[game],
    create,
    open,
    sent: () => tallies[game].sentByKind.total,
  };
}

const seatRoom = (url: string, game: "cards" | "outrank", id: string, rec: SeatTally) =>
  new SeatRoomRun(
    url,
    id,
    PER_ROOM[game],
    rec,
    game === "cards" ? cardTableSeats : outrankSeats,
    roomClientAddress(),
    COMPACT,
  );

function parts(url: string): Record<MixGame, RoomPhase<RoomPlay>> {
  return {
    trivia: part(
      "trivia",
      () => createTriviaRoom(url),
      (id) => new RoomRun(url, id, trivia),
    ),
    cards: part(
      "cards",
      () => createCahRoom(url, CARDS_ROUNDS),
      (id) => seatRoom(url, "cards", id, cards),
    ),
    outrank: part(
      "outrank",
      () => createOutrankRoom(url, OUTRANK_ROUNDS),
      (id) => seatRoom(url, "outrank", id, outrank),
    ),
  };
}

async function runMix(url: string, deadline: number) {
  const byGame = parts(url);
  const mixed = mixedPhase(
    "mix",
    STAGGER_MS,
    GAMES.map((g) => byGame[g]),
    interleave(GAMES.map((g) => ROOMS[g])),
  );
  rooms = mixed.tallies;
  await runRoomPhase(bench, result, mixed.phase, deadline);
}

/** Every game's measured inputs together. */
function allInputs(): Samples {
  const all = new Samples();
  for (const g of GAMES) all.addAll(tallies[g].inputs.all);
  return all;
}

const main = () =>
  bench.runGameThenEcho("mix", { echo: ECHO, staggerMs: STAGGER_MS }, runMix, () => ({
    sockets: GAMES.reduce((n, g) => n + ROOMS[g] * PER_ROOM[g], 0),
    ratePerSocket: result.ratePerSocket,
    wantSamples: allInputs().count,
    inboundPerSocket: result.inboundPerSocket,
    inboundBytes: result.inboundBytes,
  }));

// ---------------------------------------------------------------- the report

/** Counts of every game in one, each key named for its game. */
function merged(of: (g: MixGame) => Counter): Counter {
  const all = new Counter();
  for (const g of GAMES) for (const [k, v] of of(g).counts) all.inc(`${g} ${k}`, v);
  return all;
}

function perGameGrid(): string {
  const col = (g: MixGame, i: number) => {
    const t = tallies[g];
    const n = t.inputs.all.count;
    return [
      `${rooms[i]?.started ?? 0} / ${ROOMS[g]}`,
      `${(rooms[i]?.started ?? 0) * PER_ROOM[g]}`,
      `${rooms[i]?.completed ?? 0}`,
      `${n} (${t.sentByKind.total})`,
      `${fmtMs(t.inputs.all.pct(50))} / ${fmtMs(t.inputs.all.pct(99))}`,
      n ? `${Math.round(t.bytes / n / PER_ROOM[g])} B` : "n/a",
      `${t.refusals.total} / ${t.oddities.total}`,
    ];
  };
  const all = allInputs();
  const labels = [
    "rooms (started / planned)",
    "sockets",
    "played to the end",
    "inputs measured (sent)",
    "input → broadcast p50 / p99",
    "bytes per seat per input",
    "refusals / oddities",
  ];
  const overall = [
    `${result.roomsStarted} / ${GAMES.reduce((n, g) => n + ROOMS[g], 0)}`,
    `${rooms.reduce((n, r, i) => n + r.started * PER_ROOM[GAMES[i]!], 0)}`,
    `${result.completed}`,
    `${all.count} (${GAMES.reduce((n, g) => n + tallies[g].sentByKind.total, 0)})`,
    `${fmtMs(all.pct(50))} / ${fmtMs(all.pct(99))}`,
    "",
    `${merged((g) => tallies[g].refusals).total} / ${merged((g) => tallies[g].oddities).total}`,
  ];
  const cols = GAMES.map(col);
  return grid(
    ["", ...GAMES, "all"],
    labels.map((l, row) => [l, ...cols.map((c) => c[row]!), overall[row]!]),
  );
}

function report() {
  const r = result;
  const echo = bench.echo;
  const all = allInputs();
  const late = trivia.lateBy.all;
  console.log();
  console.log("Mixed load: Trivia Duel, Card Table and Outrank on one server vs bare Socket.IO ack echo");
  console.log(perGameGrid());
  const rows: Row[] = [
    ["pinned", pin ? `servers on core ${pin.servers}, bots on core ${pin.bots}` : "no"],
    ["wire (Card Table, Outrank)", COMPACT ? "compact (patch frames)" : "today's (states and events)"],
    ...echoRows("mix", all.pct(50), all.pct(99), echo, bench.echoLoaded, r),
    [
      `deadlines missed (> ${MISSED_MS} ms late)`,
      GAMES.includes("trivia") ? `${late.countAbove(MISSED_MS)} of ${late.count} Trivia arrivals` : "n/a (no Trivia)",
    ],
    ["timer lateness p99 (max)", `${fmtMs(late.pct(99))} (${fmtMs(late.max())}), Trivia's deadlines`],
    ["server CPU, loop lag, RSS (mix phase)", fmtChild(r.serverStats, r.phaseMs)],
    durationRow(bench, "mix", r),
  ];
  console.log(table(rows));
  console.log();
  console.log("Details");
  console.log(
    table([
      ...sentRows(
        merged((g) => tallies[g].sentByKind),
        r,
        echo,
      ),
      ...closingRows(
        "mix",
        { refusals: merged((g) => tallies[g].refusals), oddities: merged((g) => tallies[g].oddities) },
        r,
        echo,
        bench.echoLoaded,
      ),
    ]),
  );
  console.log(
    "Input → broadcast: Trivia's input to the broadcast carrying it back; Card Table's and Outrank's action to its ack. " +
      "Bytes per seat per input: what the room's sockets received (Trivia: every frame; the others: views, events and " +
      "patch frames, timer steps' included) over inputs measured × seats a room. Server CPU is its share of one core over the mix phase.",
  );
}

// ---------------------------------------------------------------- bounded, always cleans up

if (pin) {
  bench.serverCores = pin.servers;
  pinThisProcess(pin.bots);
  console.log(`Pinned: servers (Parlor, echo) on core ${pin.servers}; bots (pid ${process.pid}) on core ${pin.bots}`);
}
console.log(
  `Mix bench: ${GAMES.map((g) => `${ROOMS[g]} ${g} rooms × ${PER_ROOM[g]}`).join(", ")} ` +
    `(${GAMES.reduce((n, g) => n + ROOMS[g] * PER_ROOM[g], 0)} of ${SOCKETS} sockets asked), ` +
    `starts staggered over ${STAGGER_MS / 1000} s, hard timeout ${TIMEOUT_MS / 1000} s. Starting servers…`,
);
bench.start(main, report);
