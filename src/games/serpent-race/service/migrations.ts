import type { Kysely, Migration } from "kysely";
import { sql } from "kysely";

/** SerpentRace decks: immutable versions (a game names the version it was started with), owned and shared. */
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
};
