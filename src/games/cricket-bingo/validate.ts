import type { RuleError } from "../../engine/errors";
import { refuseBingo } from "./codes";
import type { GridCategory } from "./content/schema";
import type { DeckCard, GameState } from "./state";

/** An accepted action with what it acts on, so `applyTurn` never has to look again. */
export type Resolved =
  | { type: "PLACE"; card: DeckCard; cell: GridCategory; position: number; valid: boolean }
  | { type: "SKIP"; card: DeckCard }
  | { type: "WILDCARD"; card: DeckCard; cell: GridCategory; position: number };

/**
 * Reads an action against the state and refuses it, or resolves it. Defends against
 * anything, since the rules may be called without the wire schema in front of them.
 */
export function validateAction(s: GameState, action: unknown): Resolved | RuleError {
  if (s.status !== "playing") return refuseBingo("game_over", `The game is over (${s.status}).`);
  const card = s.deck[s.deckIndex];
  if (!card) return refuseBingo("game_over", "The deck is spent.");
  const a = (typeof action === "object" && action !== null ? action : {}) as {
    type?: unknown;
    categoryId?: unknown;
    deckIndex?: unknown;
  };
  // An action decided on another card is never played on this one (docs/games/cricket-bingo.md, "Decisions").
  if (a.deckIndex !== undefined && a.deckIndex !== s.deckIndex)
    return refuseBingo(
      "turn_conflict",
      `That action was decided on another card; card ${s.deckIndex + 1} is on show now (deckIndex ${s.deckIndex}).`,
    );
  if (a.type === "SKIP") return { type: "SKIP", card };
  if (a.type !== "PLACE" && a.type !== "WILDCARD")
    return refuseBingo("invalid_action", "An action is PLACE, SKIP or WILDCARD.");
  if (typeof a.categoryId !== "string" || a.categoryId.length === 0)
    return refuseBingo("invalid_action", `${a.type} needs the categoryId of a cell.`);
  if (a.type === "WILDCARD" && s.wildcardsLeft <= 0) return refuseBingo("no_wildcards", "No wildcard is left.");
  const position = s.grid.findIndex((c) => c.id === a.categoryId);
  const cell = s.grid[position];
  if (!cell) return refuseBingo("unknown_cell", `No cell "${a.categoryId}" in this grid.`);
  if (s.placements[cell.id]) return refuseBingo("cell_filled", `${cell.label} is already filled.`);
  return a.type === "PLACE"
    ? { type: "PLACE", card, cell, position, valid: card.fits.includes(cell.id) }
    : { type: "WILDCARD", card, cell, position };
}
