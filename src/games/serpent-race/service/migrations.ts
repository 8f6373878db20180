import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";
import { createTableWithId, notNull } from "../../../platform/db/columns";

/**
 * SerpentRace's tables: decks as immutable versions (a game names the version it was created
 * with), owned and shared; and games, the document's `GameAggregate` record beside the room.
 */
export const serpentMigrations: Record<string, Migration> = {
  serpent_0001_decks: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("serpent_decks")
        .$call(
          notNull({
            id: "text",
            version: "integer",
            name: "text",
            decktype: "integer",
            cards: "jsonb",
            card_count: "integer",
          }),
        )
        .addColumn("owner_id", "text")
        .addColumn("org_id", "text")
        .addColumn("visibility", "text", (c) => c.notNull())
        .addColumn("builtin", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("deleted_at", "bigint")
        .addPrimaryKeyConstraint("serpent_decks_pk", ["id", "version"])
        .execute();
      await sql`CREATE INDEX serpent_decks_owner ON serpent_decks (owner_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("serpent_decks").execute();
    },
  },
  serpent_0002_games: {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, "serpent_games")
        .$call(notNull({ code: "text", created_by: "text" }))
        .addColumn("org_id", "text")
        .$call(
          notNull({
            login_type: "integer",
            max_players: "integer",
            board_size: "integer",
            deck_refs: "jsonb",
            created_at: "bigint",
          }),
        )
        .addColumn("started_at", "bigint")
        .addColumn("ended_at", "bigint")
        .addColumn("finished", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("winner", "text")
        .addColumn("players", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
      // A room code is reused only after its room closed, so the newest game with a code is the one.
      await sql`CREATE INDEX serpent_games_code ON serpent_games (code, created_at DESC)`.execute(db);
      await sql`CREATE INDEX serpent_games_creator ON serpent_games (created_by, created_at DESC)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("serpent_games").execute();
    },
  },
  // What a new race with the same players needs: the game's own settings (dice, timers) and
  // the game made after it (the players' end screens look it up).
  serpent_0003_next_game: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("serpent_games")
        .addColumn("settings", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .execute();
      await db.schema.alterTable("serpent_games").addColumn("next_id", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("serpent_games").dropColumn("next_id").execute();
      await db.schema.alterTable("serpent_games").dropColumn("settings").execute();
    },
  },
};
