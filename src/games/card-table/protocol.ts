import { z } from "zod";
import { envelopeWire, HandshakeAuth, RequestId } from "../../engine/envelope-wire";
import type { WireAdapter } from "../../engine/module";
import { Action } from "./actions";
import { cardTablePacking } from "./packing";

/**
 * The document's wire format (docs/games/card-table.md, Decisions D1) on Socket.IO
 * `message` events in namespace /cards. Joining is the handshake: `auth: {roomId, token?,
 * name}`.
 */

export { HandshakeAuth, RequestId };

export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("action"), action: Action, requestId: RequestId }).strict(),
  /** Extension: give up the seat for good (Presence Rules: left). */
  z.object({ type: z.literal("leave"), requestId: RequestId.optional() }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

const Card = z.object({ id: z.string(), type: z.string(), properties: z.record(z.string(), z.unknown()) });
const Presence = z.enum(["active", "away", "disconnected", "left"]);
const Anonymized = z.object({
  index: z.int(),
  cards: z.array(Card),
  playerId: z.string().optional(),
  withdrawn: z.literal(true).optional(),
});

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
  z.object({ type: z.literal("voteCast"), playerId: z.string(), votesIn: z.int() }),
  z.object({ type: z.literal("scoreChanged"), playerId: z.string(), newScore: z.number() }),
  z.object({ type: z.literal("judgeChanged"), playerId: z.string() }),
  z.object({ type: z.literal("leadChanged"), playerId: z.string() }),
  z.object({ type: z.literal("roundEnded"), round: z.int() }),
  z.object({
    type: z.literal("gameEnded"),
    winner: z.string().optional(),
    winners: z.array(z.string()).optional(),
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
  z.object({ type: z.literal("cardVetoed"), cardId: z.string(), text: z.string() }),
]);

export const ServerMessage = z.discriminatedUnion("type", [
  /** `state` is the receiving seat's GameStateView (view.ts). */
  z.object({ type: z.literal("state"), state: z.looseObject({ gameId: z.string(), status: z.string() }) }),
  z.object({ type: z.literal("event"), event: GameEventSchema }),
  z.object({ type: z.literal("error"), requestId: z.string(), error: z.string(), message: z.string() }),
  z.object({ type: z.literal("ack"), requestId: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/**
 * The document's envelope, shared with Outrank (src/engine/envelope-wire.ts); the host parses
 * each action at the door. On the compact wire the views and events travel packed (packing.ts).
 */
export const cardTableWire: WireAdapter = { ...envelopeWire, packing: cardTablePacking };
