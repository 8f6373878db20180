import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import type { Identity, IdentityService } from "../engine/module";
import { signingKey } from "./stored-secret";

/** An anonymous identity lasts a year from its last issue: long enough for a daily streak. */
const ANONYMOUS_TTL = "365d";
/** Access tokens last 15 minutes, refresh tokens 7 days, rotated on use (docs/architecture.md, Decisions D9). */
export const ACCESS_TTL_SEC = 15 * 60;
export const REFRESH_TTL_SEC = 7 * 24 * 3600;

/**
 * Signed player identities (HS256). The key is IDENTITY_SECRET when the operator sets one,
 * else a random key kept in the database, so identities survive restarts and every node
 * of a cluster shares it.
 */
export class Identities implements IdentityService {
  private constructor(private readonly key: Uint8Array) {}

  static async open(db: Kysely<unknown>, fromEnv?: string): Promise<Identities> {
    return new Identities(await signingKey(db, "identity_key", fromEnv));
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

  /** An account's access token: proves `user:<id>` for 15 minutes. */
  issueAccess(userId: string): Promise<string> {
    return new SignJWT({ kind: "user" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(`user:${userId}`)
      .setAudience("parlor-access")
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TTL_SEC}s`)
      .sign(this.key);
  }

  /** A refresh token: its id (`jti`) and rotation family are kept in the database. */
  issueRefresh(userId: string, id: string, family: string): Promise<string> {
    return new SignJWT({ fam: family })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setAudience("parlor-refresh")
      .setJti(id)
      .setIssuedAt()
      .setExpirationTime(`${REFRESH_TTL_SEC}s`)
      .sign(this.key);
  }

  async readRefresh(token: string): Promise<{ userId: string; id: string; family: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], audience: "parlor-refresh" });
      if (typeof payload.sub !== "string" || typeof payload.jti !== "string" || typeof payload.fam !== "string")
        return null;
      return { userId: payload.sub, id: payload.jti, family: payload.fam };
    } catch {
      return null;
    }
  }

  /** The identity an anonymous token or an account's access token proves, or null. */
  async fromToken(token: string | undefined): Promise<Identity | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        audience: ["parlor-player", "parlor-access"],
      });
      if (typeof payload.sub !== "string") return null;
      return { id: payload.sub, kind: payload.kind === "user" ? "user" : "anonymous" };
    } catch {
      return null;
    }
  }

  /** Sign anything else a game needs (a game token): HS256 with this server's key. */
  sign(claims: Record<string, unknown>, audience: string, ttlSec: number, subject?: string): Promise<string> {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setAudience(audience).setIssuedAt();
    if (subject) jwt.setSubject(subject);
    return jwt.setExpirationTime(`${ttlSec}s`).sign(this.key);
  }

  async verify(token: string, audience: string): Promise<Record<string, unknown> | null> {
    try {
      return (await jwtVerify(token, this.key, { algorithms: ["HS256"], audience })).payload as Record<string, unknown>;
    } catch {
      return null;
    }
  }
}
