import { describe, expect, it } from "vitest";
import { BINGO_BONUS, placementScore, streakMultiplier, WILDCARD_SCORE } from "./scoring";

describe("score table", () => {
  it.each([
    // streak before the placement, team/country, combo, teammate
    [0, 100, 150, 130],
    [1, 150, 225, 195],
    [2, 200, 300, 260],
    [3, 250, 375, 325],
    [4, 300, 450, 390],
    [5, 300, 450, 390],
    [12, 300, 450, 390],
  ])("streak %i: base %i, combo %i, teammate %i", (streak, base, combo, teammate) => {
    expect(placementScore("team", streak)).toBe(base);
    expect(placementScore("country", streak)).toBe(base);
    expect(placementScore("combo", streak)).toBe(combo);
    expect(placementScore("teammate", streak)).toBe(teammate);
  });

  it("trophy cells add 20; stat and role cells add nothing", () => {
    expect([0, 1, 2, 3, 4].map((s) => placementScore("trophy", s))).toEqual([120, 180, 240, 300, 360]);
    expect(placementScore("stat", 2)).toBe(200);
    expect(placementScore("role", 4)).toBe(300);
  });

  it("the multiplier is 1, 1.5, 2, 2.5 then 3 at most", () => {
    expect([0, 1, 2, 3, 4, 9].map(streakMultiplier)).toEqual([1, 1.5, 2, 2.5, 3, 3]);
  });

  it("a wildcard scores a flat 50 and a bingo 500 ", () => {
    expect(WILDCARD_SCORE).toBe(50);
    expect(BINGO_BONUS).toBe(500);
  });
});
