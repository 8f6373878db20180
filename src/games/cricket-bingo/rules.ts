import { isRuleError, type RuleError } from "../../engine/errors";
import { applyTurn } from "./apply";
import type { GameState } from "./state";
import { validateAction } from "./validate";
import type { TurnResult } from "./wire";

export interface Turn {
  state: GameState;
  result: TurnResult;
}

/**
 * The copy a turn is applied to. A turn replaces the scalars, `currentPlayer` and
 * `winLine`, adds a placement and a history entry, and never touches the grid, the deck or
 * an existing entry: those are shared with the given state (a deep copy of the deck would
 * cost ten times the turn itself).
 */
function copyForTurn(s: GameState): GameState {
  return { ...s, placements: { ...s.placements }, history: [...s.history] };
}

/**
 * Plays one action. A refusal (a stable code from `codes.ts`) leaves the given state
 * untouched; an accepted action returns a new state and leaves the given one untouched
 * too. `now` is the server's clock in ms, kept in the history; nothing else reads it.
 */
export function act(state: GameState, action: unknown, now = 0): Turn | RuleError {
  const resolved = validateAction(state, action);
  if (isRuleError(resolved)) return resolved;
  const next = copyForTurn(state);
  const result = applyTurn(next, resolved, now);
  return { state: next, result };
}
