import { parentPort } from "node:worker_threads";
import { playGame } from "./play";
import { addGame, emptyStats } from "./stats";
import type { Batch, BatchResult } from "./workers";

/** A simulator worker: plays the batches it is sent, answers with their totals. */
parentPort?.on("message", (b: Batch) => {
  const stats = emptyStats();
  const started = performance.now();
  for (let g = b.from; g < b.to; g++) {
    const seats = b.cell.seatings[g % b.cell.seatings.length] ?? [];
    addGame(stats, playGame({ seats, settings: b.cell.settings }, `${b.seed}/${b.cell.id}/${g}`));
  }
  const result: BatchResult = { id: b.id, cellId: b.cell.id, stats, ms: performance.now() - started };
  parentPort?.postMessage(result);
});
