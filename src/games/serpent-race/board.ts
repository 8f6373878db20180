import { type Rng, rngInt, rngShuffle } from "../../engine/rng";
import type { FieldType, GameField } from "./state";

/** The document's five pattern zones, first to last, and the modifier each adds to a move. */
export const ZONE_MODIFIERS = [2, -1, 1, -2, 3] as const;

/**
 * The zone (0-4) of a position on a board of `boardSize` fields. The document's zones are
 * fifths of its 100 fields (1-20, 21-40, 41-60, 61-80, 81-100); a board of another size
 * keeps them fifths: zone k holds the positions with `position × 5 ≤ (k + 1) × boardSize`
 * (on 30 fields: 1-6, 7-12, 13-18, 19-24, 25-30). Position 0 (before the first roll)
 * counts as the first zone, and a formula's result past the finish as the last.
 */
export function zoneOf(position: number, boardSize: number): number {
  return Math.min(
    ZONE_MODIFIERS.length - 1,
    Math.max(0, Math.ceil((position * ZONE_MODIFIERS.length) / boardSize) - 1),
  );
}

/** The document's `getPatternModifier`, scaled to the board: on 100 fields exactly its table. */
export function patternModifier(position: number, boardSize: number): number {
  return ZONE_MODIFIERS[zoneOf(position, boardSize)] as number;
}

/** The document's share of each field type: regular ~40 %, positive ~25 %, negative ~25 %, luck ~10 %. */
export const DISTRIBUTION = { positive: 0.25, negative: 0.25, luck: 0.1 } as const;

/**
 * Fields 1…size. The types are dealt in the document's proportions of the board's size
 * (rounded) over fields 1…size-1 in a seeded random order; the last field is the finish and is regular (reaching it wins
 * before any card). Every field gets a step value 0-3. Position 0 is the start, off the
 * board.
 */
export function generateBoard(rng: Rng, size: number): GameField[] {
  const positive = Math.round(size * DISTRIBUTION.positive);
  const negative = Math.round(size * DISTRIBUTION.negative);
  const luck = Math.round(size * DISTRIBUTION.luck);
  const types: FieldType[] = [];
  for (let i = 0; i < positive; i++) types.push("positive");
  for (let i = 0; i < negative; i++) types.push("negative");
  for (let i = 0; i < luck; i++) types.push("luck");
  while (types.length < size - 1) types.push("regular");
  rngShuffle(rng, types);
  types.push("regular");
  return types.map((type, i) => ({
    position: i + 1,
    type,
    stepValue: rngInt(rng, 4),
    patternModifier: patternModifier(i + 1, size),
  }));
}

export function fieldAt(board: readonly GameField[], position: number): GameField | null {
  return board[position - 1] ?? null;
}

export interface Calculation {
  startPosition: number;
  diceRoll: number;
  stepValue: number;
  patternModifier: number;
  calculatedPosition: number;
  penalty: number;
}

export const WRONG_GUESS_PENALTY = 2;
/** Neither a penalty nor "go to start" goes below field 1 (docs/games/serpent-race.md, Decisions D5). */
export const FLOOR = 1;

/**
 * The document's formula: start + dice + stepValue + patternModifier(start), then −2 for a
 * wrong guess with the floor at 1 (`max(1, calculated − 2)`), and never beyond the finish.
 */
export function calculate(
  start: number,
  dice: number,
  stepValue: number,
  modifier: number,
  guessed: number,
  boardSize: number,
): { calculation: Calculation; guessCorrect: boolean; finalPosition: number } {
  const calculatedPosition = start + dice + stepValue + modifier;
  const guessCorrect = guessed === calculatedPosition;
  const penalty = guessCorrect ? 0 : -WRONG_GUESS_PENALTY;
  const finalPosition = Math.min(boardSize, Math.max(FLOOR, calculatedPosition + penalty));
  return {
    calculation: {
      startPosition: start,
      diceRoll: dice,
      stepValue,
      patternModifier: modifier,
      calculatedPosition,
      penalty,
    },
    guessCorrect,
    finalPosition,
  };
}
