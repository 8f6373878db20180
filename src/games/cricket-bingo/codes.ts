import { type RuleError, refuse } from "../../engine/errors";

/** Every reason Cricket Bingo refuses an action. A refusal never changes the game. */
export type BingoCode =
  /** The game is won or lost: it takes no more actions. */
  | "game_over"
  /** The action is not PLACE, SKIP or WILDCARD, or PLACE/WILDCARD came without a cell. */
  | "invalid_action"
  /** The categoryId names no cell of this game's grid. */
  | "unknown_cell"
  /** The cell already holds a player; a cell is filled once and stays filled. */
  | "cell_filled"
  /** WILDCARD with no wildcard left. */
  | "no_wildcards";

export function refuseBingo(code: BingoCode, message: string): RuleError {
  return refuse(code, message);
}
