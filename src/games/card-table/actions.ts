import { z } from "zod";
import { SettingsPatch } from "./settings";

const Id = z.string().min(1).max(100);
/** A move's free value (a suit named with an eight, a bet): one of the offered choices, or a number in range. */
const Choice = z.union([z.string().max(100), z.number(), z.boolean()]).optional();

/**
 * The document's `Action` union, every member strict, plus three extensions:
 * `setPresence` (a player marks themselves away / back: Presence Rules),
 * `configure` (the lead changes settings in the lobby) and `lockTable` (the lead keeps
 * newcomers out).
 *
 * Extension: the moves a definition's rules vocabulary describes may carry a `choice`
 * (docs/card-table/definitions.md).
 *
 * `selectWinner.playerId` carries the anonymous submission's display index (as a
 * string, "1", "2", …) while authors are hidden; `index` (a number) says the same.
 */
export const Action = z.discriminatedUnion("type", [
  z
    .object({ type: z.literal("draw"), deckId: Id, count: z.int().min(1).max(100), toZone: Id, choice: Choice })
    .strict(),
  z
    .object({
      type: z.literal("play"),
      cardId: Id,
      fromZone: Id,
      toSlot: Id,
      position: z.int().min(0).max(1000).optional(),
      choice: Choice,
      /** What the player writes on a blank card (write-ins.ts); only with a blank card. */
      text: z.string().max(500).optional(),
    })
    .strict(),
  z.object({ type: z.literal("discard"), cardId: Id, fromZone: Id, toDeckId: Id.optional(), choice: Choice }).strict(),
  z.object({ type: z.literal("reveal"), cardId: Id, choice: Choice }).strict(),
  z.object({ type: z.literal("hide"), cardId: Id, choice: Choice }).strict(),
  z.object({ type: z.literal("shuffle"), deckId: Id, choice: Choice }).strict(),
  z.object({ type: z.literal("roll"), dieId: Id, choice: Choice }).strict(),
  z
    .object({ type: z.literal("selectWinner"), playerId: Id.optional(), index: z.int().min(1).max(1000).optional() })
    .strict(),
  z.object({ type: z.literal("setPhase"), phaseId: Id }).strict(),
  z.object({ type: z.literal("nextTurn"), choice: Choice }).strict(),
  z.object({ type: z.literal("score"), playerId: Id, delta: z.int().min(-1000).max(1000) }).strict(),
  z.object({ type: z.literal("startGame") }).strict(),
  z.object({ type: z.literal("pauseGame") }).strict(),
  z.object({ type: z.literal("resumeGame") }).strict(),
  z.object({ type: z.literal("endGame") }).strict(),
  z.object({ type: z.literal("kickPlayer"), playerId: Id }).strict(),
  z.object({ type: z.literal("setPresence"), presence: z.enum(["active", "away"]) }).strict(),
  /**
   * Extension (docs/games/card-table.md, Decisions D5): the lead closes the table to newcomers,
   * or opens it again.
   */
  z.object({ type: z.literal("lockTable"), locked: z.boolean() }).strict(),
  z.object({ type: z.literal("configure"), settings: SettingsPatch }).strict(),
  /**
   * Extension (docs/games/card-table.md, Decisions D18): the lead takes a card out of play for
   * the room, wherever it is.
   */
  z.object({ type: z.literal("vetoCard"), cardId: Id }).strict(),
]);
export type Action = z.infer<typeof Action>;
export type ActionOf<T extends Action["type"]> = Extract<Action, { type: T }>;
