import { type KyselyPlugin, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { memoryDb } from "../../../platform/db/test-db";
import { cardTableMigrations } from "./migrations";
import { flushCardHistory, projectCardTable } from "./projection";

const database = memoryDb(cardTableMigrations);
/** A second server's database in the same process, as a test file with two servers has. */
const other = memoryDb(cardTableMigrations);

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
  return {
    db: database().withPlugin(plugin),
    count: (prefix: string) => seen.filter((s) => s.startsWith(prefix)).length,
  };
}

/** The fields of a table's state the projection reads. */
const table = (status: string, definitionId: string) => ({
  gameId: "G",
  definitionId,
  status,
  definition: { id: definitionId, name: "A definition" },
  settings: { endCondition: "rounds" },
  createdAt: 1,
  round: 2,
  activeVariants: [],
  players: [
    {
      id: "P1",
      name: "Ann",
      score: 2,
      presence: "active",
      hand: [{ id: "w1", type: "white", properties: { text: "x" } }],
    },
    { id: "P2", name: "Bo", score: 1, presence: "left", hand: [] },
  ],
  gone: { P2: "left" },
  decks: { white: { id: "white", cards: [{ id: "w2", type: "white", properties: { text: "a secret card" } }] } },
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
      database(),
    );
    expect(row.rows).toEqual([{ status: "ended", has_state: true, ended: true }]);
  });

  it("stores a finished game as its players, scores and winner: no decks, no hands", async () => {
    const ctx = { db: database(), now: () => 0 };
    const room = { uid: "proj-game-4", code: "PROJ4" };
    await projectCardTable(ctx, room, table("ended", "proj-def-4"), []);
    const row = await sql<{ state: unknown }>`SELECT state FROM games WHERE id = ${room.uid}`.execute(database());
    const state = row.rows[0]!.state;
    const stored = typeof state === "string" ? JSON.parse(state) : state;
    expect(stored).toEqual({
      summary: 1,
      gameId: "G",
      definitionId: "proj-def-4",
      definitionName: "A definition",
      createdAt: 1,
      rounds: 2,
      activeVariants: [],
      winner: "P1",
      finalScores: { P1: 2, P2: 1 },
      players: [
        { id: "P1", name: "Ann", score: 2, presence: "active" },
        { id: "P2", name: "Bo", score: 1, presence: "left" },
      ],
      gone: { P2: "left" },
      packRefs: [],
      inlineRefs: [],
    });
  });

  it("never copies a definition: a row names one stored under its id, and none otherwise", async () => {
    const c = counting();
    const ctx = { db: c.db, now: () => 0 };
    await sql`INSERT INTO game_definitions (id, name, definition) VALUES ('proj-stored', 'Stored', '{}')`.execute(
      database(),
    );
    for (const [uid, def] of [
      ["proj-game-2", "proj-stored"],
      ["proj-game-3", "proj-sent-along"],
    ] as const)
      for (const status of ["lobby", "playing"])
        await projectCardTable(ctx, { uid, code: uid }, table(status, def), []);
    expect(c.count("INSERT INTO game_definitions")).toBe(0);
    const rows = await sql<{ id: string; definition_id: string | null }>`SELECT id, definition_id FROM games
      WHERE id IN ('proj-game-2', 'proj-game-3') ORDER BY id`.execute(database());
    expect(rows.rows).toEqual([
      { id: "proj-game-2", definition_id: "proj-stored" },
      { id: "proj-game-3", definition_id: null },
    ]);
    const listed = await sql`SELECT id FROM game_definitions WHERE id = 'proj-sent-along'`.execute(database());
    expect(listed.rows).toEqual([]);
  });

  it("keeps each database's history to itself: flushing one never writes another's games", async () => {
    const room = { uid: "proj-game-5", code: "PROJ5" };
    const joined = { msg: { type: "event", event: { type: "playerJoined", player: { id: "P1", name: "Ann" } } } };
    await projectCardTable({ db: database(), now: () => 0 }, room, table("lobby", "proj-def-5"), [joined as never]);
    // The other server shuts down first: it has nothing of this game to write.
    await flushCardHistory(other());
    const count = (db: typeof database) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM game_events WHERE game_id = ${room.uid}`.execute(db());
    expect((await count(other)).rows).toEqual([{ n: 0 }]);
    await flushCardHistory(database());
    expect((await count(database)).rows).toEqual([{ n: 1 }]);
  });
});
