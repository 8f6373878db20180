import { describe, expect, it } from "vitest";
import { analyse } from "./analyse";
import { cells, collectorLabel, DUEL_CASH_AT, SENSIBLE } from "./experiments";
import type { Seat } from "./play";
import { playGame } from "./play";
import { renderReport } from "./report";
import {
  addGame,
  apart,
  type CellStats,
  covers,
  emptyMarkerRounds,
  emptyStats,
  emptyStrategy,
  meanInterval,
  mergeStats,
  wilson,
} from "./stats";

const named = (name: "greedy"): Seat => ({ kind: "named", name });

describe("the balance simulator", () => {
  it("plays whole games through the rules, reproducibly from a seed", () => {
    const a = playGame({ seats: SENSIBLE, settings: {} }, "same");
    const b = playGame({ seats: SENSIBLE, settings: {} }, "same");
    expect(a).toEqual(b);
    expect(a.reason).toBe("points");
    expect(a.refusals).toBe(0);
    expect(a.players.some((p) => p.score >= 20)).toBe(true);
    expect(a.players.reduce((n, p) => n + p.win, 0)).toBeCloseTo(1);
    // Every round that ended is counted; a last round a score target ends at once never ends.
    expect([a.rounds - 1, a.rounds]).toContain(a.turnsPerRound.length);
  });

  it("follows the First Guesser marker into every round, not only the first", () => {
    const stats = emptyStats();
    for (let g = 0; g < 6; g++) {
      const rec = playGame({ seats: SENSIBLE, settings: {} }, `marker/${g}`);
      // Every round played is counted once, the one a score target ends at once included.
      expect(rec.marker.rounds).toBe(rec.rounds);
      expect(rec.marker.otherSeats).toBe(rec.rounds * 3);
      expect(rec.marker.holderTop).toBeLessThanOrEqual(rec.rounds);
      const points = rec.players.reduce((n, p) => n + p.score, 0);
      expect(rec.marker.holderPoints + rec.marker.otherPoints).toBe(points);
      addGame(stats, rec);
    }
    const results = new Map(cells().map((c) => [c.id, emptyStats()]));
    results.set("players-4", stats);
    const q2 = analyse(cells(), results).q2;
    expect(q2.at4.top.n).toBe(stats.rounds);
    expect(q2.at4.top.n).toBeGreaterThan(stats.games);
    expect(q2.at4.first.n).toBe(6);
    expect(q2.verdict).toMatch(/^Round by round at 4 players/);
  });

  it("counts the drafting turns a player spends at the hand limit, and what they do there", () => {
    const rec = playGame(
      { seats: [named("greedy"), named("greedy"), named("greedy")], settings: { handLimit: 3 } },
      "h",
    );
    expect(rec.refusals).toBe(0);
    expect(rec.limitTurns).toBeGreaterThan(0);
    expect(rec.limitTurns).toBeLessThan(rec.draftTurns);
    expect(rec.atLimit.cashOut + rec.atLimit.discard + rec.atLimit.pass).toBe(rec.limitTurns);
    const stats = emptyStats();
    addGame(stats, rec);
    const results = new Map(cells().map((c) => [c.id, emptyStats()]));
    for (const h of [6, 8, 10]) results.set(`hand-${h}`, stats);
    const q4 = analyse(cells(), results).q4;
    const at8 = q4.rows.find((r) => r.limit === 8);
    expect(at8?.binds.n).toBe(rec.draftTurns);
    expect(at8?.binds.value).toBeCloseTo(rec.limitTurns / rec.draftTurns, 9);
    expect(q4.verdict).toMatch(/^The limit binds .* drafting turns at 8/);
  });

  it("a score target reached at once always wins; played to the round's end, the first there may not", () => {
    for (let g = 0; g < 8; g++) {
      const rec = playGame({ seats: SENSIBLE, settings: { targetPoints: 12 } }, `target/${g}`);
      expect(rec.firstToTargetWon).toBe(true);
    }
    const later = Array.from({ length: 8 }, (_, g) =>
      playGame({ seats: SENSIBLE, settings: { targetPoints: 12, targetEnds: "roundEnd" } }, `target/${g}`),
    );
    expect(later.every((r) => r.firstToTargetWon !== null)).toBe(true);
    expect(
      playGame({ seats: SENSIBLE, settings: { endCondition: "rounds", roundLimit: 2 } }, "r").firstToTargetWon,
    ).toBe(null);
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
    // Sample sizes and intervals, the duel, and what the bots know are all in the report.
    expect(html).toContain("95% CI");
    expect(html).toContain('class="e"');
    expect(html).toContain("set collecting only, cash at 4");
    expect(html).toContain("How the bots play, and what they know");
    expect(html).toMatch(/list of values/);
  });
});

describe("how sure the simulator's numbers are", () => {
  it("the Wilson interval matches worked values and stays inside 0–1", () => {
    // 81 of 263: the textbook example, 0.2553–0.3662.
    const w = wilson(81, 263);
    expect(w.lo).toBeCloseTo(0.2553, 3);
    expect(w.hi).toBeCloseTo(0.3662, 3);
    expect(wilson(0, 10).lo).toBe(0);
    expect(wilson(0, 10).hi).toBeCloseTo(0.2775, 3);
    expect(wilson(10, 10).hi).toBeCloseTo(1, 9);
    expect(wilson(10, 10).lo).toBeCloseTo(0.7225, 3);
    expect(wilson(0, 0)).toEqual({ lo: 0, hi: 1 });
    // More games, a narrower interval around the same rate.
    const small = wilson(30, 100);
    const big = wilson(3000, 10_000);
    expect(big.hi - big.lo).toBeLessThan((small.hi - small.lo) / 5);
  });

  it("a mean's interval comes from the sums; apart and covers read intervals", () => {
    // 2, 4, 6: mean 4, sd 2, so 4 ± 1.96·2/√3.
    const m = meanInterval(12, 4 + 16 + 36, 3);
    expect(m.lo).toBeCloseTo(4 - (1.959964 * 2) / Math.sqrt(3), 6);
    expect(m.hi).toBeCloseTo(4 + (1.959964 * 2) / Math.sqrt(3), 6);
    expect(covers({ lo: 0.2, hi: 0.3 }, 0.25)).toBe(true);
    expect(covers({ lo: 0.26, hi: 0.3 }, 0.25)).toBe(false);
    expect(apart({ lo: 0.1, hi: 0.2 }, { lo: 0.21, hi: 0.3 })).toBe(true);
    expect(apart({ lo: 0.1, hi: 0.22 }, { lo: 0.21, hi: 0.3 })).toBe(false);
  });

  /** Results where only the First Guesser's record at 4 players and the duels are filled in. */
  function rigged(games: number, firstWins: number, collectorShare: number | number[]): Map<string, CellStats> {
    const results = new Map(cells().map((c) => [c.id, emptyStats()]));
    const four = emptyStats();
    four.games = games;
    four.firstGuesserWins = firstWins;
    // As many rounds as games, the marker holder topping them as often as the round-1 holder wins.
    four.marker = { ...emptyMarkerRounds(), rounds: games, holderTop: firstWins };
    results.set("players-4", four);
    for (const [k, c] of DUEL_CASH_AT.entries()) {
      const share = typeof collectorShare === "number" ? collectorShare : (collectorShare[k] ?? 0.5);
      const s = emptyStats();
      s.games = games;
      s.byStrategy[collectorLabel(c)] = { ...strategy(), seats: 2 * games, wins: share * games };
      s.byStrategy.greedy = { ...strategy(), seats: 2 * games, wins: (1 - share) * games };
      results.set(`duel-${c}`, s);
    }
    return results;
  }
  const strategy = emptyStrategy;

  it("an edge whose interval covers the fair share is not called an edge; the same edge on a big sample is", () => {
    const few = analyse(cells(), rigged(200, 0.3 * 200, 0.5));
    expect(few.q2.at4.top.value).toBeCloseTo(0.3);
    expect(few.q2.verdict).toContain("covers the fair share");
    expect(few.q2.verdict).not.toMatch(/noticeable/);
    const many = analyse(cells(), rigged(20_000, 0.3 * 20_000, 0.5));
    expect(many.q2.verdict).toMatch(/noticeable edge/);
    const slight = analyse(cells(), rigged(200_000, 0.26 * 200_000, 0.5));
    expect(slight.q2.verdict).toMatch(/real but small edge/);
  });

  it("question 2 reads the edge from every round: a round-1 draw that looks fair does not hide it", () => {
    const results = rigged(20_000, 0.25 * 20_000, 0.5);
    const four = results.get("players-4") as CellStats;
    four.marker = { ...emptyMarkerRounds(), rounds: 80_000, holderTop: 0.3 * 80_000 };
    const q2 = analyse(cells(), results).q2;
    expect(covers(q2.at4.first.ci, 0.25)).toBe(true);
    expect(q2.at4.top.n).toBe(80_000);
    expect(q2.verdict).toMatch(/noticeable edge/);
  });

  it("question 1 names a stronger path only when the duel's interval leaves out an even split", () => {
    expect(analyse(cells(), rigged(300, 75, 0.47)).q1.verdict).toMatch(/^Neither path is stronger/);
    expect(analyse(cells(), rigged(20_000, 5000, 0.4)).q1.verdict).toMatch(/^Guessing is stronger/);
    expect(analyse(cells(), rigged(20_000, 5000, 0.6)).q1.verdict).toMatch(/^Collecting sets is stronger/);
    expect(analyse(cells(), rigged(2000, 500, [0.505, 0.45, 0.37])).q1.verdict).toMatch(
      /^Guessing-first beats collecting that waits for sets of 3 or 4; collecting sets of 2 draws level with it\./,
    );
  });
});
