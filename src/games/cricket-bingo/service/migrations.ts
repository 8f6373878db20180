import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";
import { createTableWithId, notNull } from "../../../platform/db/columns";

/**
 * Cricket Bingo's tables: one row per attempt (a player, a date, a size:
 * docs/games/cricket-bingo.md, Decisions D7 allows one), and every accepted turn in
 * order, written before the reply, so a game survives a restart and can be replayed.
 */
export const bingoMigrations: Record<string, Migration> = {
  bingo_0001_games_and_turns: {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, "bingo_games")
        .$call(
          notNull({
            player_id: "text",
            display_name: "text",
            date: "text",
            grid_size: "integer",
            mode: "text",
            ranked: "boolean",
            content_version: "text",
            status: "text",
          }),
        )
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
        .$call(notNull({ seq: "integer", at: "bigint", action: "jsonb" }))
        .addPrimaryKeyConstraint("bingo_turns_pk", ["game_id", "seq"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("bingo_turns").execute();
      await db.schema.dropTable("bingo_games").execute();
    },
  },
  /**
   * docs/games/cricket-bingo.md, Decisions D7 counts one attempt per player, date and size;
   * the first table counted one per mode as well, so a player could play assisted (which
   * shows where each card fits, in deck order) and then the same deck again in classic.
   * Where a player has more than one game of a date and size, the first one started stays
   * their attempt; the later ones are kept (their owner can still open them by id) but
   * marked extra and taken off the leaderboard.
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
  /**
   * Ranked games belong to accounts, days are dealt from a deployment's secret, and content
   * is kept by version (docs/games/cricket-bingo.md, "Decisions"):
   * - `on_the_day`: the game was played on its own date (what streaks count), apart from
   *   `ranked`, which only an account's game of the day is. Games before this were ranked
   *   exactly when played on the day; anonymous ones are ranked no more.
   * - `seed`: the seed the game's day was dealt from (null: the date's public seed, as every
   *   game before the secret was).
   * - `bingo_content_versions`: each content version a game was dealt from, once, by its
   *   version (a hash of the content), so an old game finds its own deck after the content
   *   changes. The body is kept as text: its exact JSON is what the version hashes.
   */
  bingo_0003_accounts_seeds_and_content_versions: {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE bingo_games ADD COLUMN on_the_day boolean NOT NULL DEFAULT false`.execute(db);
      await sql`ALTER TABLE bingo_games ADD COLUMN seed text`.execute(db);
      await sql`UPDATE bingo_games SET on_the_day = ranked`.execute(db);
      await sql`UPDATE bingo_games SET ranked = false WHERE player_id NOT LIKE 'user:%'`.execute(db);
      await db.schema
        .createTable("bingo_content_versions")
        .addColumn("version", "text", (c) => c.primaryKey())
        .$call(notNull({ body: "text", stored_at: "bigint" }))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("bingo_content_versions").execute();
      await sql`UPDATE bingo_games SET ranked = on_the_day WHERE NOT extra_attempt`.execute(db);
      await sql`ALTER TABLE bingo_games DROP COLUMN seed`.execute(db);
      await sql`ALTER TABLE bingo_games DROP COLUMN on_the_day`.execute(db);
    },
  },
};
