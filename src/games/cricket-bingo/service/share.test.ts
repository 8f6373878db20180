import { describe, expect, it } from "vitest";
import { isRuleError } from "../../../engine/errors";
import { fixtureGame } from "../fixtures";
import { act } from "../rules";
import type { GameState } from "../state";
import { bestStreak, shareText } from "./share";

/** Plays `actions` in order on a fixture game (card k fits cell k mod 9), failing on a refusal. */
function play(actions: ({ type: "PLACE" | "WILDCARD"; cell: number } | { type: "SKIP" })[], s = fixtureGame(3)) {
  for (const a of actions) {
    const turn = act(s, a.type === "SKIP" ? a : { type: a.type, categoryId: s.grid[a.cell]!.id });
    if (isRuleError(turn)) throw new Error(turn.error.code);
    s = turn.state;
  }
  return s;
}

const grid = (text: string) => text.split("\n").slice(2);

describe("the share text", () => {
  it("marks placed, wildcard, wrongly tried and empty cells; a wrong try later filled shows as placed", () => {
    const s = play([
      { type: "PLACE", cell: 0 }, // card 0 fits cell 0
      { type: "PLACE", cell: 5 }, // card 1 fits cell 1: wrong, cell 5 stays empty
      { type: "WILDCARD", cell: 4 },
      { type: "PLACE", cell: 3 }, // card 3 fits cell 3
      { type: "PLACE", cell: 2 }, // card 4 fits cell 4: wrong
      ...Array.from({ length: 6 }, () => ({ type: "SKIP" as const })), // cards 5–10
      { type: "PLACE", cell: 2 }, // card 11 fits cell 2
    ]);
    expect(s.status).toBe("playing");
    const text = shareText(s, bestStreak(s));
    expect(grid(text)).toEqual(["🟩⬜🟩", "🟩🟨🟥", "⬜⬜⬜"]);
    expect(text.split("\n").slice(0, 2)).toEqual([
      "Cricket Bingo 2027-01-01 · 3×3",
      `In progress · ${s.score} points · best streak 2`,
    ]);
    // Spoiler-free: no player, no category.
    for (const h of s.history) expect(text).not.toContain(h.player.name);
    for (const cell of s.grid) {
      expect(text).not.toContain(cell.label);
      expect(text).not.toContain(cell.shortLabel);
    }
  });

  it("says how the game ended, and which mode it was", () => {
    const won = play([
      { type: "PLACE", cell: 0 },
      { type: "PLACE", cell: 1 },
      { type: "PLACE", cell: 2 },
    ]);
    expect(won.status).toBe("won");
    expect(shareText(won, bestStreak(won)).split("\n")).toEqual([
      "Cricket Bingo 2027-01-01 · 3×3",
      `Bingo! · ${won.score} points · best streak 3`,
      "🟩🟩🟩",
      "⬜⬜⬜",
      "⬜⬜⬜",
    ]);
    let lost: GameState = fixtureGame(3, "assisted");
    lost = play(
      Array.from({ length: 20 }, () => ({ type: "SKIP" as const })),
      lost,
    );
    expect(lost.status).toBe("lost");
    expect(shareText(lost, bestStreak(lost)).split("\n").slice(0, 2)).toEqual([
      "Cricket Bingo 2027-01-01 · 3×3 (assisted)",
      "No bingo · 0 points · best streak 0",
    ]);
  });

  it("the best streak is the longest run of placements and wildcards between skips and wrong cards", () => {
    expect(bestStreak(fixtureGame(3))).toBe(0);
    const s = play([
      { type: "PLACE", cell: 0 },
      { type: "SKIP" },
      { type: "WILDCARD", cell: 8 },
      { type: "PLACE", cell: 3 },
      { type: "PLACE", cell: 7 }, // card 4 fits cell 4: wrong
      { type: "PLACE", cell: 5 },
    ]);
    expect(bestStreak(s)).toBe(2);
  });
});
