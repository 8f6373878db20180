import type { CategoryType } from "./content/schema";

/** Every valid placement starts from 100 (docs/games/cricket-bingo.md, "Scoring"). */
export const BASE_SCORE = 100;

/** The harder cell types add to the base. */
export const CELL_BONUS: Record<CategoryType, number> = {
  combo: 50,
  teammate: 30,
  trophy: 20,
  stat: 0,
  role: 0,
  team: 0,
  country: 0,
};

/** Each earlier success adds half the base again, up to three times the base. */
export const STREAK_STEP = 0.5;
export const MULTIPLIER_CAP = 3;

/** A wildcard scores a flat 50, whatever the streak. */
export const WILDCARD_SCORE = 50;

/** Completing a line. */
export const BINGO_BONUS = 500;

export function streakMultiplier(streakBefore: number): number {
  return Math.min(1 + streakBefore * STREAK_STEP, MULTIPLIER_CAP);
}

/**
 * The score for a valid placement in a cell of this type. `streakBefore` counts the
 * successful placements (wildcards included) made before this one, since the last skip or
 * wrong placement (docs/games/cricket-bingo.md, Decisions D1): the first placement scores
 * 100, the next 150, and so on up to 300.
 */
export function placementScore(type: CategoryType, streakBefore: number): number {
  return Math.round((BASE_SCORE + CELL_BONUS[type]) * streakMultiplier(streakBefore));
}
