import { isRuleError } from "../../engine/errors";
import { type GenerateOptions, generateDaily } from "./generate";
import { newGame } from "./new-game";
import type { GridSize, Mode } from "./params";
import { act } from "./rules";
import type { GameState } from "./state";
import type { LoggedAction } from "./wire";

export interface ReplayOptions extends GenerateOptions {
  /** The content version the game was played on; a different catalog is an error. */
  contentVersion?: string;
}

/**
 * Rebuilds a game from its day and its logged turns. Only accepted turns are logged, so a
 * refusal here means the log and the rules disagree: that is a bug, and it throws.
 */
export function replay(
  date: string,
  gridSize: GridSize,
  mode: Mode,
  actions: readonly LoggedAction[],
  options: ReplayOptions = {},
): GameState {
  const day = generateDaily(date, gridSize, options);
  if (options.contentVersion !== undefined && options.contentVersion !== day.contentVersion)
    throw new Error(
      `cricket-bingo replay: the game was played on content ${options.contentVersion}, this is ${day.contentVersion}`,
    );
  let state = newGame(day, mode);
  actions.forEach((entry, i) => {
    const { at, ...action } = entry;
    const turn = act(state, action, at ?? 0);
    if (isRuleError(turn)) throw new Error(`cricket-bingo replay: turn ${i} refused (${turn.error.code})`);
    state = turn.state;
  });
  return state;
}
