import { describe, expect, it } from "vitest";
import { bestStreak, lineGeometry, moveCursor, turnSentence } from "./board";
import { addDays, hms, isIsoDate, nextPuzzleAt, recentDays } from "./dates";
import type { BingoView, GridCategory } from "./wire";

describe("the grid's keyboard cursor", () => {
  it("moves one cell with the arrows and stops at the edges", () => {
    expect(moveCursor(4, "ArrowUp", 3)).toBe(1);
    expect(moveCursor(4, "ArrowDown", 3)).toBe(7);
    expect(moveCursor(4, "ArrowLeft", 3)).toBe(3);
    expect(moveCursor(4, "ArrowRight", 3)).toBe(5);
    expect(moveCursor(0, "ArrowUp", 3)).toBe(0);
    expect(moveCursor(0, "ArrowLeft", 3)).toBe(0);
    expect(moveCursor(15, "ArrowDown", 4)).toBe(15);
    expect(moveCursor(3, "ArrowRight", 4)).toBe(3);
    expect(moveCursor(6, "Home", 4)).toBe(4);
    expect(moveCursor(6, "End", 4)).toBe(7);
    expect(moveCursor(6, "x", 4)).toBe(6);
  });
});

describe("the win line's stroke", () => {
  it("runs from the centre of the first cell to the centre of the last", () => {
    expect(lineGeometry([0, 1, 2], 3)).toEqual({ x1: 0.5, y1: 0.5, x2: 2.5, y2: 0.5 });
    expect(lineGeometry([3, 6, 9, 12], 4)).toEqual({ x1: 3.5, y1: 0.5, x2: 0.5, y2: 3.5 });
    expect(lineGeometry([], 3)).toBeNull();
  });
});

const card = { id: "p", name: "Pat Cummins", country: "Australia", countryFlag: "🇦🇺", jerseyNumber: 30 };
const cell = { id: "role-pacer", label: "Pacer", shortLabel: "Pace" } as GridCategory;

describe("the sentence after a turn", () => {
  it("says what happened, the points and the bingo", () => {
    expect(turnSentence(card, cell, { action: "placed", wasValid: true, scoreDelta: 150, status: "playing" })).toBe(
      "Pat Cummins fits Pacer. +150",
    );
    expect(turnSentence(card, cell, { action: "placed", wasValid: false, scoreDelta: 0, status: "playing" })).toBe(
      "Pat Cummins does not fit Pacer: one life lost.",
    );
    expect(turnSentence(card, undefined, { action: "skipped", scoreDelta: 0, status: "lost" })).toBe(
      "Skipped Pat Cummins: one life spent. Game over.",
    );
    const winLine = { kind: "row" as const, index: 0, cells: [0, 1, 2], categoryIds: ["a", "b", "c"] };
    expect(
      turnSentence(card, cell, { action: "placed", wasValid: true, scoreDelta: 700, winLine, status: "won" }),
    ).toBe("Pat Cummins fits Pacer. +200 Bingo! +500");
    expect(turnSentence(card, cell, { action: "wildcard", wasValid: true, scoreDelta: 50, status: "playing" })).toBe(
      "Wildcard: Pat Cummins fills Pacer. +50",
    );
  });

  it("counts the best streak as the share text does: skips and wrong cards break it, wildcards extend it", () => {
    const h = (action: "placed" | "skipped" | "wildcard", wasValid?: boolean) => ({
      turnNumber: 0,
      player: card,
      action,
      ...(wasValid === undefined ? {} : { wasValid }),
      timestamp: 0,
      scoreDelta: 0,
    });
    const history = [h("placed", true), h("wildcard", true), h("skipped"), h("placed", true), h("placed", false)];
    expect(bestStreak({ history } as BingoView)).toBe(2);
  });
});

describe("the puzzle's dates (UTC)", () => {
  it("checks, adds and lists days, and finds the next UTC midnight", () => {
    expect(isIsoDate("2027-02-28")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("27-02-01")).toBe(false);
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(recentDays("2027-01-02", 3)).toEqual(["2027-01-01", "2026-12-31", "2026-12-30"]);
    expect(nextPuzzleAt(Date.parse("2027-03-14T23:59:59.500Z"))).toBe(Date.parse("2027-03-15T00:00:00Z"));
    expect(nextPuzzleAt(Date.parse("2027-03-15T00:00:00Z"))).toBe(Date.parse("2027-03-16T00:00:00Z"));
    expect(hms(3725)).toBe("1:02:05");
    expect(hms(0)).toBe("0:00:00");
  });
});
