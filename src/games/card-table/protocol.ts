import { z } from "zod";
import type { ClientFrame, WireAdapter } from "../../engine/module";
import { RoomCode } from "../../engine/room-code-schema";
import { Action } from "./actions";

/**
 * The document's wire format (RULINGS Card Table #1) on Socket.IO `message` events in
 * namespace /cards. Joining is the handshake: `auth: {roomId, token?, name}`.
 */

export const RequestId = z.string().min(1).max(100);

export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("action"), action: Action, requestId: RequestId }).strict(),
  /** Extension: give up the seat for good (Presence Rules: left). */
  z.object({ type: z.literal("leave"), requestId: RequestId.optional() }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const HandshakeAuth = z.object({
  roomId: RoomCode,
  /** The seat token the server issued on the first join; proves a rejoin. */
  token: z.string().min(1).max(4096).optional(),
  name: z.string().trim().min(1).max(40).optional(),
});

const Card = z.object({ id: z.string(), type: z.string(), properties: z.record(z.string(), z.unknown()) });
const Presence = z.enum(["active", "away", "disconnected", "left"]);
const Anonymized = z.object({ index: z.int(), cards: z.array(Card), playerId: z.string().optional() });

/** The document's GameEvent list (plus turnChanged), as sent: see events.ts for what is redacted. */
export const GameEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("gameCreated"), gameId: z.string(), hostId: z.string() }),
  z.object({ type: z.literal("playerJoined"), player: z.looseObject({ id: z.string(), name: z.string() }) }),
  z.object({ type: z.literal("playerLeft"), playerId: z.string(), reason: z.enum(["left", "kicked", "disconnected"]) }),
  z.object({ type: z.literal("playerPresenceChanged"), playerId: z.string(), presence: Presence }),
  z.object({ type: z.literal("gameStarted") }),
  z.object({ type: z.literal("phaseChanged"), from: z.string(), to: z.string() }),
  z.object({ type: z.literal("cardDrawn"), playerId: z.string(), deckId: z.string(), count: z.int() }),
  z.object({ type: z.literal("cardPlayed"), playerId: z.string(), cardId: z.string(), toSlot: z.string() }),
  z.object({ type: z.literal("cardDiscarded"), cardId: z.string() }),
  z.object({ type: z.literal("submissionsRevealed"), submissions: z.array(Anonymized) }),
  z.object({ type: z.literal("winnerSelected"), playerId: z.string(), cardIds: z.array(z.string()) }),
  z.object({ type: z.literal("scoreChanged"), playerId: z.string(), newScore: z.number() }),
  z.object({ type: z.literal("judgeChanged"), playerId: z.string() }),
  z.object({ type: z.literal("leadChanged"), playerId: z.string() }),
  z.object({ type: z.literal("roundEnded"), round: z.int() }),
  z.object({
    type: z.literal("gameEnded"),
    winner: z.string().optional(),
    finalScores: z.record(z.string(), z.number()),
  }),
  z.object({ type: z.literal("gamePaused") }),
  z.object({ type: z.literal("gameResumed") }),
  z.object({
    type: z.literal("dieRolled"),
    dieId: z.string(),
    result: z.object({ value: z.union([z.number(), z.string()]), label: z.string().optional() }),
  }),
  z.object({ type: z.literal("turnChanged"), playerId: z.string() }),
  z.object({ type: z.literal("cardsDiscarded"), playerId: z.string(), count: z.int() }),
  z.object({ type: z.literal("tableLocked"), locked: z.boolean() }),
]);

export const ServerMessage = z.discriminatedUnion("type", [
  /** `state` is the receiving seat's GameStateView (view.ts). */
  z.object({ type: z.literal("state"), state: z.looseObject({ gameId: z.string(), status: z.string() }) }),
  z.object({ type: z.literal("event"), event: GameEventSchema }),
  z.object({ type: z.literal("error"), requestId: z.string(), error: z.string(), message: z.string() }),
  z.object({ type: z.literal("ack"), requestId: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

function describe(err: z.ZodError): string {
  const i = err.issues[0];
  return i ? `${i.path.map(String).join(".") || "message"}: ${i.message}` : "invalid message";
}

function requestIdOf(raw: object): string | undefined {
  const r = (raw as { requestId?: unknown }).requestId;
  return typeof r === "string" && RequestId.safeParse(r).success ? r : undefined;
}

export const cardTableWire: WireAdapter = {
  parse(raw: unknown): ClientFrame {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      return { kind: "invalid", code: "bad_message", message: "A message is a JSON object with a type." };
    const requestId = requestIdOf(raw);
    const withId = <F extends ClientFrame>(f: F): F => (requestId === undefined ? f : { ...f, requestId });
    const type = (raw as { type?: unknown }).type;
    if (type !== "action" && type !== "leave")
      return withId({
        kind: "invalid",
        code: "unknown_type",
        message: `Unknown message type ${JSON.stringify(type)}.`,
      });
    const m = ClientMessage.safeParse(raw);
    if (!m.success) {
      const bad = m.error.issues.some((i) => i.path[0] === "action");
      return withId({ kind: "invalid", code: bad ? "bad_action" : "bad_message", message: describe(m.error) });
    }
    if (m.data.type === "leave") return withId({ kind: "leave" });
    return { kind: "intent", intent: m.data.action, requestId: m.data.requestId };
  },

  handshake(auth: unknown): ClientFrame | null {
    if (auth === undefined || auth === null) return null;
    const a = HandshakeAuth.safeParse(auth);
    if (!a.success) return { kind: "invalid", code: "bad_handshake", message: describe(a.error) };
    const frame: ClientFrame = { kind: "join", roomId: a.data.roomId };
    if (a.data.token !== undefined) frame.credential = a.data.token;
    if (a.data.name !== undefined) frame.name = a.data.name;
    return frame;
  },

  error: (code, message, requestId) => ({ type: "error", requestId: requestId ?? "", error: code, message }),
  ack: (requestId) => ({ type: "ack", requestId }),
};
