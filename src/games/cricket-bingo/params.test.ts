import { describe, expect, it } from "vitest";
import { fixtureGame } from "./fixtures";
import { DECK_SIZE, PARAMS } from "./params";
import { winLines } from "./win-lines";

describe("initial game parameters (lives per docs/games/cricket-bingo.md, Decisions D3)", () => {
  it.each([
    // size, cells, deck, remaining players, wildcards, win lines, min cells for bingo
    [3, 9, 40, 20, 1, 8, 3],
    [4, 16, 40, 25, 1, 10, 4],
  ] as const)(
    "size %i: %i cells, %i cards, %i lives, %i wildcard, %i lines, bingo in %i",
    (size, cells, deck, lives, wildcards, lines, min) => {
      expect(PARAMS[size]).toEqual({ cells, lives, wildcards, winLines: lines, minCellsForBingo: min });
      expect(DECK_SIZE).toBe(deck);
      expect(winLines(size)).toHaveLength(lines);
      expect(Math.min(...winLines(size).map((l) => l.cells.length))).toBe(min);
      const g = fixtureGame(size);
      expect(g.grid).toHaveLength(cells);
      expect(g.deck).toHaveLength(deck);
      expect(g).toMatchObject({ remainingPlayers: lives, wildcardsLeft: wildcards, deckIndex: 0, score: 0, streak: 0 });
      expect(g).toMatchObject({ status: "playing", winLine: null, history: [], placements: {} });
    },
  );
});
