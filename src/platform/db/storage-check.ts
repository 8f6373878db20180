import { type Kysely, sql } from "kysely";

/** Storage the server cannot read: what is wrong, in a sentence for the operator. */
export class StorageUnreadable extends Error {
  constructor(problem: string) {
    super(`storage cannot be read: ${problem}`);
    this.name = "StorageUnreadable";
  }
}

interface Relation {
  name: string;
  path: string;
  bytes: number;
}

/**
 * Checks that the database's own tables can be read, at start and for `/healthz`. A table
 * whose file was cut short reads as fewer rows, or none, without any error from PostgreSQL,
 * so an empty result proves nothing; two things do:
 *
 * - **at start**, every B-tree index of the application's tables is followed to the table
 *   at its first and last entry (an index scan, never a sequential one): an index entry
 *   whose row lies past the end of the table's file fails with "could not read block";
 * - **on embedded PGlite**, the catalogue's list of those tables and indexes with each
 *   file's size (`pg_relation_size` asks the file system each time): PGlite never vacuums,
 *   so a file shorter than it was before was cut short under the server. (PostgreSQL's
 *   autovacuum does shrink tables, so there only the catalogue is read.)
 */
export class StorageCheck {
  /** Each relation's largest size seen, by file path. */
  private readonly seen = new Map<string, number>();

  constructor(
    // biome-ignore lint/suspicious/noExplicitAny: reads the catalogue, whatever the schema
    private readonly db: Kysely<any>,
    private readonly sizesNeverShrink: boolean,
  ) {}

  /** At start, before anything reads or writes the tables (a fresh database passes): throws StorageUnreadable. */
  async verify(): Promise<void> {
    const indexes = await sql<{ tbl: string; col: string; idx: string }>`
      SELECT t.relname AS tbl, a.attname AS col, i.relname AS idx
      FROM pg_index x
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_am am ON am.oid = i.relam AND am.amname = 'btree'
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
      WHERE t.relnamespace = 'public'::regnamespace AND x.indpred IS NULL AND x.indkey[0] > 0
      ORDER BY t.relname, i.relname`.execute(this.db);
    for (const { tbl, col, idx } of indexes.rows)
      for (const order of [sql`ASC`, sql`DESC`])
        try {
          await this.db.transaction().execute(async (tx) => {
            // Only an index scan visits the table's rows through the index.
            await sql`SET LOCAL enable_seqscan = off`.execute(tx);
            await sql`SET LOCAL enable_bitmapscan = off`.execute(tx);
            await sql`SET LOCAL enable_indexonlyscan = off`.execute(tx);
            await sql`SELECT ctid FROM ${sql.table(tbl)} WHERE ${sql.ref(col)} IS NOT NULL
              ORDER BY ${sql.ref(col)} ${order} LIMIT 1`.execute(tx);
          });
        } catch (err) {
          throw new StorageUnreadable(
            `the table ${tbl} has rows its index ${idx} names but its file does not hold (${(err as Error).message})`,
          );
        }
  }

  /** Once the tables exist, and for /healthz: throws StorageUnreadable. */
  async check(): Promise<void> {
    let rows: Relation[];
    try {
      const r = await sql<{ name: string; path: string; bytes: unknown }>`
        SELECT c.relname AS name, pg_relation_filepath(c.oid) AS path, pg_relation_size(c.oid) AS bytes
        FROM pg_class c
        WHERE c.relkind IN ('r', 'i', 't')
          AND (c.relnamespace = 'public'::regnamespace
            OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE relnamespace = 'public'::regnamespace))`.execute(
        this.db,
      );
      rows = r.rows.map((x) => ({ name: x.name, path: x.path, bytes: Number(x.bytes) }));
    } catch (err) {
      throw new StorageUnreadable(`the catalogue could not be read (${(err as Error).message})`);
    }
    if (!rows.some((r) => r.name === "rooms")) throw new StorageUnreadable("the catalogue has no table rooms");
    if (!this.sizesNeverShrink) return;
    for (const r of rows) {
      const before = this.seen.get(r.path) ?? 0;
      if (r.bytes < before)
        throw new StorageUnreadable(
          `${r.name}'s file ${r.path} is ${r.bytes.toLocaleString("en")} bytes long, but it held ${before.toLocaleString("en")} (truncated under the server?)`,
        );
      this.seen.set(r.path, r.bytes);
    }
  }
}
