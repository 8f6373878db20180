import { describe, expect, it } from "vitest";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import { DeckType } from "./content/schema";
import type { SerpentState } from "./state";
import { answer, CARD, guess, lobby, nextCard, plainBoard, race, roll, rules, setField, type T } from "./test-kit";
import { ServerMessage, type StateData } from "./wire";

const view = (t: T, seat: string | null) => {
  const v = t.view(seat) as { event: string; data: StateData };
  expect(ServerMessage.safeParse(v).success).toBe(true);
  expect(v.event).toBe("game:state");
  return v.data;
};

describe("game:state, the full sync for a join or a reconnect", () => {
  it("names the role: a player, the gamemaster, a spectator", () => {
    const t = lobby(["Ann", "Bob"]);
    expect(view(t, "P1").you).toEqual({ seat: "P1", role: "player", playerId: "P1" });
    expect(view(t, "GM").you).toEqual({ seat: "GM", role: "gamemaster", playerId: null });
    expect(view(t, null).you).toEqual({ seat: null, role: "spectator", playerId: null });
    const lobbyView = view(t, null);
    expect(lobbyView).toMatchObject({ phase: "waiting", boardData: null, readyCount: 2, allReady: true });
    expect(lobbyView.gamemaster).toEqual({ name: "Ms Teacher", connected: true });
  });

  it("in the race: the board, positions, turn and what the current player is doing", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setField(t, 4, "positive", 2);
    nextCard(t, DeckType.POSITIVE, `pos-${CARD.quiz}`);
    roll(t, "P1", 4);
    expect(view(t, "P2").pending).toMatchObject({ kind: "drawing", playerId: "P1", fieldType: "positive" });
    t.advance(1000);
    const v = view(t, null);
    expect(v.boardData?.fields).toHaveLength(100);
    expect(v.players.map((p) => [p.playerId, p.boardPosition, p.turnOrder])).toEqual([
      ["P1", 4, 0],
      ["P2", 0, 1],
    ]);
    t.advance(1000);
    // The card is on the table for everyone, without its answer; its deadline is in the sync.
    const spectator = view(t, null).pending;
    expect(spectator).toMatchObject({
      kind: "answer",
      card: { cardType: "QUIZ", question: "What is the capital of France?" },
      deadline: new Date(t.now + 60_000).toISOString(),
    });
    expect(spectator?.cardData?.answerOptions).toEqual([
      { answer: "A", text: "Berlin" },
      { answer: "B", text: "Paris" },
      { answer: "C", text: "Madrid" },
      { answer: "D", text: "Rome" },
    ]);
  });

  it("the guess inputs go to the guessing player only; the decision request to the gamemaster only", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setField(t, 4, "positive", 0);
    setField(t, 6, "positive", 2);
    nextCard(t, DeckType.POSITIVE, `pos-${CARD.trueFalse}`);
    roll(t, "P1", 4);
    t.advance(2000);
    answer(t, "P1", true);
    expect(view(t, "P1").pending?.guessRequest).toEqual({
      currentPosition: 0,
      diceRoll: 4,
      fieldStepValue: 0,
      patternModifier: 2,
      timeLimit: 30,
    });
    for (const seat of ["P2", "GM", null]) expect(view(t, seat).pending?.guessRequest).toBeNull();
    guess(t, "P1", 6);
    t.advance(2000);
    const gm = view(t, "GM").pending;
    expect(gm).toMatchObject({ kind: "decision", decisionRequest: { requestId: "joker_1", timeLimit: 120 } });
    for (const seat of ["P1", "P2", null]) {
      const p = view(t, seat).pending;
      expect(p?.decisionRequest).toBeNull();
      expect(p?.jokerCard).toEqual(gm?.jokerCard);
    }
  });

  it("after the end: the winner, final positions and the chat", () => {
    const t = race(["Ann", "Bob"]);
    t.must("P2", { event: "game:chat", data: { message: "good luck" } });
    t.state = { ...t.state, players: t.state.players.map((p) => (p.seat === "P1" ? { ...p, position: 98 } : p)) };
    roll(t, "P1", 3);
    const v = view(t, null);
    expect(v).toMatchObject({ phase: "ended", winner: "P1", winnerName: "Ann", pending: null });
    expect(v.finalPositions?.[0]).toMatchObject({ playerId: "P1", boardPosition: 100 });
    expect(v.chat).toEqual([
      { playerId: "P2", playerName: "Bob", message: "good luck", timestamp: expect.any(String) as string },
    ]);
  });

  it("holds none of the generator, the piles or the cards", () => {
    const t = race(["Ann", "Bob"]);
    const text = JSON.stringify(t.view("GM"));
    for (const secret of ["rng", "piles", "lastDrawn", "Paris", "correct"]) expect(text).not.toContain(secret);
  });
});

describe("purity", () => {
  it("an accepted no-op returns the very state it was given, with no messages", () => {
    const t = lobby(["Ann", "Bob"]);
    const s = t.state;
    expect(rules.act(s, "P1", { event: "game:ready", data: { ready: true } }, t.now)).toEqual({ state: s, out: [] });
    const noop = rules.act(s, "P1", { event: "game:ready", data: { ready: true } }, t.now) as { state: unknown };
    expect(noop.state).toBe(s);
    const tick = rules.tick(s, t.now + 10_000_000);
    expect(tick.state).toBe(s);
    expect(tick.out).toEqual([]);
  });

  it("replaying the log (joins, inputs and timers) rebuilds the same state", () => {
    const t = lobby(["Ann", "Bob", "Cy"], { options: { physicalDice: false }, timeScale: 0.01 });
    t.must("GM", { event: "start", data: {} });
    for (let i = 0; i < 60 && t.state.phase === "active"; i++) {
      const seat = t.state.sequence[t.state.current] as string;
      t.act(seat, { event: "game:dice-roll", data: {} });
      t.advance(700);
      t.act(SYSTEM, { type: "@presence", seat: "GM", status: i % 2 ? "connected" : "disconnected" });
    }
    expect(t.log.filter((e) => e.kind === "tick").length).toBeGreaterThan(5);
    expect(replay<SerpentState>(rules, t.origin, t.log)).toEqual(t.state);
  });
});
