/**
 * Where the compact wire's bytes go for Card Table, in process (docs/benchmarks.md, "The
 * compact wire"): a 6-seat CAH table played by bots to its end (5 judged rounds), every
 * step's frame for every seat as the server would make it, and the frame bytes by the
 * operation's path (indices and ids folded). No sockets: the same frames `bench:cards
 * --sync patch` counts, without its timing.
 *
 *   npx tsx bench/compact-bytes.ts [--games 5] [--by-path]
 */
import { parseArgs } from "node:util";
import { diffViews, type ViewPacking } from "../src/engine/compact-wire";
import { rngInt, seedRng } from "../src/engine/rng";
import { SYSTEM } from "../src/engine/rules";
import { reaches } from "../src/engine/testkit";
import { cardTablePacking } from "../src/games/card-table/packing";
import { cahTable, rules } from "../src/games/card-table/test-table";
import type { GameStateView } from "../src/games/card-table/view";
import { cardTableMove } from "../test/support/bots/card-table";

const { values: args } = parseArgs({
  options: {
    games: { type: "string", default: "5" },
    "by-path": { type: "boolean", default: false },
    raw: { type: "boolean", default: false },
  },
});

const packing: ViewPacking | undefined = args.raw ? undefined : cardTablePacking;

const seats = ["P1", "P2", "P3", "P4", "P5", "P6"];
const byPath = new Map<string, number>();
let frames = 0;
let bytes = 0;
let inputs = 0;
let evBytes = 0;

for (let g = 0; g < Number(args.games); g++) {
  const t = cahTable({ players: 6, settings: { endCondition: "rounds", endValue: 5 }, seed: `bytes-${g}` });
  const rng = seedRng(`bots-${g}`);
  const full = (s: string) => rules.view(t.state, s, t.now, "full");
  const packed = (s: string) => (packing ? packing.pack(full(s)) : full(s));
  let sentAt = 0;
  const held = seats.map(packed);
  sentAt = t.sent.length;
  const step = () => {
    const out = t.sent.slice(sentAt);
    sentAt = t.sent.length;
    for (let i = 0; i < seats.length; i++) {
      const seat = seats[i] as string;
      const next = packed(seat);
      const patch = diffViews(held[i], next);
      held[i] = next;
      const fresh = packing?.fresh?.(full(seat));
      if (packing && JSON.stringify(packing.unpack(next, fresh)) === undefined) throw new Error("unpack");
      const events = out
        .filter((d) => reaches(d.to, seat) && (d.msg as { type: string }).type !== "@view")
        .map((d) => (packing?.packEvent ? packing.packEvent(d.msg) : d.msg));
      evBytes += JSON.stringify(events).length - 2;
      for (const e of events) {
        const k = `event ${(e as { event?: { type: string } }).event?.type ?? (e as { type: string }).type}`;
        byPath.set(k, (byPath.get(k) ?? 0) + JSON.stringify(e).length + 1);
      }
      const frame = { type: "patch", seq: 1234, patch, events, ...(fresh === undefined ? {} : { fresh }) };
      frames++;
      // Events as the full wire's step sends them are the same either way: counted apart.
      bytes += JSON.stringify(frame).length;
      for (const op of patch) {
        const key = `${op.op} ${op.path.replace(/\/\d+/g, "/#").replace(/\/P\d+/g, "/P")}`;
        byPath.set(key, (byPath.get(key) ?? 0) + JSON.stringify(op).length + 1);
      }
    }
  };
  let moves = 0;
  while (t.state.status === "playing" && moves < 2000) {
    const options: [string, Record<string, unknown>][] = [];
    for (const s of seats) {
      const v = (rules.view(t.state, s, t.now, "full") as { state: GameStateView }).state;
      const m = cardTableMove(v, { rng });
      if (m) options.push([s, m]);
    }
    if (options.length === 0) {
      if (!t.fireNext()) break;
      step();
      continue;
    }
    const [who, action] = options[rngInt(rng, options.length)] as [string, Record<string, unknown>];
    // Some think time: timers may fire on the way (each a step of its own).
    const before = t.state;
    t.advance(1000 + rngInt(rng, 2000));
    if (t.state !== before) step();
    t.must(who, action);
    inputs++;
    moves++;
    step();
  }
}
void SYSTEM;
console.log(
  `${packing ? "packed" : "unpacked"}: ${inputs} inputs, ${frames} frames; ` +
    `${Math.round(bytes / inputs / seats.length)} B per seat per input, of which events ${Math.round(evBytes / inputs / seats.length)} B`,
);
if (args["by-path"])
  for (const [k, v] of [...byPath].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${String(Math.round(v / inputs / seats.length)).padStart(6)} B  ${k}`);
