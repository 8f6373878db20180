import { describe, expect, it } from "vitest";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import { DeckType } from "./content/schema";
import type { SerpentState } from "./state";
import {
  answer,
  CARD,
  events,
  guess,
  guessAsked,
  LUCK,
  last,
  lobby,
  messages,
  nextCard,
  plainBoard,
  presence,
  race,
  roll,
  rollOnto,
  rules,
  setField,
  type T,
} from "./test-kit";
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
    rollOnto(t, 0, 4, "positive", `pos-${CARD.quiz}`, 2);
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
    guessAsked(t, "positive", 2);
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

  it("its timeLimit fields are the seconds left, as the prompts sent again on a reconnect say", () => {
    const t = race(["Ann", "Bob"], { timeScale: 0.5 });
    plainBoard(t);
    setField(t, 4, "positive", 0);
    setField(t, 6, "positive", 2);
    nextCard(t, DeckType.POSITIVE, `pos-${CARD.trueFalse}`);
    roll(t, "P1", 4);
    t.advance(1000);
    // A minute to answer at half time is 30 s; 10 s of it gone leaves 20.
    t.advance(10_000);
    const answering = view(t, "P1");
    expect(answering.settings.timeScale).toBe(0.5);
    expect(answering.pending?.cardData?.timeLimit).toBe(20);
    expect(answering.pending?.deadline).toBe(new Date(t.now + 20_000).toISOString());
    expect(view(t, null).pending?.cardData?.timeLimit).toBe(20);
    answer(t, "P1", true);
    t.advance(4000);
    expect(view(t, "P1").pending?.guessRequest?.timeLimit).toBe(11);
    guess(t, "P1", 6);
    t.advance(1000);
    t.advance(50_000);
    expect(view(t, "GM").pending?.decisionRequest?.timeLimit).toBe(10);
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

describe("each event carries what the race waits for once its step is over", () => {
  const at = (t: T, ms: number) => new Date(t.now + ms).toISOString();

  it("every message the rules send parses, and all but the chat's carry `pending`", () => {
    const t = race(["Ann", "Bob"]);
    t.must("P2", { event: "game:chat", data: { message: "hi" } });
    roll(t, "P1", 3);
    t.advance(5000);
    for (const m of messages(t)) {
      expect(ServerMessage.safeParse({ event: m.event, data: m.data }).success).toBe(true);
      expect("pending" in m.data).toBe(m.event !== "game:chat");
    }
  });

  it("a move onto a question field: the draw, its field and when it comes; the card: its answer deadline", () => {
    const t = race(["Ann", "Bob"]);
    rollOnto(t, 0, 4, "negative", `neg-${CARD.trueFalse}`);
    const moved = last(t, "game:player-moved").pending;
    expect(moved).toMatchObject({ kind: "drawing", playerId: "P1", fieldType: "negative", deadline: at(t, 2000) });
    t.advance(2000);
    expect(last(t, "game:card-drawn").pending).toMatchObject({ kind: "answer", deadline: at(t, 60_000) });
    // Wrong on a penalty field: the guess follows, its inputs in the player's own request only.
    answer(t, "P1", false);
    const validated = last(t, "game:answer-validated").pending;
    expect(validated).toMatchObject({ kind: "guess", playerId: "P1", deadline: at(t, 30_000), guessRequest: null });
    const own = last(t, "game:position-guess-request").pending;
    expect(own?.guessRequest).toMatchObject({ currentPosition: 0, diceRoll: 4, fieldStepValue: 1 });
  });

  it("a move onto a plain field: the next player's roll, in every event of the step", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    const from = t.sent.length;
    roll(t, "P1", 3);
    const sent = messages(t, from);
    expect(sent.map((m) => m.event)).toEqual([
      "game:dice-rolled",
      "game:player-moved",
      "game:turn-changed",
      "game:your-turn",
    ]);
    for (const m of sent) expect(m.data.pending).toMatchObject({ kind: "roll", playerId: "P2", deadline: null });
  });

  it("a player away on their roll: the skip's deadline comes and goes with the others' presence", () => {
    const t = race(["Ann", "Bob", "Cy"]);
    presence(t, "P1", "disconnected");
    expect(last(t, "game:player-connection").pending).toMatchObject({ kind: "roll", deadline: at(t, 30_000) });
    presence(t, "P2", "disconnected");
    presence(t, "P3", "disconnected");
    // Nobody here: the turn waits.
    expect(last(t, "game:player-connection").pending).toMatchObject({ kind: "roll", playerId: "P1", deadline: null });
    presence(t, "P1", "connected");
    expect(last(t, "game:player-connection").pending).toMatchObject({ kind: "roll", deadline: null });
  });

  it("an extra turn and the start say which turn they begin; joins and leaves say the lobby's counts", () => {
    const t = lobby(["Ann", "Bob"]);
    presence(t, "P3", "joined", "Cy");
    expect(last(t, "game:player-joined")).toMatchObject({ readyCount: 2, allReady: false, pending: null });
    presence(t, "P3", "left");
    expect(last(t, "game:player-left")).toMatchObject({ readyCount: 2, allReady: true });
    t.must("GM", { event: "start", data: {} });
    expect(last(t, "game:started")).toMatchObject({ turnNumber: 1 });
    const first = t.state.sequence[0] as string;
    plainBoard(t);
    setField(t, 2, "luck");
    nextCard(t, DeckType.LUCK, LUCK.extra2);
    roll(t, first, 2);
    t.advance(2000);
    expect(events(t, "game:extra-turn-remaining")).toEqual([
      expect.objectContaining({ turnNumber: 2, pending: expect.objectContaining({ kind: "roll", playerId: first }) }),
    ]);
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
