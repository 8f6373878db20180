/**
 * The game's parameters (docs/games/cricket-bingo.md, "Parameters"), with starting lives
 * from docs/games/cricket-bingo.md, Decisions D3.
 */

export const GRID_SIZES = [3, 4] as const;
export type GridSize = (typeof GRID_SIZES)[number];

export const MODES = ["classic", "assisted"] as const;
/**
 * Classic is the knowledge game; assisted adds the document's highlighting
 * (docs/games/cricket-bingo.md, Decisions D5).
 */
export type Mode = (typeof MODES)[number];

/** Cards in every daily deck, for both sizes. */
export const DECK_SIZE = 40;

export interface SizeParams {
  cells: number;
  /** `remainingPlayers` at the start: skips and wrong placements spend it. */
  lives: number;
  wildcards: number;
  winLines: number;
  /** The fewest placements that can complete a line. */
  minCellsForBingo: number;
}

export const PARAMS: Record<GridSize, SizeParams> = {
  3: { cells: 9, lives: 20, wildcards: 1, winLines: 8, minCellsForBingo: 3 },
  4: { cells: 16, lives: 25, wildcards: 1, winLines: 10, minCellsForBingo: 4 },
};

export function isGridSize(n: unknown): n is GridSize {
  return n === 3 || n === 4;
}
