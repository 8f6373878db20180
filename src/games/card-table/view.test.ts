import { describe, expect, it } from "vitest";
import { HIDDEN_CARD } from "./events";
import { cahTable, drawPrompt, indexOf, judge, player, submit } from "./test-table";
import type { GameStateView } from "./view";

type T = ReturnType<typeof cahTable>;
const view = (t: T, seat: string | null) => {
  const v = t.view(seat) as { type: string; state: GameStateView };
  expect(v.type).toBe("state");
  return v.state;
};
const others = (t: T) => t.state.turnOrder.filter((id) => id !== judge(t));

describe("views: each seat sees what it could see at a real table", () => {
  it("own hand only; spectators see no hand; decks are counts only", () => {
    const t = cahTable({ players: 3 });
    const v = view(t, "P2");
    expect(v.you).toBe("P2");
    expect(v.players.find((p) => p.id === "P2")?.hand.map((c) => c.id)).toEqual(player(t, "P2").hand.map((c) => c.id));
    for (const p of v.players.filter((x) => x.id !== "P2")) {
      expect(p.hand).toEqual([]);
      expect(p.handCount).toBe(7);
    }
    const spectator = view(t, null);
    expect(spectator.you).toBeNull();
    expect(spectator.players.every((p) => p.hand.length === 0)).toBe(true);
    expect(v.decks.white).toEqual({ id: "white", cards: [], discardPile: [], count: 60 - 21, discardCount: 0 });
    const json = JSON.stringify(v);
    for (const c of t.state.decks.white?.cards ?? []) expect(json).not.toContain(`"${c.id}"`);
    expect(json).not.toContain("shuffledOrder");
    expect(json).not.toContain("history");
    expect(json).not.toContain('"rng"');
  });

  it("an unknown seat is treated as a spectator", () => {
    const t = cahTable({ players: 3 });
    expect(view(t, "P9").you).toBeNull();
  });

  it("submitting: the answer is hidden from everyone but its author, in views and in events", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    const [a, b] = others(t) as [string, string];
    const [card] = submit(t, a) as [string];
    const mine = view(t, a);
    expect(mine.roundState.submissions[a]).toEqual({
      cards: [player(t, a).slots.submission?.[0]],
      count: 1,
      submittedAt: t.now,
    });
    for (const seat of [b, judge(t), null]) {
      const v = view(t, seat);
      expect(v.roundState.submissions[a]).toEqual({ cards: [], count: 1, submittedAt: t.now });
      expect(v.players.find((p) => p.id === a)?.slots.submission).toEqual([]);
      expect(v.players.find((p) => p.id === a)?.slotCounts.submission).toBe(1);
      expect(JSON.stringify(v)).not.toContain(card);
    }
    expect(t.received(a)).toContainEqual({
      type: "event",
      event: { type: "cardPlayed", playerId: a, cardId: card, toSlot: "submission" },
    });
    expect(t.received(b)).toContainEqual({
      type: "event",
      event: { type: "cardPlayed", playerId: a, cardId: HIDDEN_CARD, toSlot: "submission" },
    });
    expect(JSON.stringify(t.received(null))).not.toContain(card);
  });

  it("revealToAll off: the judge alone sees the anonymous answers, everyone sees them once judged", () => {
    const t = cahTable({ players: 4, settings: { revealToAll: false } });
    drawPrompt(t);
    for (const id of others(t)) submit(t, id);
    const j = judge(t);
    const jv = view(t, j);
    expect(jv.roundState.anonymized).toHaveLength(3);
    expect(jv.roundState.anonymized?.every((s) => s.playerId === undefined)).toBe(true);
    expect(jv.roundState.anonymized?.every((s) => typeof s.text === "string")).toBe(true);
    for (const seat of [...others(t), null]) {
      const v = view(t, seat);
      expect(v.roundState.anonymized).toBeUndefined();
      expect(v.roundState.entryCount).toBe(3);
    }
    const revealed = t.sent.filter(
      (d) => (d.msg as { event?: { type: string } }).event?.type === "submissionsRevealed",
    );
    expect(revealed.map((d) => d.to)).toEqual([{ seat: j }]);
    const submitters = others(t);
    const winner = submitters[0] as string;
    t.must(j, { type: "selectWinner", index: indexOf(t, winner) });
    for (const seat of [...t.state.turnOrder, null]) {
      const last = view(t, seat).lastRound;
      expect(last?.submissions).toHaveLength(3);
      expect(last?.winnerId).toBe(winner);
      // Once judged, every entry names its author, and the winner's is the winner.
      expect(last?.submissions.every((s) => s.playerId !== undefined)).toBe(true);
      expect(last?.submissions.find((s) => s.index === last.winningIndex)?.playerId).toBe(winner);
      expect(new Set(last?.submissions.map((s) => s.playerId))).toEqual(new Set(submitters));
    }
  });

  it("revealToAll on (default): every seat sees the anonymous answers while judging, authors never", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    const played: Record<string, string[]> = {};
    for (const id of others(t)) played[id] = submit(t, id);
    for (const seat of [...t.state.turnOrder, null]) {
      const v = view(t, seat);
      expect(v.roundState.anonymized).toHaveLength(3);
      expect(v.roundState.submissions).toEqual({});
      expect(JSON.stringify(v.roundState)).not.toMatch(/"playerId"/);
    }
    const event = t.state.history.find((e) => e.type === "submissionsRevealed");
    expect(JSON.stringify(event)).not.toContain("playerId");
  });
});
