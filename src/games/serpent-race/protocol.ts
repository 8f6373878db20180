import { z } from "zod";
import type { ClientFrame, WireAdapter } from "../../engine/module";
import { ROOM_CODE_PATTERN } from "../../engine/room-code";
import { zodMessage } from "../../engine/zod-message";
import { GM_SEAT } from "./state";
import { errorEvent, Intent } from "./wire";

/**
 * The document's Socket.IO protocol in namespace /game: named events both ways. A player
 * connects with `auth: { token: gameToken }` (from POST /api/v1/game/join); the gamemaster
 * with `auth: { token: accessToken, gameCode? }` (without a code: their latest open game);
 * a projector or spectator with `auth: { gameCode }`, plus for a PRIVATE or ORGANIZATION
 * game `accessToken` (an account with the right to join it) or `key` (the projector link's).
 * `game:join { gameToken }` joins the same way after connecting.
 */

/** Every client event the race reads; "start" comes only from the REST start route. */
export const CLIENT_EVENTS = Intent.options.map((o) => o.shape.event.value).filter((e) => e !== "start");
const READS = new Set<string>(CLIENT_EVENTS);

const Token = z.string().min(1).max(4096);
const Code = z.string().regex(ROOM_CODE_PATTERN);

export const HandshakeAuth = z.object({
  token: Token.optional(),
  gameCode: Code.optional(),
  /** A watcher's account (ours): watching a PRIVATE or ORGANIZATION game takes the right to join it. */
  accessToken: Token.optional(),
  /** The projector link's key (ours), which the gamemaster hands out. */
  key: z.string().min(1).max(200).optional(),
});
export const JoinPayload = z.object({ gameToken: Token, gameCode: Code.optional() });

/**
 * The room a token is for, read from its claims without checking the signature (the gateway
 * checks it before seating anyone): a game token names its room; an access token names none.
 */
function roomOfToken(token: string): string | null {
  try {
    const part = token.split(".")[1];
    if (!part) return null;
    const claims = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as { room?: unknown };
    return typeof claims.room === "string" ? claims.room : null;
  } catch {
    return null;
  }
}

function joinFrame(
  token: string | undefined,
  gameCode: string | undefined,
  watch: { accessToken?: string; key?: string } = {},
): ClientFrame {
  const named = gameCode?.toUpperCase();
  if (token === undefined) return { kind: "join", roomId: named ?? "", create: false, watch };
  return { kind: "join", roomId: roomOfToken(token) ?? named ?? "", credential: token, create: false };
}

const invalid = (code: string, message: string): ClientFrame => ({ kind: "invalid", code, message });

export const serpentWire: WireAdapter = {
  events: ["game:join", ...CLIENT_EVENTS],

  parse(raw, event) {
    if (event === "game:join") {
      const j = JoinPayload.safeParse(raw);
      return j.success ? joinFrame(j.data.gameToken, j.data.gameCode) : invalid("bad_message", zodMessage(j.error));
    }
    // Leaving goes through the platform, so the seat's credential stops proving anything.
    if (event === "game:leave") return { kind: "leave" };
    if (event === undefined || !READS.has(event))
      return invalid(
        "unknown_event",
        `This game reads its own events (game:dice-roll, …), not "${event ?? "message"}".`,
      );
    return { kind: "intent", intent: { event, data: raw ?? {} } };
  },

  emit: (msg) => msg as { event: string; data: unknown },

  handshake(auth) {
    const a = HandshakeAuth.safeParse(auth ?? {});
    if (!a.success || (a.data.token === undefined && a.data.gameCode === undefined)) return null;
    const { accessToken, key } = a.data;
    return joinFrame(a.data.token, a.data.gameCode, {
      ...(accessToken === undefined ? {} : { accessToken }),
      ...(key === undefined ? {} : { key }),
    });
  },

  error: (code, message) => errorEvent(code, message, Date.now()),

  // `authenticated`, then `game:state`, then what the race sends the seat on its return.
  syncFirst: true,

  // `playerId` is ours: the seat, the id every event and the turn order use (the game token's
  // `playerId` is the same).
  welcome(roomId, seat, name) {
    if (seat === null) return null;
    const playerName = name ?? (seat === GM_SEAT ? "Gamemaster" : seat);
    return {
      event: "authenticated",
      data: { gameCode: roomId, playerName, playerId: seat, message: `Welcome to game ${roomId}, ${playerName}.` },
    };
  },
};
