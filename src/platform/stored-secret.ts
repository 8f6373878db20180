import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";

/**
 * A random secret kept in the database (`parlor_settings`) under `key`: made by the first
 * node to ask, so every node and every restart share it. Two nodes starting at once both
 * insert; the first one's value is everyone's.
 */
export async function storedSecret(db: Kysely<unknown>, key: string): Promise<string> {
  const fresh = randomBytes(32).toString("base64url");
  await sql`INSERT INTO parlor_settings (key, value) VALUES (${key}, ${fresh}) ON CONFLICT (key) DO NOTHING`.execute(
    db,
  );
  const row = await sql<{ value: string }>`SELECT value FROM parlor_settings WHERE key = ${key}`.execute(db);
  return row.rows[0]!.value;
}

/** A signing key: the operator's secret when one is set, else the stored secret `key`. */
export async function signingKey(db: Kysely<unknown>, key: string, fromEnv?: string): Promise<Uint8Array> {
  return new TextEncoder().encode(fromEnv || (await storedSecret(db, key)));
}
