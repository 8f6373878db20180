import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";
import { createTableWithId, notNull } from "../../../platform/db/columns";

/** The document's tables (Data Storage Schema), with a description column for packs. */
export const cardTableMigrations: Record<string, Migration> = {
  cards_0001_tables: {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, "game_definitions")
        .$call(notNull({ name: "text", definition: "jsonb" }))
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
      await createTableWithId(db, "card_packs")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("official", "boolean", (c) => c.defaultTo(false))
        .addColumn("cards", "jsonb", (c) => c.notNull())
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
      await createTableWithId(db, "games")
        .addColumn("definition_id", "text", (c) => c.references("game_definitions.id"))
        .$call(notNull({ status: "text", settings: "jsonb" }))
        .addColumn("state", "jsonb")
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .addColumn("started_at", "timestamp")
        .addColumn("ended_at", "timestamp")
        .execute();
      await db.schema
        .createTable("game_events")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("game_id", "text", (c) => c.references("games.id"))
        .addColumn("event", "jsonb", (c) => c.notNull())
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex("game_events_game").on("game_events").column("game_id").execute();
      await createTableWithId(db, "players")
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["players", "game_events", "games", "card_packs", "game_definitions"])
        await db.schema.dropTable(t).execute();
    },
  },
  /**
   * Uploaded packs become immutable versions with an owner: a room names a pack by id and
   * version, so its replay finds the same cards (docs/architecture.md, Decisions D6).
   * Counts and sizes live in columns so listing never reads the cards. Packs uploaded before
   * owners existed stay shared with everyone and belong to nobody.
   */
  cards_0002_pack_versions: {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE card_packs ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
      await sql`ALTER TABLE card_packs ADD COLUMN owner text`.execute(db);
      await sql`ALTER TABLE card_packs ADD COLUMN shared boolean NOT NULL DEFAULT true`.execute(db);
      await sql`ALTER TABLE card_packs ADD COLUMN counts jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(db);
      await sql`ALTER TABLE card_packs ADD COLUMN card_count integer NOT NULL DEFAULT 0`.execute(db);
      await sql`ALTER TABLE card_packs ADD COLUMN bytes integer NOT NULL DEFAULT 0`.execute(db);
      await sql`ALTER TABLE card_packs ADD COLUMN deleted_at timestamp`.execute(db);
      await sql`UPDATE card_packs SET
          counts = COALESCE((SELECT jsonb_object_agg(key, jsonb_array_length(value)) FROM jsonb_each(cards)), '{}'::jsonb),
          card_count = COALESCE((SELECT SUM(jsonb_array_length(value))::int FROM jsonb_each(cards)), 0),
          bytes = octet_length(cards::text)`.execute(db);
      await sql`ALTER TABLE card_packs DROP CONSTRAINT card_packs_pkey`.execute(db);
      await sql`ALTER TABLE card_packs ADD PRIMARY KEY (id, version)`.execute(db);
      await sql`CREATE INDEX card_packs_owner ON card_packs (owner)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DELETE FROM card_packs WHERE version > 1`.execute(db);
      await sql`ALTER TABLE card_packs DROP CONSTRAINT card_packs_pkey`.execute(db);
      await sql`ALTER TABLE card_packs ADD PRIMARY KEY (id)`.execute(db);
      for (const c of ["version", "owner", "shared", "counts", "card_count", "bytes", "deleted_at"])
        await sql`ALTER TABLE card_packs DROP COLUMN ${sql.raw(c)}`.execute(db);
    },
  },
  /**
   * Every stored byte counts toward its owner's quota: a pack's name and description as well
   * as its cards, and uploaded definitions, which now have an owner too. Definitions stored
   * before belong to nobody (they count toward the server's total only if owned).
   */
  cards_0003_counted_bytes: {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE card_packs SET bytes = bytes + octet_length(name) + COALESCE(octet_length(description), 0)`.execute(
        db,
      );
      await sql`ALTER TABLE game_definitions ADD COLUMN owner text`.execute(db);
      await sql`ALTER TABLE game_definitions ADD COLUMN bytes integer NOT NULL DEFAULT 0`.execute(db);
      await sql`UPDATE game_definitions SET bytes = octet_length(definition::text)`.execute(db);
      await sql`CREATE INDEX game_definitions_owner ON game_definitions (owner)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX game_definitions_owner`.execute(db);
      for (const c of ["owner", "bytes"]) await sql`ALTER TABLE game_definitions DROP COLUMN ${sql.raw(c)}`.execute(db);
      await sql`UPDATE card_packs SET bytes = octet_length(cards::text)`.execute(db);
    },
  },
  /**
   * Cards reported from a table (docs/games/card-table.md, Decisions D18), for whoever mends
   * the pack: read by pack, newest first.
   */
  cards_0004_card_reports: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("card_reports")
        .addColumn("id", "serial", (c) => c.primaryKey())
        .addColumn("pack_id", "text")
        .$call(notNull({ card_id: "text", card_text: "text", reason: "text" }))
        .addColumn("note", "text")
        .addColumn("room", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex("card_reports_pack").on("card_reports").columns(["pack_id", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("card_reports").execute();
    },
  },
};
