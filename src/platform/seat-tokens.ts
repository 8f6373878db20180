import { createHash, randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { type Kysely, sql } from "kysely";

/**
 * Seat tokens: a signed statement "this bearer holds a seat credential in room X".
 * The credential itself is the token's random subject; the host only ever stores its hash.
 */
export class SeatTokens {
  private constructor(private readonly key: Uint8Array) {}

  /** The signing key: SEAT_TOKEN_SECRET if given, else one kept in the database so tokens survive restarts. */
  static async open(db: Kysely<unknown>, fromEnv?: string): Promise<SeatTokens> {
    if (fromEnv) return new SeatTokens(new TextEncoder().encode(fromEnv));
    const fresh = randomBytes(32).toString("base64url");
    await sql`INSERT INTO parlor_settings (key, value) VALUES ('seat_token_key', ${fresh}) ON CONFLICT (key) DO NOTHING`.execute(
      db,
    );
    const row = await sql<{ value: string }>`SELECT value FROM parlor_settings WHERE key = 'seat_token_key'`.execute(
      db,
    );
    return new SeatTokens(new TextEncoder().encode(row.rows[0]!.value));
  }

  /**
   * A new seat credential for `room`. `device` is the browser's own secret: the token carries
   * only its hash, and the host keeps which seat that browser took, so a kicked browser
   * cannot come back with a fresh token (Card Table RULINGS 5).
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

  /** The credential a valid token carries for `room`, or null. */
  async verify(token: string, room: string): Promise<{ credential: string; name?: string; device?: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      if (payload.room !== room || typeof payload.sub !== "string") return null;
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
