import { randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { type Kysely, sql } from "kysely";
import type { Identity, IdentityService } from "../engine/module";

/** An anonymous identity lasts a year from its last issue: long enough for a daily streak. */
const ANONYMOUS_TTL = "365d";

/**
 * Signed player identities (HS256). The key is IDENTITY_SECRET when the operator sets one,
 * else a random key kept in the database, so identities survive restarts and every node
 * of a cluster shares it.
 */
export class Identities implements IdentityService {
  private constructor(private readonly key: Uint8Array) {}

  static async open(db: Kysely<unknown>, fromEnv?: string): Promise<Identities> {
    if (fromEnv) return new Identities(new TextEncoder().encode(fromEnv));
    const fresh = randomBytes(32).toString("base64url");
    await sql`INSERT INTO parlor_settings (key, value) VALUES ('identity_key', ${fresh}) ON CONFLICT (key) DO NOTHING`.execute(
      db,
    );
    const row = await sql<{ value: string }>`SELECT value FROM parlor_settings WHERE key = 'identity_key'`.execute(db);
    return new Identities(new TextEncoder().encode(row.rows[0]!.value));
  }

  async issueAnonymous(): Promise<{ identity: Identity; token: string }> {
    const identity: Identity = { id: `anon:${randomUUID()}`, kind: "anonymous" };
    const token = await new SignJWT({ kind: identity.kind })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(identity.id)
      .setAudience("parlor-player")
      .setIssuedAt()
      .setExpirationTime(ANONYMOUS_TTL)
      .sign(this.key);
    return { identity, token };
  }

  async fromToken(token: string | undefined): Promise<Identity | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], audience: "parlor-player" });
      if (typeof payload.sub !== "string") return null;
      return { id: payload.sub, kind: payload.kind === "user" ? "user" : "anonymous" };
    } catch {
      return null;
    }
  }
}
