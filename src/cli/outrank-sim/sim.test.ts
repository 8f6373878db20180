import { describe, expect, it } from "vitest";
import { analyse } from "./analyse";
import { cells, SENSIBLE } from "./experiments";
import { playGame } from "./play";
import { renderReport } from "./report";
import { addGame, emptyStats, mergeStats } from "./stats";

describe("the balance simulator", () => {
  it("plays whole games through the rules, reproducibly from a seed", () => {
    const a = playGame({ seats: SENSIBLE, settings: {} }, "same");
    const b = playGame({ seats: SENSIBLE, settings: {} }, "same");
    expect(a).toEqual(b);
    expect(a.reason).toBe("points");
    expect(a.refusals).toBe(0);
    expect(a.players.some((p) => p.score >= 20)).toBe(true);
    expect(a.players.reduce((n, p) => n + p.win, 0)).toBeCloseTo(1);
    expect(a.turnsPerRound).toHaveLength(a.rounds);
  });

  it("merges batches in any order and writes a self-contained report answering all five questions", () => {
    const all = cells();
    const results = new Map(all.map((c) => [c.id, emptyStats()]));
    for (const c of all) {
      let s = emptyStats();
      for (let g = 0; g < 2; g++) {
        const one = emptyStats();
        addGame(
          one,
          playGame({ seats: c.seatings[g % c.seatings.length] ?? [], settings: c.settings }, `t/${c.id}/${g}`),
        );
        s = mergeStats(one, s);
      }
      results.set(c.id, s);
    }
    const a = analyse(all, results);
    for (const v of [a.q1.verdict, a.q2.verdict, a.q3.verdict, a.q4.verdict, a.q5.verdict])
      expect(v.length).toBeGreaterThan(20);
    const html = renderReport(a, all, results, {
      seed: "t",
      gamesPerCell: 2,
      totalGames: all.length * 2,
      workers: 1,
      seconds: 1,
      gamesPerMinute: 60,
      refusals: 0,
      generatedAt: "now",
    });
    expect(html.match(/<svg /g)?.length).toBeGreaterThanOrEqual(10);
    expect(html.replaceAll("http://www.w3.org/2000/svg", "")).not.toMatch(/https?:|<script|<link/);
    for (const q of ["1.", "2.", "3.", "4.", "5."]) expect(html).toContain(`<h2>${q}`);
  });
});
