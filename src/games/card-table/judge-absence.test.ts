import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import type { Table } from "../../engine/testkit";
import type { CardTableState } from "./state";
import { cahTable, drawPrompt, indexOf, judge, player, submitAll } from "./test-table";

type T = Table<CardTableState>;
const status = (t: T, id: string, s: "connected" | "disconnected" | "left") =>
  t.must(SYSTEM, { type: "@presence", seat: id, status: s });
const nextOf = (t: T, id: string) => {
  const order = t.state.turnOrder;
  return order[(order.indexOf(id) + 1) % order.length] as string;
};
/** The judge disconnects; who that was. */
function judgeDisconnects(t: T): string {
  const j = judge(t);
  status(t, j, "disconnected");
  return j;
}
const lead = "P1";
/** A 5-player table whose judge is not the lead, so the lead can act on the judge. */
function table(players = 5): T {
  for (let i = 0; ; i++) {
    const t = cahTable({ players, seed: `judge-${i}` });
    if (judge(t) !== lead && nextOf(t, judge(t)) !== lead) return t;
  }
}

/** A `table()` at JUDGE, the prompt drawn and every answer in, and its judge. */
function atJudge(): { t: T; j: string } {
  const t = table();
  drawPrompt(t);
  submitAll(t);
  return { t, j: judge(t) };
}

describe("Judge Disconnection, per phase", () => {
  it("LOBBY: no impact (nobody judges yet)", () => {
    const t = cahTable({ players: 4, start: false });
    status(t, "P3", "disconnected");
    expect(t.state.roles.judge).toBeNull();
    expect(t.state.status).toBe("lobby");
  });

  it("PROMPT: after a 30 s grace the next player in rotation judges", () => {
    const t = table();
    const j = judgeDisconnects(t);
    t.advance(29_999);
    expect(judge(t)).toBe(j);
    t.advance(1);
    expect(judge(t)).toBe(nextOf(t, j));
    drawPrompt(t);
    expect(t.state.currentPhase).toBe("SUBMIT");
  });

  it("PROMPT: a judge back within the grace keeps the role", () => {
    const t = table();
    const j = judgeDisconnects(t);
    t.advance(20_000);
    status(t, j, "connected");
    t.advance(60_000);
    expect(judge(t)).toBe(j);
  });

  it("SUBMIT and REVEAL: no impact; the wait for the judge starts at JUDGE", () => {
    const t = table();
    const j = judge(t);
    drawPrompt(t);
    status(t, j, "disconnected");
    t.advance(45_000);
    expect(judge(t)).toBe(j);
    submitAll(t);
    expect(t.state.currentPhase).toBe("JUDGE");
    t.advance(29_999);
    expect(judge(t)).toBe(j);
    t.advance(1);
    expect(judge(t)).toBe(nextOf(t, j));
  });

  it("JUDGE: after the grace the new judge may not pick their own answer, but can pick another", () => {
    const { t, j } = atJudge();
    status(t, j, "disconnected");
    t.advance(30_000);
    const nj = judge(t);
    expect(nj).toBe(nextOf(t, j));
    expect(t.state.roundState.shuffledOrder).toHaveLength(4);
    expect(t.refused(nj, { type: "selectWinner", index: indexOf(t, nj) })).toBe("own_submission");
    const other = t.state.roundState.shuffledOrder?.find((e) => e.playerId !== nj)?.playerId as string;
    t.must(nj, { type: "selectWinner", index: indexOf(t, other) });
    expect(player(t, other).score).toBe(1);
    expect(t.state.currentPhase).toBe("PROMPT");
  });

  it("JUDGE: the lead may reassign the judge (nextTurn); nobody else may", () => {
    const { t, j } = atJudge();
    const someone = t.state.turnOrder.find((id) => id !== j && id !== lead) as string;
    expect(t.refused(someone, { type: "nextTurn" })).toBe("not_lead");
    t.must(lead, { type: "nextTurn" });
    expect(judge(t)).toBe(nextOf(t, j));
  });

  it("JUDGE: a judge who leaves is replaced at once", () => {
    const { t, j } = atJudge();
    const next = nextOf(t, j);
    status(t, j, "left");
    expect(judge(t)).toBe(next);
    expect(t.state.currentPhase).toBe("JUDGE");
  });

  it("SUBMIT: a judge who leaves is replaced at once, and the new judge takes their answer back", () => {
    const t = table();
    const j = judge(t);
    drawPrompt(t);
    const nj = nextOf(t, j);
    const card = player(t, nj).hand[0]?.id as string;
    t.must(nj, { type: "play", cardId: card, fromZone: "hand", toSlot: "submission" });
    status(t, j, "left");
    expect(judge(t)).toBe(nj);
    expect(player(t, nj).slots.submission ?? []).toHaveLength(0);
    expect(player(t, nj).hand.map((c) => c.id)).toContain(card);
  });

  it("JUDGE: with nothing left to pick (only the new judge's own answer), the round ends without a winner", () => {
    const t = table(6);
    const j = judge(t);
    const a = nextOf(t, j);
    const idle = t.state.turnOrder.filter((id) => ![j, a, lead].includes(id)).slice(0, 2);
    for (const id of idle) t.must(id, { type: "setPresence", presence: "away" });
    drawPrompt(t);
    t.must(a, { type: "play", cardId: player(t, a).hand[0]?.id, fromZone: "hand", toSlot: "submission" });
    // The lead moves on without the last answer (a manual transition).
    t.must(lead, { type: "setPhase", phaseId: "REVEAL" });
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toEqual([{ playerId: a, slot: "submission" }]);
    status(t, j, "left");
    expect(t.state.currentPhase).toBe("PROMPT");
    expect(t.state.round).toBe(2);
    expect(t.state.players.every((p) => p.score === 0)).toBe(true);
    expect(t.state.decks.black?.discardPile).toHaveLength(1);
  });

  it("RESOLVE: completes on its own once the winner is picked, even if the judge then drops", () => {
    const { t, j } = atJudge();
    t.must(j, { type: "selectWinner", index: 1 });
    status(t, j, "disconnected");
    expect(t.state.currentPhase).toBe("PROMPT");
    expect(t.state.round).toBe(2);
  });
});
