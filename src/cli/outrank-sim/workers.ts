import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { Cell } from "./experiments";
import type { CellStats } from "./stats";

export interface Batch {
  id: number;
  cell: Cell;
  from: number;
  to: number;
  seed: string;
}

export interface BatchResult {
  id: number;
  cellId: string;
  stats: CellStats;
  /** Time the worker spent on the batch. */
  ms: number;
}

/**
 * A worker thread running TypeScript: the main thread's tsx hooks do not reach workers in
 * Node 20, so each worker registers tsx itself before loading the module.
 */
export function tsWorker(url: URL): Worker {
  const boot = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true });
}

export const defaultWorkers = () => Math.max(1, availableParallelism());

/** Run every batch on `n` workers, as many at once as there are workers; results in completion order. */
export async function runBatches(
  batches: Batch[],
  n: number,
  onResult: (r: BatchResult, done: number) => void,
): Promise<void> {
  const queue = batches.slice();
  let done = 0;
  const workers = Array.from({ length: Math.min(n, batches.length) }, () =>
    tsWorker(new URL("./worker.ts", import.meta.url)),
  );
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const b = queue.shift();
              if (!b) return resolve();
              w.postMessage(b);
            };
            w.on("message", (r: BatchResult) => {
              done++;
              onResult(r, done);
              next();
            });
            w.on("error", reject);
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
