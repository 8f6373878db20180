import { createHash, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import { signingKey } from "./stored-secret";

/** What a handover code is for (a seat token has none of its claims). */
const HANDOVER = "handover";
/** How long a handover code may wait for someone to open it. */
const HANDOVER_TTL = "30m";

/**
 * Seat tokens: a signed statement "this bearer holds a seat credential in room X".
 * The credential itself is the token's random subject; the host only ever stores its hash.
 */
export class SeatTokens {
  private constructor(private readonly key: Uint8Array) {}

  /** The signing key: SEAT_TOKEN_SECRET if given, else one kept in the database so tokens survive restarts. */
  static async open(db: Kysely<unknown>, fromEnv?: string): Promise<SeatTokens> {
    return new SeatTokens(await signingKey(db, "seat_token_key", fromEnv));
  }

  /**
   * A new seat credential for `room`. `device` is the browser's own secret: the token carries
   * only its hash, and the host keeps which seat that browser took, so a kicked browser
   * cannot come back with a fresh token (docs/architecture.md, Decisions D5).
   */
  async issue(
    room: string,
    name: string,
    device?: string,
    more: { claims?: Record<string, unknown>; ttl?: string; subject?: string } = {},
  ): Promise<string> {
    const dev = device ? createHash("sha256").update(device).digest("base64url") : undefined;
    // A game may add public claims a document asks its token to carry (SerpentRace's gameId…).
    return (
      new SignJWT({ ...more.claims, room, name, ...(dev ? { dev } : {}) })
        .setProtectedHeader({ alg: "HS256" })
        // A game may make the credential stable (an account's seat, so a second device gets the
        // same seat); only our signature makes a token, so a known subject proves nothing alone.
        .setSubject(more.subject ?? randomUUID())
        .setIssuedAt()
        .setExpirationTime(more.ttl ?? "7d")
        .sign(this.key)
    );
  }

  /**
   * A one-time code that hands `seat` of `room`, now held by the credential hashed `from`, to
   * whoever brings it (docs/architecture.md, Decisions D5). It has no subject, so it never
   * proves a seat itself; it is spent once `from` no longer holds the seat, which the first
   * claim brings about.
   */
  async handover(room: string, seat: string, from: string, ttl = HANDOVER_TTL): Promise<string> {
    return new SignJWT({ room, seat, from, use: HANDOVER })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime(ttl)
      .sign(this.key);
  }

  /** The seat and holder a valid handover code for `room` names, or null. */
  async readHandover(code: string, room: string): Promise<{ seat: string; from: string } | null> {
    try {
      const { payload: p } = await jwtVerify(code, this.key, { algorithms: ["HS256"] });
      if (p.use !== HANDOVER || p.room !== room || typeof p.seat !== "string" || typeof p.from !== "string")
        return null;
      return { seat: p.seat, from: p.from };
    } catch {
      return null;
    }
  }

  /** The credential a valid token carries for `room`, or null. */
  async verify(token: string, room: string): Promise<{ credential: string; name?: string; device?: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      if (payload.room !== room || typeof payload.sub !== "string" || payload.use !== undefined) return null;
      return {
        credential: payload.sub,
        ...(typeof payload.name === "string" ? { name: payload.name } : {}),
        ...(typeof payload.dev === "string" ? { device: payload.dev } : {}),
      };
    } catch {
      return null;
    }
  }
}
