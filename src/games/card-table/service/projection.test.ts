import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb, type DbHandle } from "../../../platform/db/connect";
import { migrate } from "../../../platform/db/migrations";
import { cardTableMigrations } from "./migrations";
import { projectCardTable } from "./projection";

let h: DbHandle;
beforeAll(async () => {
  h = await connectDb({ dataDir: "memory://" });
  await migrate(h.db as never, cardTableMigrations);
});
afterAll(() => h?.close());

/** The database, counting the raw statements that start with each prefix it is asked about. */
function counting() {
  const seen: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      const node = args.node as { kind: string; sqlFragments?: readonly string[] };
      if (node.kind === "RawNode") seen.push((node.sqlFragments ?? []).join("?").trim().replace(/\s+/g, " "));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: h.db.withPlugin(plugin), count: (prefix: string) => seen.filter((s) => s.startsWith(prefix)).length };
}

/** The fields of a table's state the projection reads (the rest is stored as it is). */
const table = (status: string, definitionId: string) => ({
  status,
  definition: { id: definitionId, name: "A definition" },
  settings: { endCondition: "rounds" },
});

describe("card table history projection", () => {
  it("writes a game's row when its status changes, and never again after it ended", async () => {
    const c = counting();
    const ctx = { db: c.db, now: () => 0 };
    const room = { uid: "proj-game-1", code: "PROJ1" };
    for (const status of ["lobby", "lobby", "playing", "playing", "ended", "ended", "ended"])
      await projectCardTable(ctx, room, table(status, "proj-def-1"), []);
    expect(c.count("INSERT INTO games")).toBe(3);
    const row = await sql<{ status: string; has_state: boolean; ended: boolean }>`
      SELECT status, state IS NOT NULL AS has_state, ended_at IS NOT NULL AS ended FROM games WHERE id = ${room.uid}`.execute(
      h.db,
    );
    expect(row.rows).toEqual([{ status: "ended", has_state: true, ended: true }]);
  });

  it("writes a definition once, however many games use it", async () => {
    const c = counting();
    const ctx = { db: c.db, now: () => 0 };
    for (const uid of ["proj-game-2", "proj-game-3"])
      for (const status of ["lobby", "playing"])
        await projectCardTable(ctx, { uid, code: uid }, table(status, "proj-def-2"), []);
    expect(c.count("INSERT INTO game_definitions")).toBe(1);
    expect(c.count("INSERT INTO games")).toBe(4);
  });
});
