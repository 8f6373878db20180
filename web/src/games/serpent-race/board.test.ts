import { describe, expect, it } from "vitest";
import { patternModifier } from "../../../../src/games/serpent-race/board";
import { BOARD_SIZE as SERVER_BOARD_SIZE } from "../../../../src/games/serpent-race/options";
import {
  BOARD_SIZE,
  boardColumns,
  boardRows,
  formula,
  initials,
  signed,
  TOKEN_COLOURS,
  tokenColour,
  ZONES,
  zoneBands,
  zoneOf,
} from "./board";

describe("the board's layout", () => {
  it("snakes upwards: 1–10 on the bottom row left to right, 11–20 right to left, 100 top left", () => {
    const rows = boardRows(100);
    expect(rows).toHaveLength(10);
    expect(rows.at(-1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.at(-2)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    expect(rows[0]).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    expect(rows.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it("a board whose zones are not whole rows of ten keeps ten a row and ends on a part row", () => {
    const rows = boardRows(36);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual([36, 35, 34, 33, 32, 31]);
  });

  it("rows are as wide as keeps every row in one zone: 30 fields in rows of 6, 40 in 8, 45 in 9", () => {
    expect([100, 30, 40, 45, 50, 200, 36, 12].map(boardColumns)).toEqual([10, 6, 8, 9, 10, 10, 10, 10]);
    const rows = boardRows(30);
    expect(rows).toEqual([
      [25, 26, 27, 28, 29, 30],
      [24, 23, 22, 21, 20, 19],
      [13, 14, 15, 16, 17, 18],
      [12, 11, 10, 9, 8, 7],
      [1, 2, 3, 4, 5, 6],
    ]);
    expect(zoneBands(30)).toEqual([4, 3, 2, 1, 0].map((z, r) => ({ zones: [z], fromRow: r, rows: 1 })));
  });

  it("zone bands: two rows a zone on 100 fields; a row zones share is named with each", () => {
    expect(zoneBands(100)).toEqual([4, 3, 2, 1, 0].map((z, r) => ({ zones: [z], fromRow: 2 * r, rows: 2 })));
    // 36 fields: zones 1-7, 8-14, 15-21, 22-28, 29-36 over rows 31-36, 21-30, 11-20, 1-10.
    expect(zoneBands(36)).toEqual([
      { zones: [4], fromRow: 0, rows: 1 },
      { zones: [4, 3, 2], fromRow: 1, rows: 1 },
      { zones: [2, 1], fromRow: 2, rows: 1 },
      { zones: [1, 0], fromRow: 3, rows: 1 },
    ]);
  });

  it("zones and sizes are the server's, on every board size", () => {
    expect(BOARD_SIZE).toEqual(SERVER_BOARD_SIZE);
    for (let size = BOARD_SIZE.min; size <= BOARD_SIZE.max; size++)
      for (let p = 0; p <= size; p++) expect(ZONES[zoneOf(p, size)]!.modifier).toBe(patternModifier(p, size));
  });

  it("the pattern zones are the document's, two rows each on 100 fields", () => {
    expect([1, 20, 21, 40, 41, 60, 61, 80, 81, 100].map((p) => ZONES[zoneOf(p, 100)]!.modifier)).toEqual([
      2, 2, -1, -1, 1, 1, -2, -2, 3, 3,
    ]);
    expect(signed(-2)).toBe("−2");
    expect(formula({ startPosition: 15, diceRoll: 4, stepValue: 2, patternModifier: 2 })).toBe("15 + 4 + 2 + 2");
    expect(formula({ startPosition: 25, diceRoll: 3, stepValue: 1, patternModifier: -1 })).toBe("25 + 3 + 1 − 1");
    expect(signed(3)).toBe("+3");
  });
});

describe("tokens", () => {
  it("a seat keeps its colour whoever else is in the list", () => {
    expect(tokenColour([], "P3")).toBe(TOKEN_COLOURS[2]);
    expect(tokenColour([{ playerId: "P1" }], "P11")).toBe(TOKEN_COLOURS[0]);
  });

  it("initials for small tokens", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("bob")).toBe("B");
    expect(initials("  ")).toBe("?");
  });
});
