import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { checkDataDir, DataDirDamaged, recordDataDir } from "./data-dir-check";
import { type PGliteMemory, RemotePGlite } from "./pglite-remote";
import type { Database } from "./schema";

/**
 * A dump of a new, empty data directory (`dumpDataDir`) that memory:// databases start from
 * instead of running initdb each time, which costs about 1.5 s of CPU: test suites start
 * hundreds of in-memory servers. Unset (the default), each is made as PGlite makes it.
 */
let memoryTemplate: Blob | undefined;
export function startMemoryDatabasesFrom(dump: Blob | undefined): void {
  memoryTemplate = dump;
}

/** PGlite's own start parameters, with the buffer cache set when asked. */
export function pgliteStartParams(sharedBuffersMb?: number): string[] {
  const own = [...PGlite.defaultStartParams];
  return sharedBuffersMb === undefined ? own : [...own, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}

// Postgres returns int8 as strings; our bigints are millisecond timestamps, safe as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbHandle {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** Embedded PGlite only: what it holds outside the main thread's heap (for /metrics). */
  memory?: () => Promise<PGliteMemory>;
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Where embedded PGlite runs: the main thread (the default here) or its own worker thread. */
  pgliteThread?: "worker" | "main";
  /** PGlite's buffer cache (shared_buffers) in MB; PostgreSQL's own default (128) when unset. */
  pgliteSharedBuffersMb?: number;
  /** Told when PostgreSQL closes an idle pooled connection (logged; the pool reconnects). */
  onIdleError?: (err: Error) => void;
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite: in `dataDir`, or in memory
 * when dataDir is "memory://".
 */
export async function connectDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closed (a restart, a failover) is dropped by the pool and
    // reported here; unheard, that report would end the process. The next query reconnects.
    pool.on("error", (err) => opts.onIdleError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  const onDisk = !opts.dataDir.startsWith("memory://");
  if (onDisk) {
    checkDataDir(opts.dataDir);
    mkdirSync(opts.dataDir, { recursive: true });
  }
  let lite: PGlite | RemotePGlite;
  try {
    const startParams = pgliteStartParams(opts.pgliteSharedBuffersMb);
    lite =
      opts.pgliteThread === "worker"
        ? await RemotePGlite.create(opts.dataDir, startParams)
        : await PGlite.create(
            !onDisk && memoryTemplate
              ? { loadDataDir: memoryTemplate, startParams }
              : { dataDir: opts.dataDir, startParams },
          );
    await lite.exec("SET TIME ZONE 'UTC'");
  } catch (err) {
    // PGlite says little more than "Aborted()" about files it cannot read.
    if (!onDisk) throw err;
    throw new DataDirDamaged(opts.dataDir, `PGlite could not open it (${String((err as Error)?.message ?? err)})`);
  }
  // PGlite's own parser returns int8 as bigint/strings depending on version; normalise.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(lite as PGlite) });
  const wasmOf = (l: PGlite) =>
    (l as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory?.buffer.byteLength ?? 0;
  return {
    db,
    kind: "pglite",
    memory: () => (lite instanceof RemotePGlite ? lite.memory() : Promise.resolve({ wasmBytes: wasmOf(lite) })),
    close: async () => {
      await db.destroy().catch(() => {});
      if (!lite.closed) await lite.close();
      // Closed gracefully: the next start can tell whether anything was cut short since.
      if (onDisk) recordDataDir(opts.dataDir);
    },
  };
}
