import { describe, expect, it } from "vitest";
import { answerersOf, composeTarget, hasAnswered, leaderOf, ranks, standings, tiedLeaders } from "./table";
import { afterPlaying, player, submitView } from "./test-views";

describe("table selectors", () => {
  it("answerers are everyone active but the judge, plus Rando once he has played", () => {
    const v = submitView();
    const withRando = {
      ...v,
      players: [...v.players, player("rando", "Rando Cardrissian", { virtual: true })],
      roundState: { ...v.roundState, submissions: { rando: { cards: [], count: 1, submittedAt: 1 } } },
    };
    expect(answerersOf(v).map((p) => p.id)).toEqual(["P2", "P3"]);
    expect(answerersOf(withRando).map((p) => p.id)).toEqual(["P2", "P3", "rando"]);
    expect(hasAnswered(withRando, "rando")).toBe(true);
    expect(hasAnswered(withRando, "P2")).toBe(false);
  });

  it("a pick-2 answer half played still has one slot to fill", () => {
    const v = afterPlaying(submitView({}, 2), ["w-1"]);
    expect(composeTarget(v)).toEqual({ slot: "submission", room: 1, wager: false });
  });

  it("standings go by score, and a tie at the top has no winner", () => {
    const v = submitView();
    const scored = { ...v, players: v.players.map((p, i) => ({ ...p, score: [2, 3, 1][i] ?? 0 })) };
    expect(standings(scored).map((p) => p.id)).toEqual(["P2", "P1", "P3"]);
    expect(leaderOf(scored)?.id).toBe("P2");
    const tied = { ...v, players: v.players.map((p) => ({ ...p, score: 2 })) };
    expect(leaderOf(tied)).toBeNull();
    expect(leaderOf(v)).toBeNull();
  });

  it("tied players share a place: 1, 2, 2, 4", () => {
    expect(ranks([{ score: 5 }, { score: 3 }, { score: 3 }, { score: 1 }])).toEqual([1, 2, 2, 4]);
    expect(ranks([{ score: 2 }, { score: 2 }, { score: 2 }])).toEqual([1, 1, 1]);
    expect(ranks([{ score: 4 }, { score: 3 }, { score: 0 }, { score: 0 }])).toEqual([1, 2, 3, 3]);
    expect(ranks([])).toEqual([]);
  });

  it("names the players tied at the top, if any", () => {
    const v = submitView();
    const tied = { ...v, players: v.players.map((p, i) => ({ ...p, score: [3, 3, 1][i] ?? 0 })) };
    expect(tiedLeaders(tied).map((p) => p.name)).toEqual(["Ada", "Bob"]);
    expect(tiedLeaders(v)).toEqual([]);
  });
});
