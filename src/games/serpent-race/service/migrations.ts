import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";

/**
 * SerpentRace's tables: decks as immutable versions (a game names the version it was created
 * with), owned and shared; and games, the document's `GameAggregate` record beside the room.
 */
export const serpentMigrations: Record<string, Migration> = {
  serpent_0001_decks: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("serpent_decks")
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("decktype", "integer", (c) => c.notNull())
        .addColumn("cards", "jsonb", (c) => c.notNull())
        .addColumn("card_count", "integer", (c) => c.notNull())
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
      await db.schema
        .createTable("serpent_games")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("org_id", "text")
        .addColumn("login_type", "integer", (c) => c.notNull())
        .addColumn("max_players", "integer", (c) => c.notNull())
        .addColumn("board_size", "integer", (c) => c.notNull())
        .addColumn("deck_refs", "jsonb", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
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
};
