import { type Kysely, type Migration, sql } from "kysely";
import { createTableWithId, notNull } from "../db/columns";

/**
 * Accounts and organisations belong to the platform: any game may use them (SerpentRace's
 * private and organisation games first, leaderboards and owned uploads later).
 */
export const accountMigrations: Record<string, Migration> = {
  "0003_accounts": {
    async up(db: Kysely<unknown>) {
      await createTableWithId(db, "users")
        .addColumn("email", "text", (c) => c.notNull().unique())
        .$call(notNull({ display_name: "text", password_hash: "text", created_at: "bigint" }))
        .execute();
      await createTableWithId(db, "refresh_tokens")
        .addColumn("family", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .addColumn("revoked_at", "bigint")
        .execute();
      await sql`CREATE INDEX refresh_tokens_family ON refresh_tokens (family)`.execute(db);
      await createTableWithId(db, "orgs")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("invite_code", "text", (c) => c.notNull().unique())
        .addColumn("created_by", "text", (c) => c.notNull().references("users.id"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("org_members")
        .addColumn("org_id", "text", (c) => c.notNull().references("orgs.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .$call(notNull({ role: "text", joined_at: "bigint" }))
        .addPrimaryKeyConstraint("org_members_pk", ["org_id", "user_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["org_members", "orgs", "refresh_tokens", "users"]) await db.schema.dropTable(t).execute();
    },
  },
  /** Wrong passwords in a row per account, and until when its logins are refused (login-backoff.ts). */
  "0005_login_backoff": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("users")
        .addColumn("login_failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("login_failed_at", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("login_locked_until", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable("users")
        .dropColumn("login_failures")
        .dropColumn("login_failed_at")
        .dropColumn("login_locked_until")
        .execute();
    },
  },
};
