import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { SENSIBLE } from "../src/cli/outrank-sim/experiments";
import { playGame } from "../src/cli/outrank-sim/play";
import { type Batch, defaultWorkers, runBatches } from "../src/cli/outrank-sim/workers";
import { outrankRules } from "../src/games/outrank/index";

/**
 * `npm run bench:outrank`: how many complete 4-player Outrank games a minute the balance
 * simulator plays through the pure rules module, on one worker and on every core, and
 * where a game's time goes (rules, views, bots). Not a test: it prints what it measured.
 * Options: --games N (per measurement, default 40000), --workers N.
 */

const { values } = parseArgs({
  options: { games: { type: "string", default: "40000" }, workers: { type: "string" } },
});
const GAMES = Number(values.games);
const WORKERS = values.workers === undefined ? defaultWorkers() : Number(values.workers);
const seats = SENSIBLE;
const cell = { id: "bench", experiment: "players" as const, label: "4 players", seatings: [seats], settings: {} };

function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

/** Games a minute on `n` workers: wall clock, and per CPU-second of the whole process (any other load on the machine slows the first, hardly the second). */
async function parallel(n: number, games: number): Promise<{ wall: number; perCpuMinute: number }> {
  const size = 500;
  const warm: Batch[] = Array.from({ length: n }, (_, i) => ({
    id: i,
    cell,
    from: i * 200,
    to: i * 200 + 200,
    seed: "warm",
  }));
  const batches: Batch[] = [];
  for (let from = 0; from < games; from += size)
    batches.push({ id: batches.length, cell, from, to: Math.min(games, from + size), seed: "bench" });
  // Warm-up batches first (worker start, module load, JIT), outside the clock: one per worker.
  let t0 = 0;
  let c0 = process.cpuUsage();
  let warmed = 0;
  let played = 0;
  await runBatches([...warm, ...batches], n, (r) => {
    if (r.stats.games > 0 && warmed < warm.length && r.id < warm.length) {
      warmed++;
      if (warmed === warm.length) {
        t0 = performance.now();
        c0 = process.cpuUsage();
      }
      return;
    }
    played += r.stats.games;
  });
  const wallMs = performance.now() - t0;
  return { wall: (played / wallMs) * 60_000, perCpuMinute: (played / cpuMs(c0)) * 60_000 };
}

/**
 * One thread: the whole simulator loop, then the same games again with the rules' `act` and
 * `view` timed where they are called (a clock read costs ~0.05 µs, against ~100 calls a game).
 */
function breakdown(games: number) {
  for (let g = 0; g < 3000; g++) playGame({ seats, settings: {} }, `warm-${g}`);
  const t0 = performance.now();
  for (let g = 0; g < games; g++) playGame({ seats, settings: {} }, `split-${g}`);
  const fullMs = performance.now() - t0;
  const { act, view } = outrankRules;
  let actMs = 0;
  let viewMs = 0;
  let inputs = 0;
  outrankRules.act = (state, from, intent, now) => {
    const t = performance.now();
    const r = act(state, from, intent, now);
    actMs += performance.now() - t;
    inputs++;
    return r;
  };
  outrankRules.view = (state, seat, now, sync) => {
    const t = performance.now();
    const r = view(state, seat, now, sync);
    viewMs += performance.now() - t;
    return r;
  };
  const t1 = performance.now();
  for (let g = 0; g < games; g++) playGame({ seats, settings: {} }, `split-${g}`);
  const timedMs = performance.now() - t1;
  outrankRules.act = act;
  outrankRules.view = view;
  return { fullMs, timedMs, rulesMs: actMs, viewsMs: viewMs, inputs };
}

async function main() {
  console.log(
    `Outrank bench: complete 4-player games (cautious, greedy, set-collector, balanced), load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const b = breakdown(Math.min(GAMES, 10_000));
  const n = Math.min(GAMES, 10_000);
  const share = (ms: number) => `${((ms / b.timedMs) * 100).toFixed(0)}%`;
  console.log(`\none thread, ${n.toLocaleString("en")} games:`);
  console.log(
    `  whole loop     ${((b.fullMs / n) * 1000).toFixed(0)} µs a game   ${Math.round((n / b.fullMs) * 60_000).toLocaleString("en")} games a minute`,
  );
  console.log(
    `  rules (act)    ${((b.rulesMs / n) * 1000).toFixed(0)} µs a game   ${share(b.rulesMs)}   ${((b.rulesMs / b.inputs) * 1000).toFixed(2)} µs an input`,
  );
  console.log(`  views          ${((b.viewsMs / n) * 1000).toFixed(0)} µs a game   ${share(b.viewsMs)}`);
  const rest = b.timedMs - b.rulesMs - b.viewsMs;
  console.log(`  bots and loop  ${((rest / n) * 1000).toFixed(0)} µs a game   ${share(rest)}`);
  console.log("");
  for (const w of [1, WORKERS].filter((x, i, xs) => xs.indexOf(x) === i)) {
    const r = await parallel(w, GAMES);
    console.log(
      `${w} worker${w > 1 ? "s" : ""}: ${Math.round(r.wall).toLocaleString("en")} games a minute (wall clock), ${Math.round(r.perCpuMinute).toLocaleString("en")} per CPU-minute`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
