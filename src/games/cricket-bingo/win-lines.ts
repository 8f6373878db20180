import type { GridSize } from "./params";

/** A completed row, column or diagonal: `index` counts from 0 within its kind. */
export interface WinLine {
  kind: "row" | "column" | "diagonal";
  index: number;
  /** Cell positions in the grid, row-major from 0. */
  cells: number[];
  /** The grid categories at those positions. */
  categoryIds: string[];
}

export interface Line {
  kind: WinLine["kind"];
  index: number;
  cells: number[];
}

/**
 * The lines that win, in the order they are checked (docs/games/cricket-bingo.md, "Turns"):
 * rows top to bottom, columns left to right, then the main diagonal and the anti-diagonal.
 */
export function winLines(size: GridSize): Line[] {
  const lines: Line[] = [];
  const range = [...Array(size).keys()];
  for (const r of range) lines.push({ kind: "row", index: r, cells: range.map((c) => r * size + c) });
  for (const c of range) lines.push({ kind: "column", index: c, cells: range.map((r) => r * size + c) });
  lines.push({ kind: "diagonal", index: 0, cells: range.map((i) => i * size + i) });
  lines.push({ kind: "diagonal", index: 1, cells: range.map((i) => i * size + (size - 1 - i)) });
  return lines;
}

/**
 * The first line (in `winLines` order) whose every cell is filled, or null. The check runs
 * after every successful placement, so the line found is the one that placement completed;
 * when one placement completes two lines at once, the earlier in that order is reported.
 */
export function completedLine(size: GridSize, filled: (position: number) => boolean): Line | null {
  return winLines(size).find((line) => line.cells.every(filled)) ?? null;
}
