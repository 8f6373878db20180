// PGlite on its own thread (plain JS so it loads the same under tsx, vitest and node).
// PGlite is WebAssembly and runs synchronously: on the main thread every statement stalls
// every socket. Here it only costs the main thread a message each way. See pglite-remote.ts.
import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const port = parentPort;
let lite;

const fail = (id, err) =>
  port.postMessage({
    id,
    error: { message: String(err?.message ?? err), code: err?.code, detail: err?.detail, name: err?.name },
  });

try {
  lite = await PGlite.create(workerData.dataDir, { startParams: workerData.startParams });
  await lite.exec("SET TIME ZONE 'UTC'");
  port.postMessage({ id: 0, ready: true });
} catch (err) {
  fail(0, err);
}

port.on("message", async (m) => {
  try {
    if (m.op === "query") {
      const r = await lite.query(m.sql, m.params);
      port.postMessage({ id: m.id, result: { rows: r.rows, affectedRows: r.affectedRows } });
    } else if (m.op === "exec") {
      await lite.exec(m.sql);
      port.postMessage({ id: m.id, result: null });
    } else if (m.op === "memory") {
      // PostgreSQL's WebAssembly memory (it only ever grows) and this thread's own JS heap.
      const wasmBytes = lite.mod?.wasmMemory?.buffer.byteLength ?? 0;
      port.postMessage({ id: m.id, result: { wasmBytes, heapBytes: getHeapStatistics().used_heap_size } });
    } else if (m.op === "close") {
      if (!lite.closed) await lite.close();
      port.postMessage({ id: m.id, result: null });
    }
  } catch (err) {
    fail(m.id, err);
  }
});
