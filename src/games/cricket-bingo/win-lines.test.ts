import { describe, expect, it } from "vitest";
import { completedLine, winLines } from "./win-lines";

describe("win lines", () => {
  it("4×4: four rows, four columns, two diagonals, as the document lists them", () => {
    expect(winLines(4).map((l) => l.cells)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
      [12, 13, 14, 15],
      [0, 4, 8, 12],
      [1, 5, 9, 13],
      [2, 6, 10, 14],
      [3, 7, 11, 15],
      [0, 5, 10, 15],
      [3, 6, 9, 12],
    ]);
  });

  it("3×3: three rows, three columns, two diagonals", () => {
    expect(winLines(3).map((l) => [l.kind, l.index, l.cells])).toEqual([
      ["row", 0, [0, 1, 2]],
      ["row", 1, [3, 4, 5]],
      ["row", 2, [6, 7, 8]],
      ["column", 0, [0, 3, 6]],
      ["column", 1, [1, 4, 7]],
      ["column", 2, [2, 5, 8]],
      ["diagonal", 0, [0, 4, 8]],
      ["diagonal", 1, [2, 4, 6]],
    ]);
  });

  it("finds no line until one is complete, and reports the first completed in that order", () => {
    const filled = new Set([0, 1, 4, 5]);
    expect(completedLine(3, (i) => filled.has(i))).toBeNull();
    filled.add(2);
    expect(completedLine(3, (i) => filled.has(i))).toMatchObject({ kind: "row", index: 0 });
    // The centre completes a column and a diagonal at once: the column comes first.
    const x = new Set([0, 1, 7, 8]);
    x.add(4);
    expect(completedLine(3, (i) => x.has(i))).toMatchObject({ kind: "column", index: 1 });
  });
});
