import { randomInt, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { ApiRefusal } from "../../engine/module";
import { CODE_ALPHABET } from "../codes";
import { ACCESS_TTL_SEC, type Identities } from "../identities";
import { afterAttempt, LoginLocked } from "./login-backoff";
import { checkPassword, hashPassword, weakness } from "./passwords";

// biome-ignore lint/suspicious/noExplicitAny: the platform's own tables
type Db = Kysely<any>;

export interface User {
  id: string;
  email: string;
  displayName: string;
  createdAt: number;
}

export type OrgRole = "owner" | "admin" | "member";

export interface Session {
  user: User;
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts. */
  expiresIn: number;
}

const toUser = (r: Record<string, unknown>): User => ({
  id: String(r.id),
  email: String(r.email),
  displayName: String(r.display_name),
  createdAt: Number(r.created_at),
});

/** A checked email: trimmed and lower-cased, so one address is one account. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Accounts and organisations: registration and login (scrypt passwords), token pairs with
 * refresh rotation (a refresh token used twice revokes its whole family: someone copied
 * it), and organisations with owner / admin / member roles, joined by invite code.
 */
export class Accounts {
  constructor(
    private readonly db: Db,
    private readonly tokens: Identities,
    private readonly now: () => number = Date.now,
  ) {}

  async register(emailIn: string, password: string, displayName: string): Promise<Session> {
    const email = normalEmail(emailIn);
    const weak = weakness(password, email);
    if (weak) throw new ApiRefusal(400, "weak_password", weak);
    const taken = await sql`SELECT 1 FROM users WHERE email = ${email}`.execute(this.db);
    if (taken.rows.length > 0) throw new ApiRefusal(409, "email_taken", "An account with that email already exists.");
    const user: User = { id: randomUUID(), email, displayName: displayName.trim(), createdAt: this.now() };
    const hash = await hashPassword(password);
    const r = await sql`INSERT INTO users (id, email, display_name, password_hash, created_at)
      VALUES (${user.id}, ${email}, ${user.displayName}, ${hash}, ${user.createdAt})
      ON CONFLICT (email) DO NOTHING`.execute(this.db);
    if (Number(r.numAffectedRows ?? 0n) === 0)
      throw new ApiRefusal(409, "email_taken", "An account with that email already exists.");
    return this.session(user, randomUUID());
  }

  async login(emailIn: string, password: string): Promise<Session> {
    const r = await sql<Record<string, unknown>>`SELECT * FROM users WHERE email = ${normalEmail(emailIn)}`.execute(
      this.db,
    );
    const row = r.rows[0];
    // The same answer whether the email is unknown or the password wrong: no account probing.
    if (!row) {
      await checkPassword(password, DUMMY);
      throw new ApiRefusal(401, "invalid_credentials", "That email and password do not match.");
    }
    const id = String(row.id);
    await this.countAttempt(id);
    if (!(await checkPassword(password, String(row.password_hash))))
      throw new ApiRefusal(401, "invalid_credentials", "That email and password do not match.");
    await sql`UPDATE users SET login_failures = 0, login_locked_until = 0 WHERE id = ${id}`.execute(this.db);
    return this.session(toUser(row), randomUUID());
  }

  /**
   * Count a login attempt against the account before its password is checked (see
   * login-backoff.ts), or refuse it with LoginLocked while the account is locked. One
   * transaction with the row locked, so attempts sent together are counted one by one.
   */
  private async countAttempt(userId: string): Promise<void> {
    const now = this.now();
    const wait = await this.db.transaction().execute(async (tx) => {
      const r = await sql<{ login_failures: unknown; login_failed_at: unknown; login_locked_until: unknown }>`
        SELECT login_failures, login_failed_at, login_locked_until FROM users WHERE id = ${userId} FOR UPDATE`.execute(
        tx,
      );
      const cur = r.rows[0];
      if (!cur) return 0;
      const record = {
        failures: Number(cur.login_failures),
        failedAt: Number(cur.login_failed_at),
        lockedUntil: Number(cur.login_locked_until),
      };
      const next = afterAttempt(record, now);
      if (!next) return record.lockedUntil - now;
      await sql`UPDATE users SET login_failures = ${next.failures}, login_failed_at = ${next.failedAt},
        login_locked_until = ${next.lockedUntil} WHERE id = ${userId}`.execute(tx);
      return 0;
    });
    if (wait > 0) throw new LoginLocked(wait);
  }

  /** A new token pair for a refresh token; the old one is spent. Reusing a spent one revokes its family. */
  async refresh(refreshToken: string): Promise<Session> {
    const claims = await this.tokens.readRefresh(refreshToken);
    if (!claims) throw new ApiRefusal(401, "invalid_token", "That refresh token is not valid.");
    const now = this.now();
    const r = await sql<{
      used_at: unknown;
      revoked_at: unknown;
      expires_at: unknown;
    }>`SELECT used_at, revoked_at, expires_at
      FROM refresh_tokens WHERE id = ${claims.id}`.execute(this.db);
    const row = r.rows[0];
    if (!row || row.revoked_at !== null || Number(row.expires_at) <= now)
      throw new ApiRefusal(401, "invalid_token", "That refresh token is no longer valid; log in again.");
    const spend =
      await sql`UPDATE refresh_tokens SET used_at = ${now} WHERE id = ${claims.id} AND used_at IS NULL`.execute(
        this.db,
      );
    if (Number(spend.numAffectedRows ?? 0n) === 0) {
      await this.revokeFamily(claims.family);
      throw new ApiRefusal(401, "token_reused", "That refresh token was already used; every session from it is ended.");
    }
    const user = await this.user(claims.userId);
    if (!user) throw new ApiRefusal(401, "invalid_token", "That account no longer exists.");
    return this.session(user, claims.family);
  }

  /** End the session a refresh token belongs to (its whole rotation family). */
  async logout(refreshToken: string | undefined): Promise<void> {
    const claims = refreshToken ? await this.tokens.readRefresh(refreshToken) : null;
    if (claims) await this.revokeFamily(claims.family);
  }

  async user(id: string): Promise<User | null> {
    const r = await sql<Record<string, unknown>>`SELECT * FROM users WHERE id = ${id}`.execute(this.db);
    return r.rows[0] ? toUser(r.rows[0]) : null;
  }

  private async revokeFamily(family: string): Promise<void> {
    await sql`UPDATE refresh_tokens SET revoked_at = ${this.now()} WHERE family = ${family} AND revoked_at IS NULL`.execute(
      this.db,
    );
  }

  private async session(user: User, family: string): Promise<Session> {
    const id = randomUUID();
    const expires = this.now() + 7 * 24 * 3600 * 1000;
    await sql`INSERT INTO refresh_tokens (id, family, user_id, expires_at) VALUES (${id}, ${family}, ${user.id}, ${expires})`.execute(
      this.db,
    );
    return {
      user,
      accessToken: await this.tokens.issueAccess(user.id),
      refreshToken: await this.tokens.issueRefresh(user.id, id, family),
      expiresIn: ACCESS_TTL_SEC,
    };
  }

  // Organisations

  async createOrg(userId: string, name: string) {
    const id = randomUUID();
    const inviteCode = await this.freshInviteCode();
    await this.db.transaction().execute(async (tx) => {
      await sql`INSERT INTO orgs (id, name, invite_code, created_by, created_at)
        VALUES (${id}, ${name.trim()}, ${inviteCode}, ${userId}, ${this.now()})`.execute(tx);
      await sql`INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES (${id}, ${userId}, 'owner', ${this.now()})`.execute(
        tx,
      );
    });
    return { id, name: name.trim(), inviteCode, role: "owner" as OrgRole };
  }

  async joinOrg(userId: string, inviteCode: string) {
    const r = await sql<{
      id: string;
      name: string;
    }>`SELECT id, name FROM orgs WHERE invite_code = ${inviteCode.trim().toUpperCase()}`.execute(this.db);
    const org = r.rows[0];
    if (!org) throw new ApiRefusal(404, "org_not_found", "No organisation has that invite code.");
    await sql`INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES (${org.id}, ${userId}, 'member', ${this.now()})
      ON CONFLICT (org_id, user_id) DO NOTHING`.execute(this.db);
    return { id: org.id, name: org.name, role: (await this.roleIn(org.id, userId))! };
  }

  async roleIn(orgId: string, userId: string): Promise<OrgRole | null> {
    const r = await sql<{
      role: OrgRole;
    }>`SELECT role FROM org_members WHERE org_id = ${orgId} AND user_id = ${userId}`.execute(this.db);
    return r.rows[0]?.role ?? null;
  }

  /** A new invite code (owners and admins): the old one stops working. */
  async rotateInvite(orgId: string, userId: string): Promise<string> {
    const role = await this.roleIn(orgId, userId);
    if (!role) throw new ApiRefusal(404, "org_not_found", "No such organisation of yours.");
    if (role === "member") throw new ApiRefusal(403, "forbidden", "Only owners and admins may invite.");
    const code = await this.freshInviteCode();
    await sql`UPDATE orgs SET invite_code = ${code} WHERE id = ${orgId}`.execute(this.db);
    return code;
  }

  async members(orgId: string, userId: string) {
    if (!(await this.roleIn(orgId, userId)))
      throw new ApiRefusal(404, "org_not_found", "No such organisation of yours.");
    const r = await sql<{ user_id: string; display_name: string; role: OrgRole; joined_at: unknown }>`SELECT m.user_id,
        u.display_name, m.role, m.joined_at FROM org_members m JOIN users u ON u.id = m.user_id
      WHERE m.org_id = ${orgId} ORDER BY m.joined_at`.execute(this.db);
    return r.rows.map((m) => ({
      userId: m.user_id,
      displayName: m.display_name,
      role: m.role,
      joinedAt: Number(m.joined_at),
    }));
  }

  /** Owners set roles; the last owner cannot step down (an organisation always has one). */
  async setRole(orgId: string, by: string, target: string, role: OrgRole): Promise<void> {
    if ((await this.roleIn(orgId, by)) !== "owner")
      throw new ApiRefusal(403, "forbidden", "Only owners may set roles.");
    const current = await this.roleIn(orgId, target);
    if (!current) throw new ApiRefusal(404, "member_not_found", "That user is not a member.");
    if (current === "owner" && role !== "owner") {
      const owners = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM org_members
        WHERE org_id = ${orgId} AND role = 'owner'`.execute(this.db);
      if (Number(owners.rows[0]!.n) <= 1)
        throw new ApiRefusal(409, "last_owner", "An organisation needs an owner; make someone else owner first.");
    }
    await sql`UPDATE org_members SET role = ${role} WHERE org_id = ${orgId} AND user_id = ${target}`.execute(this.db);
  }

  async myOrgs(userId: string) {
    const r = await sql<{ id: string; name: string; role: OrgRole; invite_code: string }>`SELECT o.id, o.name, m.role,
        o.invite_code FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = ${userId}
      ORDER BY o.name`.execute(this.db);
    return r.rows.map((o) => ({
      id: o.id,
      name: o.name,
      role: o.role,
      // Members see the code only if they may share it.
      ...(o.role === "member" ? {} : { inviteCode: o.invite_code }),
    }));
  }

  private async freshInviteCode(): Promise<string> {
    for (;;) {
      let code = "";
      for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      const r = await sql`SELECT 1 FROM orgs WHERE invite_code = ${code}`.execute(this.db);
      if (r.rows.length === 0) return code;
    }
  }
}

/** A stored hash to check against when the email is unknown, so both paths take as long. */
const DUMMY =
  "scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$1rZGjq8cZfb6t1dr1kY6g2JmQ3pV4T6G7d6v1x3o1m4qZ7q9Q0sL8yXxG1Yc1FhP6jS0oTnqQhq3xgW2dN3nmA";
