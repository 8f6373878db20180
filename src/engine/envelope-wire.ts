import { z } from "zod";
import { Context } from "./context";
import type { ClientFrame, WireAdapter } from "./module";
import { RoomCode } from "./room-code-schema";
import type { Audience } from "./rules";
import { zodMessage } from "./zod-message";

/**
 * The action envelope Card Table's document defines, which Outrank speaks too (one client
 * library serves both), on Socket.IO `message` events: joining is the handshake
 * (`auth: { roomId, token?, name? }`); the client sends `action` (with a `requestId`) and
 * `leave`; the server sends `state`, `event`, `ack` and `error`. The action itself is not
 * parsed here: the host parses it with the game's own schema, once, at the door.
 */
export const RequestId = z.string().min(1).max(100);

const Envelope = z.discriminatedUnion("type", [
  z.object({ type: z.literal("action"), action: z.unknown(), requestId: RequestId }).strict(),
  /** Give up the seat for good. */
  z.object({ type: z.literal("leave"), requestId: RequestId.optional() }).strict(),
]);

/** The handshake's `auth`: the room, the seat token the server issued (a rejoin), and a name. */
export const HandshakeAuth = z.object({
  roomId: RoomCode,
  token: z.string().min(1).max(4096).optional(),
  name: z.string().trim().min(1).max(40).optional(),
});

function requestIdOf(raw: object): string | undefined {
  const r = (raw as { requestId?: unknown }).requestId;
  return typeof r === "string" && RequestId.safeParse(r).success ? r : undefined;
}

export const envelopeWire: WireAdapter = {
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
    const m = Envelope.safeParse(raw);
    if (!m.success) {
      // An envelope without its action is a malformed action, like one whose action does not parse.
      const code = m.error.issues.some((i) => i.path[0] === "action") ? "bad_action" : "bad_message";
      return withId({ kind: "invalid", code, message: zodMessage(m.error, "message") });
    }
    if (m.data.type === "leave") return withId({ kind: "leave" });
    return { kind: "intent", intent: m.data.action, requestId: m.data.requestId };
  },

  handshake(auth: unknown): ClientFrame | null {
    if (auth === undefined || auth === null) return null;
    const a = HandshakeAuth.safeParse(auth);
    if (!a.success) return { kind: "invalid", code: "bad_handshake", message: zodMessage(a.error, "message") };
    const frame: ClientFrame = { kind: "join", roomId: a.data.roomId };
    if (a.data.token !== undefined) frame.credential = a.data.token;
    if (a.data.name !== undefined) frame.name = a.data.name;
    return frame;
  },

  error: (code, message, requestId) => ({ type: "error", requestId: requestId ?? "", error: code, message }),
  ack: (requestId) => ({ type: "ack", requestId }),
};

/** One input or deadline of a game on this envelope: each of its events goes out as `{ type: "event", event }`. */
export class EnvelopeContext<S, E> extends Context<S> {
  emit(event: E, to: Audience = "all"): void {
    this.send({ type: "event", event }, to);
  }
}
