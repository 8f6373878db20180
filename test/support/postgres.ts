import { randomBytes } from "node:crypto";
import pg from "pg";
import { postgresUrl } from "./needs";

/**
 * A new, empty database on the PostgreSQL server of DATABASE_URL, for one suite. CI runs on
 * the machine's long-lived server, which keeps whatever earlier runs and other branches left
 * (tables, migrations this checkout does not know); a database of its own makes the suite
 * independent of all that. `drop` removes it again.
 */
export async function freshPostgresDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error("DATABASE_URL is not set");
  const name = `parlor_t_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
