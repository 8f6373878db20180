/**
 * Cricket Bingo daily generation, every date of a year, both grid sizes.
 *
 *   npm run bench:bingo -- [--year 2027] [--budget 2000000]
 *
 * For each date: the time `generateDaily` takes with the bipartite matching
 * (docs/games/cricket-bingo.md, Decisions D2),
 * best of three, and the time it takes with the document's backtracking checker
 * instead, run once on the same candidate grids and decks (the checker only decides
 * whether to retry, and both agree, so the same grids are drawn in the same order). The
 * backtracking checker calls `validate(player, cell)` as the document writes it; it is
 * stopped after `--budget` candidate tests on one grid, and the run then follows the
 * matching's answer and counts the stop. Also timed on their own: every check each
 * checker made. Target (issue 12): median ≤ 20 ms per date. Not a test: it prints.
 */
import { parseArgs } from "node:util";
import { bingoCatalog } from "../src/games/cricket-bingo/catalog";
import { generateDaily, type SolvabilityCheck } from "../src/games/cricket-bingo/generate";
import { backtrackSolvable, hasCompleteMatching } from "../src/games/cricket-bingo/matching";
import { DECK_SIZE, type GridSize } from "../src/games/cricket-bingo/params";
import { validate } from "../src/games/cricket-bingo/validators";
import { numArg } from "./harness";
import { Samples, table } from "./stats";

const TARGET_MS = 20;

const { values: args } = parseArgs({
  options: {
    year: { type: "string", default: "2027" },
    budget: { type: "string", default: "2000000" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log("npm run bench:bingo -- [--year 2027] [--budget N=2000000 candidate tests per backtracking check]");
  process.exit(0);
}
const YEAR = Math.round(numArg("year", args.year, 1970, 2999));
const BUDGET = Math.round(numArg("budget", args.budget, 1000, 1e10));

const dates: string[] = [];
for (let d = new Date(Date.UTC(YEAR, 0, 1)); d.getUTCFullYear() === YEAR; d.setUTCDate(d.getUTCDate() + 1))
  dates.push(d.toISOString().slice(0, 10));

let t = performance.now();
const catalog = bingoCatalog();
const catalogMs = performance.now() - t;

interface SizeResult {
  matching: Samples;
  backtracking: Samples;
  matchingChecks: Samples;
  backtrackingChecks: Samples;
  attempts: Samples;
  gaveUp: number;
  stepsMax: number;
}

function run(size: GridSize): SizeResult {
  const r: SizeResult = {
    matching: new Samples(),
    backtracking: new Samples(),
    matchingChecks: new Samples(),
    backtrackingChecks: new Samples(),
    attempts: new Samples(),
    gaveUp: 0,
    stepsMax: 0,
  };
  const matching: SolvabilityCheck = (candidates) => {
    const s = performance.now();
    const ok = hasCompleteMatching(candidates, DECK_SIZE);
    r.matchingChecks.add(performance.now() - s);
    return ok;
  };
  const backtracking: SolvabilityCheck = (candidates, grid, deck) => {
    const s = performance.now();
    const out = backtrackSolvable(grid, deck, validate, BUDGET);
    r.backtrackingChecks.add(performance.now() - s);
    r.stepsMax = Math.max(r.stepsMax, out.steps);
    if (out.solvable === "gave_up") {
      r.gaveUp++;
      return hasCompleteMatching(candidates, DECK_SIZE);
    }
    return out.solvable;
  };
  // Warm-up, so the JIT has seen every path before anything is timed.
  for (const date of dates.slice(0, 20)) generateDaily(date, size, { catalog });
  for (const date of dates) {
    let best = Number.POSITIVE_INFINITY;
    let grid = "";
    for (let i = 0; i < 3; i++) {
      const s = performance.now();
      const day = generateDaily(date, size, { catalog, solvable: i === 0 ? matching : undefined });
      best = Math.min(best, performance.now() - s);
      grid = day.grid.map((c) => c.id).join();
      if (i === 0) r.attempts.add(day.attempts);
    }
    r.matching.add(best);
    const s = performance.now();
    const day = generateDaily(date, size, { catalog, solvable: backtracking });
    r.backtracking.add(performance.now() - s);
    if (day.grid.map((c) => c.id).join() !== grid) throw new Error(`${date}: the two checkers drew different grids`);
  }
  return r;
}

/** Milliseconds, or microseconds below one millisecond (the matching lives there). */
const fmtMs = (ms: number): string => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : "n/a");
const median = (s: Samples) => s.pct(50);

console.log(`Cricket Bingo: daily generation for ${dates.length} dates of ${YEAR}, both sizes`);
console.log(
  `catalog (${catalog.players.length} players × ${catalog.categories.length} categories) built once in ${fmtMs(catalogMs)}\n`,
);
let allMet = true;
for (const size of [3, 4] as const) {
  t = performance.now();
  const r = run(size);
  const spent = performance.now() - t;
  const met = median(r.matching) <= TARGET_MS;
  allMet &&= met;
  console.log(`${size}×${size}`);
  console.log(
    table([
      [
        "per date, matching: median / p90 / worst",
        `${fmtMs(median(r.matching))} / ${fmtMs(r.matching.pct(90))} / ${fmtMs(r.matching.max())}`,
      ],
      [
        "per date, document's backtracking: median / p90 / worst",
        `${fmtMs(median(r.backtracking))} / ${fmtMs(r.backtracking.pct(90))} / ${fmtMs(r.backtracking.max())}`,
      ],
      [
        "per date, backtracking ÷ matching: median / worst",
        `${ratio(median(r.backtracking), median(r.matching))} / ${ratio(r.backtracking.max(), r.matching.max())}`,
      ],
      ["one check, matching: median / worst", `${fmtMs(median(r.matchingChecks))} / ${fmtMs(r.matchingChecks.max())}`],
      [
        "one check, backtracking: median / worst",
        `${fmtMs(median(r.backtrackingChecks))} / ${fmtMs(r.backtrackingChecks.max())}`,
      ],
      [
        "one check, backtracking ÷ matching: median / worst",
        `${ratio(median(r.backtrackingChecks), median(r.matchingChecks))} / ${ratio(r.backtrackingChecks.max(), r.matchingChecks.max())}`,
      ],
      ["grids drawn per date: median / worst", `${median(r.attempts)} / ${r.attempts.max()}`],
      ["checks made", `${r.matchingChecks.count}`],
      [
        "backtracking stopped at the budget",
        `${r.gaveUp} of ${r.backtrackingChecks.count} (budget ${BUDGET}, most steps ${r.stepsMax})`,
      ],
      [`target: median ≤ ${TARGET_MS} ms per date`, met ? "met" : "MISSED"],
      ["wall time for this size", fmtMs(spent)],
    ]),
  );
  console.log("");
}
console.log(allMet ? "target met for both sizes" : "target missed");
