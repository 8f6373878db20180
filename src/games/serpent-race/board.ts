import { type Rng, rngInt, rngShuffle } from "../../engine/rng";
import type { FieldType, GameField } from "./state";

/**
 * The document's zones (`getPatternModifier`), by absolute position: 1-20 +2, 21-40 -1,
 * 41-60 +1, 61-80 -2, 81 and on +3. Position 0 (before the first roll) counts as zone 1.
 */
export function patternModifier(position: number): number {
  if (position <= 20) return 2;
  if (position <= 40) return -1;
  if (position <= 60) return 1;
  if (position <= 80) return -2;
  return 3;
}

/** The document's share of each field type: regular ~40 %, positive ~25 %, negative ~25 %, luck ~10 %. */
export const DISTRIBUTION = { positive: 0.25, negative: 0.25, luck: 0.1 } as const;

/**
 * Fields 1…size. The types are dealt in the document's proportions over fields 1…size-1 in
 * a seeded random order; the last field is the finish and is regular (reaching it wins
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
    patternModifier: patternModifier(i + 1),
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
/** Neither a penalty nor "go to start" goes below field 1 (RULINGS SerpentRace 2). */
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
