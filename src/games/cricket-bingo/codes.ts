import { refusalsOf } from "../../engine/refusals";

/**
 * Every reason Cricket Bingo refuses, besides the platform's (src/engine/refusals.ts): a
 * turn (a refusal never changes the game), then its REST routes. docs/protocols/cricket-bingo.md
 * lists them (generated: `npm run docs:refusals`).
 */
export const REFUSALS = {
  game_over: "the game is won or lost: it takes no more turns",
  invalid_action: "the action is not PLACE, SKIP or WILDCARD, or PLACE/WILDCARD came without a cell",
  unknown_cell: "the categoryId names no cell of this game's grid",
  cell_filled: "the cell already holds a player; a cell is filled once and stays filled",
  no_wildcards: "WILDCARD with no wildcard left",
  turn_conflict:
    "the turn names a card (deckIndex) other than the one on show, or another tab played first: nothing was played",
  // REST
  invalid_date: "a date that is not YYYY-MM-DD",
  future_date: "that day's puzzle is not out yet",
  invalid_size: "a grid size other than 3 or 4",
  invalid_mode: "a mode other than classic or assisted",
  identity_required: "the route needs the player's identity (an identity or access token)",
  game_not_found: "no such game of this player's",
  content_changed: "a game dealt before content versions were kept, from content that has changed since",
} as const;

export type BingoCode = keyof typeof REFUSALS;

export const { refuse: refuseBingo } = refusalsOf(REFUSALS);
