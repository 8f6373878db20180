import type { Kysely, Migration } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { connectDb, type DbHandle } from "./connect";
import { migrate } from "./migrations";

/**
 * For tests: an in-memory database with the platform's tables and `extra` migrations, opened
 * before the tests of the file (or describe block) that calls it and closed after them.
 * Returns the database, to call once it is open.
 */
export function memoryDb(extra: Record<string, Migration> = {}): () => Kysely<unknown> {
  let h: DbHandle | undefined;
  beforeAll(async () => {
    h = await connectDb({ dataDir: "memory://" });
    await migrate(h.db as never, extra);
  });
  afterAll(async () => {
    await h?.close();
  });
  return () => {
    if (!h) throw new Error("the test database is not open yet");
    return h.db as Kysely<unknown>;
  };
}
