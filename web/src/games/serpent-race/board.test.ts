import { describe, expect, it } from "vitest";
import { boardRows, fieldAt, formula, initials, signed, TOKEN_COLOURS, tokenColour, ZONES, zoneOf } from "./board";
import { guessFollows, jokerGuessFollows } from "./matrices";
import { board } from "./test-views";

describe("the board's layout", () => {
  it("snakes upwards: 1–10 on the bottom row left to right, 11–20 right to left, 100 top left", () => {
    const rows = boardRows(100);
    expect(rows).toHaveLength(10);
    expect(rows.at(-1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.at(-2)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    expect(rows[0]).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    expect(rows.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it("a shorter board ends on a part row", () => {
    const rows = boardRows(25);
    expect(rows[0]).toEqual([21, 22, 23, 24, 25]);
  });

  it("the pattern zones are the document's, two rows each on 100 fields", () => {
    expect([1, 20, 21, 40, 41, 60, 61, 80, 81, 100].map((p) => ZONES[zoneOf(p)]!.modifier)).toEqual([
      2, 2, -1, -1, 1, 1, -2, -2, 3, 3,
    ]);
    expect(signed(-2)).toBe("−2");
    expect(formula({ startPosition: 15, diceRoll: 4, stepValue: 2, patternModifier: 2 })).toBe("15 + 4 + 2 + 2");
    expect(formula({ startPosition: 25, diceRoll: 3, stepValue: 1, patternModifier: -1 })).toBe("25 + 3 + 1 − 1");
    expect(signed(3)).toBe("+3");
  });

  it("finds a field by position; the start (0) is no field", () => {
    const v = { boardData: board() };
    expect(fieldAt(v, 5)?.type).toBe("positive");
    expect(fieldAt(v, 0)).toBeNull();
    expect(fieldAt({ boardData: null }, 5)).toBeNull();
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

describe("the document's matrices", () => {
  it.each([
    ["positive", true, true],
    ["positive", false, false],
    ["negative", true, false],
    ["negative", false, true],
    ["luck", true, false],
  ] as const)("%s field, right %s: guess %s", (field, ok, guess) => {
    expect(guessFollows(field, ok)).toBe(guess);
    expect(jokerGuessFollows(field, ok)).toBe(guess);
  });
});
