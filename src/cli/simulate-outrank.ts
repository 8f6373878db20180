import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { analyse } from "./outrank-sim/analyse";
import { cells as allCells, type Cell } from "./outrank-sim/experiments";
import { answerTables, renderReport } from "./outrank-sim/report";
import { type CellStats, emptyStats, mergeStats } from "./outrank-sim/stats";
import { type Batch, defaultWorkers, runBatches } from "./outrank-sim/workers";

/**
 * `npm run simulate:outrank`: the balance simulator. Plays bot games through the pure rules
 * on every core, answers the document's five playtesting questions, and writes one
 * self-contained HTML report. Options: --games N (per configuration), --seed S, --out FILE,
 * --workers N.
 */

const USAGE = `usage: npm run simulate:outrank -- [--games N] [--seed S] [--out FILE] [--workers N]
  --games    games per configuration (default 2000; there are ${allCells().length} configurations)
  --seed     seed for every game (default outrank-balance); the same seed gives the same report numbers
  --out      report path (default artifacts/outrank-report.html)
  --workers  worker threads (default: one per core)`;

function options() {
  const { values } = parseArgs({
    options: {
      games: { type: "string", default: "2000" },
      seed: { type: "string", default: "outrank-balance" },
      out: { type: "string", default: "artifacts/outrank-report.html" },
      workers: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const games = Number(values.games);
  const workers = values.workers === undefined ? defaultWorkers() : Number(values.workers);
  if (!Number.isInteger(games) || games < 1 || !Number.isInteger(workers) || workers < 1) {
    console.error(USAGE);
    process.exit(2);
  }
  return { games, workers, seed: values.seed, out: resolve(values.out) };
}

function batchesOf(cells: Cell[], games: number, seed: string): Batch[] {
  // Small enough to balance two workers and move the bar, big enough to keep messages rare.
  const size = Math.max(25, Math.min(500, Math.ceil(games / 8)));
  const out: Batch[] = [];
  let id = 0;
  for (const cell of cells)
    for (let from = 0; from < games; from += size)
      out.push({ id: id++, cell, from, to: Math.min(games, from + size), seed });
  // Interleave the configurations, so the time left is estimated from a fair mix.
  return out.sort((a, b) => a.from - b.from || a.id - b.id);
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

let lastTenth = -1;

function progress(done: number, total: number, started: number): void {
  const width = 30;
  const f = total > 0 ? done / total : 1;
  if (!process.stderr.isTTY) {
    // Not a terminal (a log, a pipe): a plain line every tenth instead of a redrawn bar.
    const tenth = Math.floor(f * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      process.stderr.write(`${tenth * 10}% (${done.toLocaleString("en")}/${total.toLocaleString("en")} games)\n`);
    }
    return;
  }
  const elapsed = (performance.now() - started) / 1000;
  const left = f > 0 ? (elapsed / f) * (1 - f) : 0;
  const bar = "█".repeat(Math.round(f * width)).padEnd(width, "░");
  process.stderr.write(
    `\r${bar} ${(f * 100).toFixed(0).padStart(3)}%  ${done.toLocaleString("en")}/${total.toLocaleString("en")} games  ${clock(elapsed)} elapsed, ~${clock(left)} left `,
  );
}

function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

async function main() {
  const opts = options();
  const cells = allCells();
  const batches = batchesOf(cells, opts.games, opts.seed);
  const total = cells.length * opts.games;
  const results = new Map<string, CellStats>(cells.map((c) => [c.id, emptyStats()]));
  let played = 0;
  const started = performance.now();
  console.error(
    `Outrank balance simulator: ${cells.length} configurations × ${opts.games.toLocaleString("en")} games on ${opts.workers} worker threads (seed ${opts.seed})`,
  );
  progress(0, total, started);
  await runBatches(batches, opts.workers, (r) => {
    results.set(r.cellId, mergeStats(results.get(r.cellId) ?? emptyStats(), r.stats));
    played += r.stats.games;
    progress(played, total, started);
  });
  const seconds = (performance.now() - started) / 1000;
  if (process.stderr.isTTY) process.stderr.write("\n");

  const a = analyse(cells, results);
  const refusals = [...results.values()].reduce((n, s) => n + s.refusals, 0);
  const run = {
    seed: opts.seed,
    gamesPerCell: opts.games,
    totalGames: played,
    workers: opts.workers,
    seconds,
    gamesPerMinute: (played / seconds) * 60,
    refusals,
    generatedAt: new Date().toISOString(),
  };
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, renderReport(a, cells, results, run));

  const tables = answerTables(a);
  for (const t of [tables.duel, tables.winRates, tables.markers, tables.limits, tables.ends]) {
    console.log("");
    printTable(
      t.head,
      t.rows.map((r) => r.map(String)),
    );
  }
  console.log("");
  for (const [q, v] of [
    ["1. Guessing vs set collecting", a.q1.verdict],
    ["2. First Guesser advantage", a.q2.verdict],
    ["3. Round length", a.q3.verdict],
    ["4. Hand limit", a.q4.verdict],
    ["5. End condition", a.q5.verdict],
  ])
    console.log(`${q}: ${v}`);
  console.log("");
  console.log(
    `${played.toLocaleString("en")} games in ${seconds.toFixed(1)} s on ${opts.workers} workers: ${Math.round(run.gamesPerMinute).toLocaleString("en")} games a minute; ${refusals} refused bot moves.`,
  );
  console.log(`Report: ${opts.out}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
