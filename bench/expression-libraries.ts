/**
 * The expression libraries considered for Card Table's rules vocabulary, measured on the
 * shapes of expression card games need (docs/card-table/definitions.md, "Why JSON Logic";
 * figures in docs/benchmarks.md).
 *
 *   npx tsx bench/expression-libraries.ts [--n 5000] [--runs 5]
 *
 * json-logic-engine (the one chosen) is a dependency; the others are measured when present:
 *   npm i --no-save json-logic-js @marcbachmann/cel-js cel-js
 * Prints, per library and expression, the median over `runs` of the mean time of `n`
 * evaluations (after a warm-up), each library's minified and gzipped size (esbuild), and
 * what a pathological expression (three nested iterations over 52 cards) costs with and
 * without a step budget.
 */
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { Evaluator } from "../src/games/card-table/vocab/engine";

const { values: args } = parseArgs({
  options: { n: { type: "string", default: "5000" }, runs: { type: "string", default: "5" } },
});
const N = Number(args.n);
const RUNS = Number(args.runs);

const SUITS = ["clubs", "diamonds", "hearts", "spades"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const card = (i: number) => {
  const rank = RANKS[i % 13] as string;
  return { id: `c${i}`, type: "standard", properties: { suit: SUITS[i % 4], rank, value: Math.min(10, (i % 13) + 1) } };
};
/** 64 different situations: a hand of seven, the pile's top card, the suit in force, a die. */
const situations = Array.from({ length: 64 }, (_, i) => {
  const hand = Array.from({ length: 7 }, (_, k) => card(i * 7 + k * 5));
  return { card: hand[0], top: card(i * 3 + 1), suit: SUITS[i % 4], hand, dice: { d6: (i % 6) + 1 } };
});

/** The same four questions in each language. */
const jsonLogic = {
  "playable (Crazy Eights)": {
    or: [
      { "==": [{ var: "card.properties.rank" }, "8"] },
      { "==": [{ var: "card.properties.suit" }, { var: "suit" }] },
      { "==": [{ var: "card.properties.rank" }, { var: "top.properties.rank" }] },
    ],
  },
  "bust (Pig)": { "==": [{ var: "dice.d6" }, 1] },
  "hand total": {
    reduce: [{ var: "hand" }, { "+": [{ var: "accumulator" }, { var: "current.properties.value" }] }, 0],
  },
};
/** Counting playable cards needs the outer data inside the iteration: json-logic-engine climbs with val [[n], …]. */
const jleCount = {
  length: {
    filter: [
      { var: "hand" },
      {
        or: [
          { "==": [{ var: "properties.rank" }, "8"] },
          { "==": [{ var: "properties.suit" }, { val: [[2], "suit"] }] },
        ],
      },
    ],
  },
};
/** The vocabulary's own operator for the same count (it binds the card as `it` and keeps the facts). */
const vocabCount = {
  count: [
    { var: "hand" },
    {
      or: [{ "==": [{ var: "it.properties.rank" }, "8"] }, { "==": [{ var: "it.properties.suit" }, { var: "suit" }] }],
    },
  ],
};
const cel = {
  "playable (Crazy Eights)":
    'card.properties.rank == "8" || card.properties.suit == suit || card.properties.rank == top.properties.rank',
  "bust (Pig)": "dice.d6 == 1.0",
  "count playable": 'hand.filter(c, c.properties.rank == "8" || c.properties.suit == suit).size()',
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const rows: [string, string, string][] = [];
function time(lib: string, what: string, f: (c: (typeof situations)[number]) => unknown): void {
  for (let i = 0; i < 2_000; i++) f(situations[i & 63] as (typeof situations)[number]);
  const means: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) f(situations[i & 63] as (typeof situations)[number]);
    means.push(Number(process.hrtime.bigint() - t0) / 1000 / N);
  }
  rows.push([lib, what, `${median(means).toFixed(2)} µs`]);
}

async function optional<T>(name: string): Promise<T | null> {
  try {
    return (await import(name)) as T;
  } catch {
    console.log(`(${name} not installed: npm i --no-save ${name})`);
    return null;
  }
}

async function sizeOf(name: string): Promise<string> {
  try {
    const { build } = await import("esbuild");
    const out = await build({
      stdin: { contents: `export * from "${name}";`, resolveDir: process.cwd() },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      write: false,
      logLevel: "silent",
    });
    const code = out.outputFiles[0]?.contents ?? new Uint8Array();
    return `${(code.length / 1024).toFixed(1)} KB min, ${(gzipSync(code).length / 1024).toFixed(1)} KB gz`;
  } catch {
    return "not installed";
  }
}

// ---------------------------------------------------------------- json-logic-engine, as the vocabulary runs it

const { LogicEngine } = await import("json-logic-engine");
const interpreted = new LogicEngine(undefined, { disableInterpretedOptimization: true });
// One evaluator for the whole benchmark: each expression keeps its own step limit, the session's is lifted.
const vocab = new Evaluator({}, Number.MAX_SAFE_INTEGER);
for (const [what, e] of Object.entries(jsonLogic)) {
  time("json-logic-engine, interpreted", what, (c) => interpreted.run(e, c));
  time("Evaluator (interpreted + step budget)", what, (c) => vocab.value(e as never, c));
}
time("json-logic-engine, interpreted", "count playable", (c) => interpreted.run(jleCount, c));
time("Evaluator (interpreted + step budget)", "count playable", (c) => vocab.value(vocabCount as never, c));

// ---------------------------------------------------------------- the others, when installed

type JsonLogicJs = { default: { apply(rule: unknown, data: unknown): unknown } };
const jl = await optional<JsonLogicJs>("json-logic-js");
if (jl) for (const [what, e] of Object.entries(jsonLogic)) time("json-logic-js", what, (c) => jl.default.apply(e, c));

type MarcCel = { Environment: new (o: object) => { parse(src: string): (ctx: unknown) => unknown } };
const mcel = await optional<MarcCel>("@marcbachmann/cel-js");
if (mcel) {
  const env = new mcel.Environment({ unlistedVariablesAreDyn: true });
  for (const [what, src] of Object.entries(cel)) {
    const parsed = env.parse(src);
    time("@marcbachmann/cel-js (parsed once)", what, (c) => parsed(c));
  }
}
type OldCel = {
  parse(src: string): { isSuccess: boolean; cst: unknown };
  evaluate(cst: unknown, ctx: unknown): unknown;
};
const ocel = await optional<OldCel>("cel-js");
if (ocel) {
  for (const [what, src] of Object.entries(cel)) {
    const parsed = ocel.parse(src);
    // cel-js has no size() method on lists.
    if (parsed.isSuccess && !src.includes("size()"))
      time("cel-js (parsed once)", what, (c) => ocel.evaluate(parsed.cst, c));
  }
}

console.log(`\n${N.toLocaleString("en")} evaluations, median of ${RUNS} runs (mean per evaluation)\n`);
console.log("| library | expression | time |\n|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);

console.log("\n| library | size |\n|---|---|");
for (const name of ["json-logic-engine", "json-logic-js", "@marcbachmann/cel-js", "cel-js"])
  console.log(`| ${name} | ${await sizeOf(name)} |`);

// ---------------------------------------------------------------- a definition that would hang a room

const deck = Array.from({ length: 52 }, (_, i) => ({ v: i }));
const bomb = {
  filter: [{ var: "d" }, { some: [{ val: [[2], "d"] }, { some: [{ val: [[4], "d"] }, { "==": [1, 2] }] }] }],
};
let t0 = performance.now();
const stopped = new Evaluator().value(bomb as never, { d: deck });
console.log(
  `\nthree nested iterations over 52 cards (140,608 inner steps): the Evaluator stops at its budget after ${(performance.now() - t0).toFixed(1)} ms (value ${JSON.stringify(stopped)})`,
);
t0 = performance.now();
interpreted.run(bomb, { d: deck });
console.log(`json-logic-engine without a budget runs it to the end: ${(performance.now() - t0).toFixed(1)} ms`);
if (mcel) {
  const env = new mcel.Environment({ unlistedVariablesAreDyn: true });
  const p = env.parse("d.filter(a, d.exists(b, d.exists(c, 1 == 2))).size()");
  t0 = performance.now();
  p({ d: deck });
  console.log(`@marcbachmann/cel-js (no budget; parse-time limits only): ${(performance.now() - t0).toFixed(1)} ms`);
}
