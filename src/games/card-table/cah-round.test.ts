import { describe, expect, it } from "vitest";
import type { GameEvent } from "./events";
import { cahTable, drawPrompt, indexOf, judge, player, seat, submitAll } from "./test-table";

const events = (t: ReturnType<typeof cahTable>) => t.state.history.map((e: GameEvent) => e.type);

describe("a Cards Against Humanity round", () => {
  it("goes LOBBY → SETUP → PROMPT on start: packs merged and shuffled, hands dealt, a judge chosen", () => {
    const t = cahTable({ players: 4 });
    const s = t.state;
    expect(s.status).toBe("playing");
    expect(s.currentPhase).toBe("PROMPT");
    expect(s.round).toBe(1);
    for (const p of s.players) expect(p.hand).toHaveLength(7);
    expect(s.decks.white?.cards).toHaveLength(60 - 28);
    expect(s.decks.black?.cards).toHaveLength(20);
    expect(s.roles.judge).toMatch(/^P[1-4]$/);
    expect(events(t)).toEqual(expect.arrayContaining(["gameStarted", "phaseChanged", "cardDrawn", "judgeChanged"]));
  });

  it("plays PROMPT → SUBMIT → REVEAL → JUDGE → RESOLVE → PROMPT and scores the winner", () => {
    const t = cahTable({ players: 4 });
    const j = judge(t);
    drawPrompt(t);
    expect(t.state.currentPhase).toBe("SUBMIT");
    expect(t.state.globalSlots.prompt).toHaveLength(1);
    const played = submitAll(t);
    expect(Object.keys(played)).toHaveLength(3);
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toHaveLength(3);
    const winner = Object.keys(played)[1] as string;
    t.must(j, { type: "selectWinner", index: indexOf(t, winner) });
    const s = t.state;
    expect(s.currentPhase).toBe("PROMPT");
    expect(s.round).toBe(2);
    expect(player(t, winner).score).toBe(1);
    expect(player(t, winner).slots.scorePile).toHaveLength(1);
    expect(s.globalSlots.prompt).toHaveLength(0);
    for (const p of s.players) expect(p.hand).toHaveLength(7);
    expect(s.decks.white?.discardPile).toHaveLength(3);
    // judgeRotate (default): the next seat in turn order judges.
    const order = s.turnOrder;
    expect(s.roles.judge).toBe(order[(order.indexOf(j) + 1) % order.length]);
    const winEvent = s.history.find((e) => e.type === "winnerSelected");
    expect(winEvent).toEqual({ type: "winnerSelected", playerId: winner, cardIds: played[winner] });
    expect(events(t)).toContain("roundEnded");
  });

  it("ends at the points target and can rematch back to the lobby", () => {
    const t = cahTable({ players: 3, settings: { endValue: 2 } });
    for (let r = 0; r < 10 && t.state.status === "playing"; r++) {
      drawPrompt(t);
      submitAll(t);
      const target = judge(t) === seat(1) ? seat(2) : seat(1);
      t.must(judge(t), { type: "selectWinner", index: indexOf(t, target) });
    }
    expect(t.state.status).toBe("ended");
    expect(t.state.currentPhase).toBe("END");
    const ended = t.state.history.find((e) => e.type === "gameEnded");
    expect(ended).toMatchObject({ type: "gameEnded", finalScores: expect.any(Object) });
    const scores = t.state.players.map((p) => p.score);
    expect(Math.max(...scores)).toBe(2);
    expect(t.refused(seat(2), { type: "setPhase", phaseId: "LOBBY" })).toBe("not_lead");
    t.must(seat(1), { type: "setPhase", phaseId: "LOBBY" });
    expect(t.state.status).toBe("lobby");
    expect(t.state.players.every((p) => p.score === 0 && p.hand.length === 0)).toBe(true);
    t.must(seat(1), { type: "startGame" });
    expect(t.state.currentPhase).toBe("PROMPT");
  });
});
