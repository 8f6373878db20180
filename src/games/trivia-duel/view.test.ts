/**
 * ROOM_STATE, the full sync a seat (or a spectator) gets on join and reconnect, in every
 * phase; and the PLAY_AGAIN_REQUESTED / PHASE_COMPLETE fields around the end of a match.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { wireConfig } from "./config";
import { inBetting, inClue, seated, toBetting, triviaTestRules } from "./seated";
import type { TriviaState } from "./state";
import type { roomState } from "./view";

type Msg = Record<string, unknown> & { type: string };
type View = ReturnType<typeof roomState>;

const view = (t: Table<TriviaState>, seat: "P1" | "P2" | null) => t.view(seat) as View;
const lastOf = (t: Table<TriviaState>, type: string) => t.ofType<Msg>(type).at(-1);
const question = (t: Table<TriviaState>) => t.state.questions[t.state.questionIndex]!;

/** Trivia Duel has no per-seat secrets: every seat and a spectator see the same, bar `you`. */
function expectSameForEveryone(t: Table<TriviaState>) {
  const p1 = view(t, "P1");
  expect(p1.you).toBe("P1");
  expect(view(t, "P2")).toEqual({ ...p1, you: "P2" });
  expect(view(t, null)).toEqual({ ...p1, you: null });
}

/** Nothing about the current question's answer, and no clue text past `revealed`. */
function expectNoSecrets(t: Table<TriviaState>, revealed: number) {
  const q = question(t);
  for (const seat of ["P1", "P2", null] as const) {
    const json = JSON.stringify(view(t, seat));
    expect(json).not.toContain("acceptedAnswers");
    expect(json).not.toContain(q.displayAnswer);
    for (const a of q.acceptedAnswers) expect(json.toLowerCase()).not.toContain(a);
    // The fixture clues begin "Fixture clue number N: ", so any 12 characters past the
    // reveal point that start within the first 30 are unique to this clue.
    for (let i = revealed; i < Math.min(revealed + 20, q.clue.length - 12); i++) {
      const chunk = q.clue.slice(i, i + 12);
      if (!q.clue.slice(0, revealed).includes(chunk)) expect(json).not.toContain(chunk);
    }
  }
}

/** Play a whole match by folding every question (first actor folds: nothing moves). */
function completed(options: unknown = {}) {
  const t = seated(options);
  while (t.state.phase !== "COMPLETE") {
    toBetting(t);
    t.must(t.state.betting!.firstActor, { type: "FOLD" });
    t.advance(3000);
  }
  return t;
}

/** A sync's fields while no question is in play: no pot, bets, clue, buzzer or resolution. */
const NO_QUESTION_IN_PLAY = { pot: 0, betting: null, clue: null, buzzer: null, resolution: null };

describe("ROOM_STATE by phase", () => {
  it("WAITING: one player seated, nothing in play", () => {
    const t = new Table<TriviaState>(triviaTestRules, { seed: "view" });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined" });
    expect(view(t, "P1")).toEqual({
      type: "ROOM_STATE",
      roomId: "TEST01",
      you: "P1",
      serverNow: t.now,
      phase: "WAITING",
      matchNumber: 0,
      balances: { P1: 500, P2: 500 },
      questionIndex: 0,
      questionsPerMatch: 3,
      foldsRemaining: { P1: 2, P2: 2 },
      players: {
        P1: { joined: true, connected: true, reconnectDeadline: null, name: null },
        P2: { joined: false, connected: false, reconnectDeadline: null, name: null },
      },
      config: wireConfig(t.state.config),
      category: null,
      firstActor: null,
      categoryEndsAt: null,
      ...NO_QUESTION_IN_PLAY,
      result: null,
      recap: [],
      playAgain: { P1: false, P2: false },
      clockStopped: false,
      tally: { P1: 0, P2: 0, ties: 0 },
    });
    expectSameForEveryone(t);
  });

  it("CATEGORY: the category and when betting opens, nothing else of the question", () => {
    const t = seated();
    const v = view(t, "P2");
    expect(v).toMatchObject({
      you: "P2",
      phase: "CATEGORY",
      matchNumber: 1,
      questionIndex: 0,
      category: question(t).category,
      categoryEndsAt: t.now + 3000,
      ...NO_QUESTION_IN_PLAY,
    });
    expect(v.category).toBe(lastOf(t, "PHASE_CATEGORY")!.category);
    // A player who joins during the reveal still learns who bets first.
    expect(v.firstActor).toBe(lastOf(t, "PHASE_CATEGORY")!.firstActor);
    expectSameForEveryone(t);
    expectNoSecrets(t, 0);
  });

  it("BETTING: the first actor may BET or FOLD; no raise is on offer yet", () => {
    const t = inBetting();
    expect(view(t, "P1")).toMatchObject({
      phase: "BETTING",
      categoryEndsAt: null,
      category: question(t).category,
      pot: 0,
      betting: {
        firstActor: "P1",
        awaitingAction: "P1",
        availableActions: ["BET", "FOLD"],
        betOptions: [5, 10, 25, 50, 100],
        raiseOptions: [],
        effectiveStack: 500,
        bets: { P1: null, P2: null },
        contributions: { P1: 0, P2: 0 },
        raises: 0,
        deadline: t.now + 15_000,
      },
      clue: null,
      buzzer: null,
    });
    expectSameForEveryone(t);
    expectNoSecrets(t, 0);
  });

  it("BETTING: facing a bet, the responder may MATCH, RAISE (tiers above it plus all-in) or FOLD", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 50 });
    expect(view(t, "P2")).toMatchObject({
      balances: { P1: 450, P2: 500 },
      pot: 50,
      betting: {
        awaitingAction: "P2",
        availableActions: ["MATCH", "RAISE", "FOLD"],
        raiseOptions: [100, 500],
        bets: { P1: 50, P2: null },
        contributions: { P1: 50, P2: 0 },
        deadline: t.now + 15_000,
      },
    });
    expectSameForEveryone(t);
  });

  it("BETTING: after a raise the first actor may only MATCH or FOLD, and no raise is offered", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 50 });
    t.must("P2", { type: "RAISE", amount: 100 });
    expect(view(t, "P1")).toMatchObject({
      balances: { P1: 450, P2: 400 },
      pot: 150,
      betting: {
        awaitingAction: "P1",
        availableActions: ["MATCH", "FOLD"],
        raiseOptions: [],
        bets: { P1: 50, P2: 100 },
        contributions: { P1: 50, P2: 100 },
        raises: 1,
      },
    });
    // The BET_PLACED for the raise says the same.
    expect(lastOf(t, "BET_PLACED")).toMatchObject({ availableActions: ["MATCH", "FOLD"], raiseOptions: [] });
  });

  it("BETTING: options follow the effective stack and the folds left", () => {
    const t = inBetting({ config: { startingBalance: 30, foldsPerPlayer: 0 } });
    expect(view(t, "P1").betting).toMatchObject({
      availableActions: ["BET"],
      betOptions: [5, 10, 25],
      effectiveStack: 30,
    });
    t.must("P1", { type: "BET", amount: 10 });
    expect(view(t, "P2").betting).toMatchObject({ availableActions: ["MATCH", "RAISE"], raiseOptions: [25, 30] });
    t.must("P2", { type: "RAISE", amount: 30 });
    expect(view(t, "P1").betting).toMatchObject({ availableActions: ["MATCH"], raiseOptions: [] });
  });

  it("BETTING: a bet of the whole effective stack leaves nothing to raise", () => {
    const t = inBetting({ config: { startingBalance: 25 } });
    t.must("P1", { type: "BET", amount: 25 });
    expect(view(t, "P2").betting).toMatchObject({ availableActions: ["MATCH", "FOLD"], raiseOptions: [] });
  });

  it("CLUE: only the revealed prefix, computed at the moment of the sync", () => {
    const t = inClue();
    const full = question(t).clue;
    expect(view(t, "P1")).toMatchObject({
      phase: "CLUE",
      pot: 100,
      balances: { P1: 450, P2: 450 },
      betting: { awaitingAction: null, availableActions: [], raiseOptions: [], deadline: null },
      clue: { clue: "", revealIndex: 0, clueLength: full.length, revealRate: 12, complete: false, deadline: null },
      buzzer: { P1: "AVAILABLE", P2: "AVAILABLE", currentlyAnswering: null, answerDeadline: null },
    });
    expectNoSecrets(t, 0);
    t.advance(1000);
    expect(view(t, "P2").clue).toMatchObject({ clue: full.slice(0, 12), revealIndex: 12 });
    expectNoSecrets(t, 12);
    // Between two ticks a reconnecting player sees the reveal as of now (12 chars/s).
    t.advance(250);
    expect(view(t, "P2").clue).toMatchObject({ clue: full.slice(0, 15), revealIndex: 15 });
    expectNoSecrets(t, 15);
    expectSameForEveryone(t);
  });

  it("CLUE complete: the whole clue and the post-clue deadline", () => {
    const t = inClue();
    const full = question(t).clue;
    t.advance(Math.ceil((full.length * 1000) / 12));
    expect(view(t, null).clue).toEqual({
      clue: full,
      revealIndex: full.length,
      clueLength: full.length,
      revealRate: 12,
      complete: true,
      deadline: t.now + 5000,
    });
  });

  it("ANSWER: who holds the buzzer, until when, and the frozen clue", () => {
    const t = inClue();
    const full = question(t).clue;
    t.advance(1000);
    t.must("P1", { type: "BUZZ" });
    const deadline = t.now + 5000;
    t.advance(3000);
    expect(view(t, "P2")).toMatchObject({
      phase: "ANSWER",
      clue: { clue: full.slice(0, 12), revealIndex: 12, complete: false },
      buzzer: { P1: "BUZZED", P2: "AVAILABLE", currentlyAnswering: "P1", answerDeadline: deadline },
      resolution: null,
    });
    expectNoSecrets(t, 12);
    expectSameForEveryone(t);
  });

  it("RESOLUTION: outcome, correct answer, answers given and net changes", () => {
    const t = inClue();
    const q = question(t);
    t.advance(1000);
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: q.acceptedAnswers[0]! });
    expect(view(t, "P1")).toMatchObject({
      phase: "RESOLUTION",
      balances: { P1: 550, P2: 450 },
      pot: 0,
      category: q.category,
      betting: null,
      clue: null,
      resolution: {
        questionIndex: 0,
        category: q.category,
        outcome: "P1_WIN",
        correctAnswer: q.displayAnswer,
        answers: { P1: q.acceptedAnswers[0], P2: null },
        balanceChanges: { P1: 50, P2: -50 },
        nextPhaseAt: t.now + 3000,
      },
      result: null,
    });
    expect(view(t, "P1").recap).toHaveLength(1);
    expect(JSON.stringify(view(t, null))).not.toContain("acceptedAnswers");
    expectSameForEveryone(t);
    t.advance(3000);
    expect(view(t, "P1")).toMatchObject({ phase: "CATEGORY", questionIndex: 1, resolution: null });
  });

  it("BETTING_SKIPPED: with an effective stack below 5 the sync goes straight to the clue", () => {
    const t = inClue(10, { config: { startingBalance: 10 } });
    t.must("P2", { type: "BUZZ" });
    t.must("P2", { type: "ANSWER", text: question(t).acceptedAnswers[0]! });
    t.advance(3000 + 3000);
    expect(view(t, "P1")).toMatchObject({
      phase: "CLUE",
      balances: { P1: 0, P2: 20 },
      pot: 0,
      betting: { effectiveStack: 0, awaitingAction: null, availableActions: [], betOptions: [], raiseOptions: [] },
    });
  });

  it("COMPLETE: the result and the recap of every question, no question in play", () => {
    const t = completed();
    const v = view(t, "P2");
    expect(v).toMatchObject({
      phase: "COMPLETE",
      category: null,
      categoryEndsAt: null,
      ...NO_QUESTION_IN_PLAY,
      result: { winner: "TIE", finalBalances: { P1: 500, P2: 500 }, forfeitedBy: null },
      foldsRemaining: { P1: 0, P2: 1 },
    });
    expect(v.recap.map((r) => [r.questionIndex, r.outcome, r.correctAnswer])).toEqual(
      t.state.questions.map((q, i) => [i, i % 2 === 0 ? "P1_FOLD" : "P2_FOLD", q.displayAnswer]),
    );
    expectSameForEveryone(t);
  });

  it("a spectator's sync has you: null and the same public state", () => {
    const t = inClue();
    t.advance(2000);
    const spectator = view(t, null);
    expect(spectator.you).toBeNull();
    expect(spectator).toMatchObject({ type: "ROOM_STATE", phase: "CLUE", pot: 100, clue: { revealIndex: 24 } });
    expectSameForEveryone(t);
  });

  it("a disconnected player shows their reconnect deadline", () => {
    const t = inBetting();
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "disconnected" });
    expect(view(t, "P1").players.P2).toEqual({
      joined: true,
      connected: false,
      reconnectDeadline: t.now + 30_000,
      name: null,
    });
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "connected" });
    expect(view(t, "P2").players.P2).toEqual({ joined: true, connected: true, reconnectDeadline: null, name: null });
  });
});

describe("end of match messages", () => {
  it("PLAY_AGAIN_REQUESTED reports who is ready; both ready starts match 2 and clears the result", () => {
    const t = completed();
    t.must("P1", { type: "PLAY_AGAIN" });
    expect(lastOf(t, "PLAY_AGAIN_REQUESTED")).toEqual({
      type: "PLAY_AGAIN_REQUESTED",
      player: "P1",
      ready: { P1: true, P2: false },
    });
    expect(view(t, "P2")).toMatchObject({ phase: "COMPLETE", playAgain: { P1: true, P2: false } });
    t.must("P2", { type: "PLAY_AGAIN" });
    expect(lastOf(t, "PLAY_AGAIN_REQUESTED")).toEqual({
      type: "PLAY_AGAIN_REQUESTED",
      player: "P2",
      ready: { P1: true, P2: true },
    });
    expect(lastOf(t, "MATCH_STARTED")).toEqual({ type: "MATCH_STARTED", matchNumber: 2, questionsPerMatch: 3 });
    expect(view(t, "P1")).toMatchObject({
      phase: "CATEGORY",
      matchNumber: 2,
      questionIndex: 0,
      balances: { P1: 500, P2: 500 },
      foldsRemaining: { P1: 2, P2: 2 },
      result: null,
      recap: [],
      playAgain: { P1: false, P2: false },
    });
  });

  it("PLAY_AGAIN after the opponent left is refused and changes nothing", () => {
    const t = completed();
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "left" });
    expect(view(t, "P1").players.P2.joined).toBe(false);
    expect(t.refused("P1", { type: "PLAY_AGAIN" })).toBe("opponent_gone");
    expect(view(t, "P1").playAgain).toEqual({ P1: false, P2: false });
  });

  it("a player who leaves after the match keeps, in everyone's view, the name they played under", () => {
    const t = new Table<TriviaState>(triviaTestRules, { seed: "names" });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined", name: "Ada" });
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined", name: "Bo" });
    while (t.state.phase !== "COMPLETE") {
      toBetting(t);
      t.must(t.state.betting!.firstActor, { type: "FOLD" });
      t.advance(3000);
    }
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "left" });
    // The end screen still says who the match was against; the seat itself is free.
    expect(view(t, "P1").players.P2).toEqual({ joined: false, connected: false, reconnectDeadline: null, name: "Bo" });
    // Someone new in the seat brings their own name.
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined", name: "Cy" });
    expect(view(t, "P1").players.P2.name).toBe("Cy");
  });

  it("PHASE_COMPLETE at the natural end carries no forfeit fields", () => {
    const t = completed();
    const done = lastOf(t, "PHASE_COMPLETE")!;
    expect(done).toMatchObject({ winner: "TIE", finalBalances: { P1: 500, P2: 500 } });
    expect(done).not.toHaveProperty("forfeit");
    expect(done).not.toHaveProperty("forfeitedBy");
    expect(done.recap).toHaveLength(3);
  });

  it("leaving mid-match: the pot goes back, the opponent wins whatever the balances", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 50 });
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "left" });
    expect(lastOf(t, "PHASE_COMPLETE")).toEqual({
      type: "PHASE_COMPLETE",
      winner: "P1",
      finalBalances: { P1: 500, P2: 500 },
      forfeit: true,
      forfeitedBy: "P2",
      recap: [],
      tally: { P1: 1, P2: 0, ties: 0 },
    });
    expect(view(t, "P1")).toMatchObject({
      phase: "COMPLETE",
      pot: 0,
      result: { winner: "P1", finalBalances: { P1: 500, P2: 500 }, forfeitedBy: "P2" },
    });
  });

  it("a player already away when the match starts gets the reconnect window from the start", () => {
    const t = new Table<TriviaState>(triviaTestRules, { seed: "away" });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined" });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "disconnected" });
    // Outside a match a disconnect arms no clock…
    expect(lastOf(t, "PLAYER_DISCONNECTED")).toMatchObject({ player: "P1", reconnectDeadline: null });
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined" });
    // …but once the match starts, it does (docs/games/trivia-duel.md, Decisions D8).
    expect(t.state.phase).toBe("CATEGORY");
    expect(lastOf(t, "PLAYER_DISCONNECTED")).toMatchObject({ player: "P1", reconnectDeadline: t.now + 30_000 });
    expect(view(t, "P2").players.P1).toEqual({
      joined: true,
      connected: false,
      reconnectDeadline: t.now + 30_000,
      name: null,
    });
    t.advance(30_000);
    expect(lastOf(t, "PHASE_COMPLETE")).toMatchObject({ winner: "P2", forfeit: true, forfeitedBy: "P1" });
  });

  it("the same after PLAY_AGAIN: asking, then going away, still starts the reconnect clock", () => {
    const t = completed();
    t.must("P1", { type: "PLAY_AGAIN" });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "disconnected" });
    t.must("P2", { type: "PLAY_AGAIN" });
    expect(view(t, "P2")).toMatchObject({
      phase: "CATEGORY",
      matchNumber: 2,
      players: { P1: { connected: false, reconnectDeadline: t.now + 30_000 } },
    });
    t.advance(10_000);
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "connected" });
    t.advance(30_000);
    expect(t.state.phase).not.toBe("COMPLETE");
  });

  it("no reconnect in time: PHASE_COMPLETE names the absent player, even if they were ahead", () => {
    const t = inClue();
    const q = question(t);
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: q.acceptedAnswers[0]! });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "disconnected" });
    t.advance(30_000);
    expect(lastOf(t, "PHASE_COMPLETE")).toMatchObject({
      winner: "P2",
      finalBalances: { P1: 550, P2: 450 },
      forfeit: true,
      forfeitedBy: "P1",
    });
    expect(view(t, "P2")).toMatchObject({
      phase: "COMPLETE",
      players: { P1: { joined: true, connected: false, reconnectDeadline: null } },
      result: { winner: "P2", forfeitedBy: "P1" },
    });
  });
});
