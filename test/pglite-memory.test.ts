import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connectDb, startMemoryDatabasesFrom } from "../src/platform/db/connect";

// docs/operations.md, "Memory": PGlite's buffer cache is set by PGLITE_SHARED_BUFFERS_MB, and a
// new data directory is made by a worker that ends, so initdb's memory is not kept.
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("embedded PGlite's memory settings", () => {
  it("on a new directory in a worker: the directory is made, then opened with the buffer cache asked for", async () => {
    const dir = mkdtempSync(join(tmpdir(), "parlor-pglite-mem-"));
    dirs.push(dir);
    const data = join(dir, "data");
    const h = await connectDb({ dataDir: data, pgliteThread: "worker", pgliteSharedBuffersMb: 8 });
    try {
      expect(existsSync(join(data, "PG_VERSION"))).toBe(true);
      const r = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(h.db);
      expect(r.rows[0]?.shared_buffers).toBe("8MB");
      // What it holds outside the main thread, as /metrics reports it.
      const memory = await h.memory?.();
      expect(memory?.wasmBytes).toBeGreaterThan(16 * 2 ** 20);
      expect(memory?.heapBytes).toBeGreaterThan(0);
      // It is a working database, not only a made directory.
      await sql`CREATE TABLE t (n int)`.execute(h.db);
      await sql`INSERT INTO t VALUES (1), (2)`.execute(h.db);
      const n = await sql<{ c: number }>`SELECT COUNT(*)::int AS c FROM t`.execute(h.db);
      expect(Number(n.rows[0]?.c)).toBe(2);
    } finally {
      await h.close();
    }
    // Opened again (the directory exists now): the same setting, the same rows.
    const again = await connectDb({ dataDir: data, pgliteThread: "worker", pgliteSharedBuffersMb: 4 });
    try {
      const r = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(again.db);
      expect(r.rows[0]?.shared_buffers).toBe("4MB");
      const n = await sql<{ c: number }>`SELECT COUNT(*)::int AS c FROM t`.execute(again.db);
      expect(Number(n.rows[0]?.c)).toBe(2);
    } finally {
      await again.close();
    }
  });

  it("in memory on the main thread: PostgreSQL's default unless asked", async () => {
    const plain = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
    const small = await connectDb({ dataDir: "memory://", pgliteThread: "main", pgliteSharedBuffersMb: 16 });
    try {
      const show = async (h: typeof plain) =>
        (await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(h.db)).rows[0]?.shared_buffers;
      expect(await show(plain)).toBe("128MB");
      expect(await show(small)).toBe("16MB");
    } finally {
      await plain.close();
      await small.close();
    }
  });

  it("memory:// databases start from the dump they are given, each its own copy", async () => {
    const made = await PGlite.create("memory://");
    await made.exec("CREATE TABLE marker (n int); INSERT INTO marker VALUES (7)");
    const dump = await made.dumpDataDir("none");
    await made.close();
    startMemoryDatabasesFrom(dump);
    try {
      const a = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
      const b = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
      try {
        await sql`INSERT INTO marker VALUES (8)`.execute(a.db);
        const count = async (h: typeof a) =>
          Number((await sql<{ c: number }>`SELECT COUNT(*)::int AS c FROM marker`.execute(h.db)).rows[0]?.c);
        expect(await count(a)).toBe(2);
        expect(await count(b)).toBe(1);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      startMemoryDatabasesFrom(new Blob([readFileSync(inject("pgliteTemplate"))]));
    }
  });
});
