import { randomBytes } from "node:crypto";
import pg from "pg";
import { postgresUrl } from "./needs";

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL, for suites that start
 * whole nodes: a node restores every open room it finds, so it must not see other suites'.
 */
export async function freshDatabase(what: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `parlor_${what}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      // Pools just closed may still be letting their connections go: wait for them rather
      // than cut them off (a connection cut off reports an error to whoever still holds it).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? " WITH (FORCE)" : ""}`);
          break;
        } catch (err) {
          if (attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

/** Run statements on the server of DATABASE_URL (from its own database, not the one they change). */
export async function onServer(...statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: postgresUrl });
  await c.connect();
  try {
    for (const q of statements) await c.query(q);
  } finally {
    await c.end();
  }
}
