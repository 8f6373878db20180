import { type Kysely, type Migration, sql } from "kysely";

/**
 * Accounts and organisations belong to the platform: any game may use them (SerpentRace's
 * private and organisation games first, leaderboards and owned uploads later).
 */
export const accountMigrations: Record<string, Migration> = {
  "0003_accounts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("refresh_tokens")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("family", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .addColumn("revoked_at", "bigint")
        .execute();
      await sql`CREATE INDEX refresh_tokens_family ON refresh_tokens (family)`.execute(db);
      await db.schema
        .createTable("orgs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("invite_code", "text", (c) => c.notNull().unique())
        .addColumn("created_by", "text", (c) => c.notNull().references("users.id"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("org_members")
        .addColumn("org_id", "text", (c) => c.notNull().references("orgs.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("joined_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("org_members_pk", ["org_id", "user_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["org_members", "orgs", "refresh_tokens", "users"]) await db.schema.dropTable(t).execute();
    },
  },
};
