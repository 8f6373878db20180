/**
 * The compact wire's diff library, chosen on real views (docs/benchmarks.md, "The compact
 * wire"): every seat's full view of a 6-seat CAH table before and after each input of a few
 * rounds, diffed by each candidate; the time per diff, the patch's JSON size, and whether
 * applying the patch gives the next view back.
 *
 *   npx tsx bench/json-patch-libraries.ts [--rounds 4] [--repeat 20]
 *
 * `jsondiffpatch` makes deltas of its own format; its `jsonpatch` formatter turns them into
 * RFC 6902, and it matches array items by a key (`objectHash`: here a card's or a player's
 * `id`) where the others match them by position.
 */
import { performance } from "node:perf_hooks";
import { isDeepStrictEqual, parseArgs } from "node:util";
import fastJsonPatch from "fast-json-patch";
import * as jdp from "jsondiffpatch";
import { format as toJsonPatch } from "jsondiffpatch/formatters/jsonpatch";
import { applyPatch as rfcApply, createPatch as rfcCreate } from "rfc6902";
import { SYSTEM } from "../src/engine/rules";
import { cahTable, drawPrompt, indexOf, judge, rules, submitAll } from "../src/games/card-table/test-table";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "4" }, repeat: { type: "string", default: "20" } },
});
const ROUNDS = Number(args.rounds);
const REPEAT = Number(args.repeat);

// Pairs of (view before, view after) for every seat and input, as the server would diff them.
const t = cahTable({ players: 6 });
const seats = ["P1", "P2", "P3", "P4", "P5", "P6"];
const pairs: [unknown, unknown][] = [];
const views = () => seats.map((s) => rules.view(t.state, s, t.now, "full"));
let before = views();
const step = (fn: () => void) => {
  fn();
  const after = views();
  for (let i = 0; i < seats.length; i++) pairs.push([before[i], after[i]]);
  before = after;
};
for (let r = 0; r < ROUNDS && t.state.status === "playing"; r++) {
  step(() => drawPrompt(t));
  const players = t.state.players.filter((p) => !p.virtual && p.id !== t.state.roles.judge).map((p) => p.id);
  for (const id of players)
    step(() =>
      submitAll(
        t,
        seats.filter((s) => s !== id),
      ),
    );
  const winner = t.state.roundState.shuffledOrder?.[0]?.playerId;
  if (winner) step(() => t.must(judge(t), { type: "selectWinner", index: indexOf(t, winner) }));
  // The round's end pause runs out.
  step(() => t.advance(60_000));
}
void SYSTEM;

const json = (v: unknown) => JSON.stringify(v);
const byId = jdp.create({
  objectHash: (o: object, i?: number) => ((o as { id?: unknown }).id as string | undefined) ?? `#${i}`,
  arrays: { detectMove: true, includeValueOnMove: false },
});
const candidates: {
  name: string;
  diff: (a: unknown, b: unknown) => unknown[];
  apply: (a: unknown, p: unknown[]) => unknown;
}[] = [
  {
    name: "fast-json-patch 3 (compare)",
    diff: (a, b) => fastJsonPatch.compare(a as object, b as object),
    apply: (a, p) => fastJsonPatch.applyPatch(a, p as never, false, true).newDocument,
  },
  {
    name: "jsondiffpatch 0.7 (by id)",
    diff: (a, b) => toJsonPatch(byId.diff(a, b)) as unknown[],
    apply: (a, p) => fastJsonPatch.applyPatch(a, p as never, false, true).newDocument,
  },
  {
    name: "rfc6902 5 (createPatch)",
    diff: (a, b) => rfcCreate(a, b),
    apply: (a, p) => {
      rfcApply(a as object, p as never);
      return a;
    },
  },
];

const fullBytes = pairs.reduce((n, [, b]) => n + Buffer.byteLength(json(b)), 0) / pairs.length;
console.log(
  `${pairs.length} view pairs (6 seats, ${ROUNDS} rounds); a full view is ${Math.round(fullBytes)} B on average`,
);
for (const c of candidates) {
  let bytes = 0;
  let wrong = 0;
  for (const [a, b] of pairs) {
    const p = c.diff(a, b);
    bytes += Buffer.byteLength(json(p));
    const back = c.apply(JSON.parse(json(a)), JSON.parse(json(p)) as unknown[]);
    if (!isDeepStrictEqual(back, JSON.parse(json(b)))) wrong++;
  }
  const start = performance.now();
  for (let i = 0; i < REPEAT; i++) for (const [a, b] of pairs) c.diff(a, b);
  const us = ((performance.now() - start) * 1000) / (REPEAT * pairs.length);
  console.log(
    `${c.name.padEnd(30)} ${us.toFixed(1).padStart(7)} µs a diff   ${Math.round(bytes / pairs.length)
      .toString()
      .padStart(5)} B a patch   ${wrong} of ${pairs.length} wrong`,
  );
}
