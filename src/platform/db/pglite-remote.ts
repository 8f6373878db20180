import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

interface Reply {
  /** The request answered; 0 is the worker's own "PGlite is open" (or failed to open). */
  id: number;
  result?: unknown;
  error?: { message: string; code?: string; detail?: string; name?: string };
}
export interface PGliteMemory {
  wasmBytes: number;
  /** Only when PGlite has a thread of its own. */
  heapBytes?: number;
}
export interface QueryResult {
  rows: unknown[];
  affectedRows?: number;
}

/**
 * The part of PGlite that Kysely's PGlite dialect uses (`query`), run on a worker thread
 * (pglite-worker.mjs). The event loop keeps serving sockets while the database works;
 * statements run one at a time in the order they were sent, as on one connection.
 */
export class RemotePGlite {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private exited: Error | null = null;
  closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (m: Reply) => this.settle(m));
    worker.on("error", (err) => this.stop(err));
    worker.on("exit", (code) => this.stop(new Error(`PGlite worker exited (${code})`)));
  }

  /** Start the worker on `dataDir` (a directory, or memory://) and wait until PGlite is open. */
  static async create(dataDir: string, startParams: string[]): Promise<RemotePGlite> {
    // A new directory is first made by a worker of its own, which then ends: creating one
    // runs initdb, a second WebAssembly instance of several hundred MB that a long-lived
    // thread with little garbage of its own would keep resident for hours before collecting it.
    if (!dataDir.startsWith("memory://") && !existsSync(join(dataDir, "PG_VERSION")))
      await RemotePGlite.open(dataDir, startParams).then((r) => r.close());
    return RemotePGlite.open(dataDir, startParams);
  }

  private static async open(dataDir: string, startParams: string[]): Promise<RemotePGlite> {
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir, startParams },
    });
    const remote = new RemotePGlite(worker);
    await remote.call({}, 0); // nothing to send: waits for the worker's opening message
    return remote;
  }

  query(sql: string, params: unknown[] = []): Promise<QueryResult> {
    return this.call({ op: "query", sql, params }) as Promise<QueryResult>;
  }

  async exec(sql: string): Promise<void> {
    await this.call({ op: "exec", sql });
  }

  /** The worker's WebAssembly memory (PostgreSQL's) and its thread's JS heap, in bytes. */
  memory(): Promise<PGliteMemory> {
    return this.call({ op: "memory" }) as Promise<PGliteMemory>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: "close" });
    this.closed = true;
    await this.worker.terminate();
  }

  private call(msg: object, id = this.next++): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Only hold the process open while a statement is in flight.
      this.worker.ref();
      if (id !== 0) this.worker.postMessage({ ...msg, id });
    });
  }

  private settle(m: Reply): void {
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (m.error) w.reject(Object.assign(new Error(m.error.message), m.error));
    else w.resolve(m.result);
  }

  private stop(err: Error): void {
    this.exited ??= err;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}
