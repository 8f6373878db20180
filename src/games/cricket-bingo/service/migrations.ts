import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";

/**
 * Cricket Bingo's tables: one row per attempt (a player, a date, a size: RULINGS 7 allows
 * one), and every accepted turn in order, written before the reply, so a game survives a
 * restart and can be replayed.
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
  /**
   * RULINGS 7 counts one attempt per player, date and size; the first table counted one per
   * mode as well, so a player could play assisted (which shows where each card fits, in deck
   * order) and then the same deck again in classic. Where a player has more than one game
   * of a date and size, the first one started stays their attempt; the later ones are kept
   * (their owner can still open them by id) but marked extra and taken off the leaderboard.
   */
  bingo_0002_one_attempt_per_size: {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE bingo_games ADD COLUMN extra_attempt boolean NOT NULL DEFAULT false`.execute(db);
      await sql`UPDATE bingo_games g SET extra_attempt = true, ranked = false
        WHERE EXISTS (SELECT 1 FROM bingo_games o
          WHERE o.player_id = g.player_id AND o.date = g.date AND o.grid_size = g.grid_size
            AND (o.created_at < g.created_at OR (o.created_at = g.created_at AND o.id < g.id)))`.execute(db);
      await sql`ALTER TABLE bingo_games DROP CONSTRAINT bingo_games_attempt`.execute(db);
      await sql`CREATE UNIQUE INDEX bingo_games_attempt ON bingo_games (player_id, date, grid_size)
        WHERE NOT extra_attempt`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX bingo_games_attempt`.execute(db);
      await sql`ALTER TABLE bingo_games ADD CONSTRAINT bingo_games_attempt UNIQUE (player_id, date, grid_size, mode)`.execute(
        db,
      );
      await sql`ALTER TABLE bingo_games DROP COLUMN extra_attempt`.execute(db);
    },
  },
};
