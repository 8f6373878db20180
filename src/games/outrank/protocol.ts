import type { z } from "zod";
import type { ClientFrame, WireAdapter } from "../../engine/module";
import { ClientMessage, HandshakeAuth, RequestId } from "./wire";

/**
 * Card Table's envelope on Socket.IO `message` events in namespace /outrank, so one client
 * library serves both: joining is the handshake (`auth: {roomId, token?, name?}`), the
 * client sends `action` and `leave`, the server `state`, `event`, `ack` and `error`.
 */

function describe(err: z.ZodError): string {
  const i = err.issues[0];
  return i ? `${i.path.map(String).join(".") || "message"}: ${i.message}` : "invalid message";
}

function requestIdOf(raw: object): string | undefined {
  const r = (raw as { requestId?: unknown }).requestId;
  return typeof r === "string" && RequestId.safeParse(r).success ? r : undefined;
}

export const outrankWire: WireAdapter = {
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
