import { type Kysely, sql } from "kysely";

/** An arbitrary key for PostgreSQL's advisory lock that Parlor nodes take while they start. */
const STARTUP_LOCK = 0x7061726c; // "parl"

/**
 * Run a node's one-time setup (migrations, keys kept in the database, each game's `init`
 * with its shipped content) while no other node on the same PostgreSQL does: nodes started
 * together would otherwise race to insert the same rows. The lock is held on a connection
 * of its own; the setup uses the pool as usual. Embedded PGlite has one process: no lock.
 */
export async function oneNodeAtATime<T>(db: Kysely<unknown>, kind: string, setup: () => Promise<T>): Promise<T> {
  if (kind !== "postgres") return setup();
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await setup();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}
