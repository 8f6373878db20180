import { z } from "zod";
import type { ClientFrame, WireAdapter } from "../../engine/module";

/** Longest answer we read; anything longer is refused before it reaches the rules. */
export const MAX_ANSWER = 200;
const amount = z.number().int().positive().max(1_000_000);

/** Client intents: the document's messages, plus PLAY_AGAIN (RULINGS #10). */
export const TriviaIntent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("BET"), amount }).strict(),
  z.object({ type: z.literal("MATCH") }).strict(),
  z.object({ type: z.literal("RAISE"), amount }).strict(),
  z.object({ type: z.literal("FOLD") }).strict(),
  z.object({ type: z.literal("BUZZ") }).strict(),
  z.object({ type: z.literal("ANSWER"), text: z.string().max(MAX_ANSWER) }).strict(),
  z.object({ type: z.literal("PLAY_AGAIN") }).strict(),
]);
export type TriviaIntent = z.infer<typeof TriviaIntent>;

export const ROOM_ID = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, "room codes are 3-32 letters, digits, - or _")
  .transform((s) => s.toUpperCase());

export const JoinRoom = z
  .object({
    type: z.literal("JOIN_ROOM"),
    roomId: ROOM_ID,
    /** The client's secret for its seat (RULINGS: a seat belongs to whoever proved it). */
    playerId: z.string().min(8).max(128),
  })
  .strict();

export const Leave = z.object({ type: z.literal("LEAVE") }).strict();

const KNOWN = new Set(["JOIN_ROOM", "LEAVE", ...TriviaIntent.options.map((o) => o.shape.type.value)]);

function describe(err: z.ZodError): string {
  const i = err.issues[0];
  return i ? `${i.path.join(".") || "message"}: ${i.message}` : "invalid message";
}

export const triviaWire: WireAdapter = {
  parse(raw: unknown): ClientFrame {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      return { kind: "invalid", code: "bad_message", message: "A message is a JSON object with a type." };
    const type = (raw as { type?: unknown }).type;
    if (typeof type !== "string" || !KNOWN.has(type))
      return { kind: "invalid", code: "unknown_type", message: `Unknown message type ${JSON.stringify(type)}.` };
    if (type === "JOIN_ROOM") {
      const j = JoinRoom.safeParse(raw);
      if (!j.success) return { kind: "invalid", code: "bad_message", message: describe(j.error) };
      return { kind: "join", roomId: j.data.roomId, credential: j.data.playerId };
    }
    if (type === "LEAVE") {
      const l = Leave.safeParse(raw);
      return l.success ? { kind: "leave" } : { kind: "invalid", code: "bad_message", message: describe(l.error) };
    }
    const i = TriviaIntent.safeParse(raw);
    if (!i.success) return { kind: "invalid", code: "bad_message", message: describe(i.error) };
    return { kind: "intent", intent: i.data };
  },
  error: (code, message) => ({ type: "ERROR", code, message }),
  spectating: (roomId) => ({ type: "SPECTATING", roomId }),
};
