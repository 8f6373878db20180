import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";

/** The document's tables (Data Storage Schema), with a description column for packs. */
export const cardTableMigrations: Record<string, Migration> = {
  cards_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("game_definitions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("definition", "jsonb", (c) => c.notNull())
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable("card_packs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("official", "boolean", (c) => c.defaultTo(false))
        .addColumn("cards", "jsonb", (c) => c.notNull())
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable("games")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("definition_id", "text", (c) => c.references("game_definitions.id"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("settings", "jsonb", (c) => c.notNull())
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
      await db.schema
        .createTable("players")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("created_at", "timestamp", (c) => c.defaultTo(sql`now()`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["players", "game_events", "games", "card_packs", "game_definitions"])
        await db.schema.dropTable(t).execute();
    },
  },
};
