import { z } from "zod";
import type { ClientFrame, WireAdapter } from "../../engine/module";
import { RoomCode } from "../../engine/room-code-schema";
import { zodMessage } from "../../engine/zod-message";
import { MAX_ANSWER, MAX_NAME } from "./limits";
import type { ServerMessage } from "./wire";

export { MAX_ANSWER };

const amount = z.number().int().positive().max(1_000_000);

/** Client intents: the document's messages, plus PLAY_AGAIN (docs/games/trivia-duel.md, Decisions D10). */
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

/** The seat's secret: 8–128 characters, made by the client and never shown to anyone. */
export const PlayerId = z.string().min(8).max(128);

export const JoinRoom = z
  .object({
    type: z.literal("JOIN_ROOM"),
    /** 3–32 letters, digits, `-` or `_`, case-insensitive. */
    roomId: RoomCode,
    /** The client's secret for its seat (a seat belongs to whoever proved it: docs/architecture.md, Decisions D5). */
    playerId: PlayerId,
    /** Added: what to call the player (1–24 characters after trimming). */
    name: z.string().trim().min(1).max(MAX_NAME).optional(),
    /**
     * Added: `false` never creates the room by joining (Parlor's web client;
     * docs/games/trivia-duel.md, Decisions D9).
     */
    create: z.boolean().optional(),
  })
  .strict();

export const Leave = z.object({ type: z.literal("LEAVE") }).strict();

const KNOWN = new Set(["JOIN_ROOM", "LEAVE", ...TriviaIntent.options.map((o) => o.shape.type.value)]);

const describe = (err: z.ZodError) => zodMessage(err, "message");

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
      return {
        kind: "join",
        roomId: j.data.roomId,
        credential: j.data.playerId,
        ...(j.data.name !== undefined ? { name: j.data.name } : {}),
        ...(j.data.create !== undefined ? { create: j.data.create } : {}),
      };
    }
    if (type === "LEAVE") {
      const l = Leave.safeParse(raw);
      return l.success ? { kind: "leave" } : { kind: "invalid", code: "bad_message", message: describe(l.error) };
    }
    // The host parses the intent with the rules' own schema, once, at the door (bad_action).
    return { kind: "intent", intent: raw };
  },
  error: (code, message): ServerMessage => ({ type: "ERROR", code, message }),
  spectating: (roomId): ServerMessage => ({ type: "SPECTATING", roomId }),
  // A duel is made by naming it: the first JOIN_ROOM with a new code opens the room
  // (docs/games/trivia-duel.md, Decisions D9).
  joins: { createsRoom: true },
};
