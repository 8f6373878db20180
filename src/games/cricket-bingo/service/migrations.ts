import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";

/**
 * Cricket Bingo's tables: one row per attempt (a player, a date, a size, a mode: RULINGS 7
 * allows one), and every accepted turn in order, written before the reply, so a game
 * survives a restart and can be replayed.
 */
export const bingoMigrations: Record<string, Migration> = {
  bingo_0001_games_and_turns: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("bingo_games")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("player_id", "text", (c) => c.notNull())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("grid_size", "integer", (c) => c.notNull())
        .addColumn("mode", "text", (c) => c.notNull())
        .addColumn("ranked", "boolean", (c) => c.notNull())
        .addColumn("content_version", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("streak_best", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("finished_at", "bigint")
        .addUniqueConstraint("bingo_games_attempt", ["player_id", "date", "grid_size", "mode"])
        .execute();
      await sql`CREATE INDEX bingo_games_board ON bingo_games (date, grid_size, mode, ranked, status, score DESC)`.execute(
        db,
      );
      await db.schema
        .createTable("bingo_turns")
        .addColumn("game_id", "text", (c) => c.notNull().references("bingo_games.id").onDelete("cascade"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("action", "jsonb", (c) => c.notNull())
        .addPrimaryKeyConstraint("bingo_turns_pk", ["game_id", "seq"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("bingo_turns").execute();
      await db.schema.dropTable("bingo_games").execute();
    },
  },
};
