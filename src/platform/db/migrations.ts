import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import { notNull } from "./columns";

/**
 * Platform migrations. Games add their own tables through `extraMigrations`, so the
 * platform never names a game.
 */
const platform: Record<string, Migration> = {
  "0001_rooms_and_inputs": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("rooms")
        .addColumn("uid", "text", (c) => c.primaryKey())
        .$call(
          notNull({
            code: "text",
            game: "text",
            options: "jsonb",
            seed: "text",
            time_scale: "double precision",
            created_at: "bigint",
            status: "text",
            updated_at: "bigint",
          }),
        )
        .execute();
      await db.schema.createIndex("rooms_open_code").on("rooms").columns(["status", "code"]).execute();
      await db.schema
        .createTable("room_inputs")
        .addColumn("room_uid", "text", (c) => c.notNull().references("rooms.uid").onDelete("cascade"))
        .$call(notNull({ seq: "integer", at: "bigint", kind: "text" }))
        .addColumn("actor", "text")
        .addColumn("intent", "jsonb")
        .addColumn("meta", "jsonb")
        .addPrimaryKeyConstraint("room_inputs_pk", ["room_uid", "seq"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("room_inputs").execute();
      await db.schema.dropTable("rooms").execute();
    },
  },
  "0002_settings": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("parlor_settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("parlor_settings").execute();
    },
  },
  /** Content sent along with new rooms, stored once and named by hash (content-store.ts). */
  "0003_content": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("content_blobs")
        .addColumn("hash", "text", (c) => c.primaryKey())
        .$call(
          notNull({
            game: "text",
            kind: "text",
            owner: "text",
            bytes: "integer",
            body: "jsonb",
            created_at: "bigint",
            used_at: "bigint",
          }),
        )
        .execute();
      await db.schema.createIndex("content_blobs_owner").on("content_blobs").column("owner").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("content_blobs").execute();
    },
  },
  /**
   * An open room's code names one room across every node: a second node drawing the same
   * code fails its insert and draws again. Older open rooms that share a code (possible
   * before this index) are closed first, keeping the newest.
   */
  "0004_unique_open_codes": {
    async up(db: Kysely<unknown>) {
      await sql`
        UPDATE rooms SET status = 'closed'
        WHERE status = 'open' AND EXISTS (
          SELECT 1 FROM rooms newer
          WHERE newer.status = 'open' AND newer.code = rooms.code
            AND (newer.created_at, newer.uid) > (rooms.created_at, rooms.uid)
        )`.execute(db);
      await sql`CREATE UNIQUE INDEX rooms_open_code_unique ON rooms (code) WHERE status = 'open'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX rooms_open_code_unique`.execute(db);
    },
  },
};

export async function migrate(db: Kysely<unknown>, extra: Record<string, Migration> = {}): Promise<void> {
  const all = { ...platform, ...extra };
  const provider: MigrationProvider = { getMigrations: async () => all };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: "parlor_migrations",
    migrationLockTableName: "parlor_migrations_lock",
    // Migrations come from the platform and from each game, and a new one (a new game's
    // tables, say) may sort before one a database already ran: each runs once, in name order
    // among those not yet run, whatever ran before.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`migration failed: ${failed?.migrationName ?? ""} ${String(error ?? "")}`);
}
