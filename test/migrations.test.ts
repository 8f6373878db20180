import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connectDb } from "../src/platform/db/connect";
import { migrate } from "../src/platform/db/migrations";

describe("migrations", () => {
  it("a database that ran a game's tables takes a new migration whose name sorts before them", async () => {
    const h = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
    try {
      const table = (name: string) => ({
        up: async (db: never) => {
          await sql`CREATE TABLE ${sql.raw(name)} (id int)`.execute(db);
        },
      });
      // An older server: the platform's tables, then a game's.
      await migrate(h.db as never, { zz_game_0001: table("zz_game") });
      // A newer one adds platform tables named to sort before the game's (accounts did).
      await migrate(h.db as never, { zz_game_0001: table("zz_game"), "0003_new_platform_table": table("newer") });
      const r = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM newer`.execute(h.db);
      expect(Number(r.rows[0]!.n)).toBe(0);
    } finally {
      await h.close();
    }
  });
});
