import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backtrackSolvable, hasCompleteMatching, maximumMatching } from "./matching";

describe("bipartite matching (docs/games/cricket-bingo.md, Decisions D2)", () => {
  it("matches every cell when the cards allow it, even when a greedy choice would block", () => {
    // Cell 0 accepts cards 0 and 1, cell 1 only card 0: cell 0 must give card 0 up.
    const m = maximumMatching([[0, 1], [0]], 2);
    expect(m.size).toBe(2);
    expect(m.matchOfLeft).toEqual([1, 0]);
    expect(hasCompleteMatching([[0, 1], [0]], 2)).toBe(true);
  });

  it("fails when two cells need the same single card, or a cell has none", () => {
    expect(hasCompleteMatching([[0], [0], [1, 2]], 3)).toBe(false);
    expect(hasCompleteMatching([[0, 1], []], 2)).toBe(false);
  });

  it("agrees with the document's backtracking on random graphs, and its matching is valid", () => {
    const graph = fc.integer({ min: 1, max: 9 }).chain((cells) =>
      fc.record({
        cards: fc.integer({ min: 1, max: 12 }),
        rows: fc.array(fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 6 }), {
          minLength: cells,
          maxLength: cells,
        }),
      }),
    );
    fc.assert(
      fc.property(graph, ({ cards, rows }) => {
        const candidates = rows.map((r) => [...new Set(r.filter((v) => v < cards))].sort((a, b) => a - b));
        const deck = Array.from({ length: cards }, (_, k) => ({ id: `c${k}`, k }));
        const bt = backtrackSolvable(candidates, deck, (card, cell) => cell.includes(card.k));
        expect(hasCompleteMatching(candidates, cards)).toBe(bt.solvable);
        const { size, matchOfLeft } = maximumMatching(candidates, cards);
        const used = matchOfLeft.filter((v) => v >= 0);
        expect(new Set(used).size).toBe(used.length);
        matchOfLeft.forEach((v, i) => {
          if (v >= 0) expect(candidates[i]).toContain(v);
        });
        expect(size).toBe(used.length);
      }),
      { numRuns: 400 },
    );
  });

  it("the backtracking checker stops at its budget and says so", () => {
    const cells = Array.from({ length: 8 }, () => [0, 1, 2, 3, 4, 5, 6]);
    const deck = Array.from({ length: 7 }, (_, k) => ({ id: `c${k}`, k }));
    const r = backtrackSolvable(cells, deck, (card, cell) => cell.includes(card.k), 1000);
    expect(r.solvable).toBe("gave_up");
  });
});
