/**
 * Trivia Duel's wire types, taken from the server's own schemas (type-only imports: the
 * browser bundle never pulls in server code), so a change on either side that breaks the
 * other fails the typecheck. Client-side helpers live beside them.
 */
import type { ServerMessage, ServerMessageType } from "../../../../src/games/trivia-duel/wire";

export type * from "../../../../src/games/trivia-duel/wire";

import type { Seat } from "../../../../src/games/trivia-duel/wire";

export const other = (s: Seat): Seat => (s === "P1" ? "P2" : "P1");

/** Longest answer the server reads: its own constant (a module with no imports, safe to bundle). */
export { MAX_ANSWER } from "../../../../src/games/trivia-duel/limits";
/** Room codes as the server reads them, so a bad link is caught before connecting. */
export { ROOM_CODE } from "../../kit/JoinByCode";

/** Every server message type; `satisfies` makes the compiler check the list against the schema. */
const SERVER_TYPES = new Set<string>([
  "ROOM_STATE",
  "PLAYER_JOINED",
  "PLAYER_LEFT",
  "PLAYER_DISCONNECTED",
  "PLAYER_RECONNECTED",
  "MATCH_STARTED",
  "PHASE_CATEGORY",
  "PHASE_BETTING",
  "BETTING_SKIPPED",
  "BET_PLACED",
  "BET_TIMEOUT",
  "PHASE_CLUE",
  "CLUE_TICK",
  "CLUE_COMPLETE",
  "BUZZED",
  "ANSWER_SUBMITTED",
  "CLUE_RESUMED",
  "PHASE_RESOLUTION",
  "PHASE_COMPLETE",
  "PLAY_AGAIN_REQUESTED",
  "SPECTATING",
  "ERROR",
] satisfies ServerMessageType[]);

/** A cheap shape check: the server is trusted, but a message from a newer server is skipped, not crashed on. */
export function isServerMessage(x: unknown): x is ServerMessage {
  return typeof x === "object" && x !== null && SERVER_TYPES.has((x as { type?: unknown }).type as string);
}
