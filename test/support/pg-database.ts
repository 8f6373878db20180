import { randomBytes } from "node:crypto";
import pg from "pg";
import { postgresUrl } from "./needs";

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL, for suites that start
 * whole nodes: a node restores every open room it finds, so it must not see other suites'.
 */
export async function freshDatabase(what: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parlor_${what}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
