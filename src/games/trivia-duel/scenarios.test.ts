import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { testBank } from "./fixtures";
import { inBetting, inClue, seated, toBetting, triviaTestRules } from "./seated";
import type { TriviaState } from "./state";

type Msg = Record<string, unknown> & { type: string };

const answerOf = (t: Table<TriviaState>) => t.state.questions[t.state.questionIndex]!.acceptedAnswers[0]!;
const lastOf = (t: Table<TriviaState>, type: string) => t.ofType<Msg>(type).at(-1)!;
const money = (s: TriviaState) =>
  s.balances.P1 + s.balances.P2 + (s.betting ? s.betting.contributions.P1 + s.betting.contributions.P2 : 0);

describe("match start", () => {
  it("waits for two players, then shows the first category for 3 s", () => {
    const t = new Table<TriviaState>(triviaTestRules, { seed: "x" });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined" });
    expect(t.state.phase).toBe("WAITING");
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined" });
    expect(t.state.phase).toBe("CATEGORY");
    const cat = lastOf(t, "PHASE_CATEGORY");
    expect(cat.endsAt).toBe(t.now + 3000);
    expect(cat.questionIndex).toBe(0);
    t.advance(2999);
    expect(t.state.phase).toBe("CATEGORY");
    t.advance(1);
    expect(t.state.phase).toBe("BETTING");
  });

  it("uses the document's defaults", () => {
    const t = seated();
    expect(t.state.balances).toEqual({ P1: 500, P2: 500 });
    expect(t.state.foldsRemaining).toEqual({ P1: 2, P2: 2 });
    expect(t.state.questions).toHaveLength(3);
    expect(t.state.config).toMatchObject({
      revealRateCharsPerSec: 12,
      postClueTimeoutSec: 5,
      answerTimeLimitSec: 5,
      categoryRevealSec: 3,
      betTimeLimitSec: 15,
      foldsPerPlayer: 2,
    });
  });

  it("a third joiner is refused with room_full (docs/games/trivia-duel.md, Decisions D9)", () => {
    const t = seated();
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P3", status: "joined" })).toBe("room_full");
  });

  it("first actor alternates: Q1 P1, Q2 P2, Q3 P1", () => {
    const t = seated();
    const firsts: string[] = [];
    for (let q = 0; q < 3; q++) {
      toBetting(t);
      firsts.push(t.state.betting!.firstActor);
      t.must(t.state.betting!.firstActor, { type: "FOLD" });
      t.advance(3000);
    }
    expect(firsts).toEqual(["P1", "P2", "P1"]);
  });
});

describe("resolution scenarios", () => {
  it("scenario 1: P1 bets 50, P2 matches, P1 answers correctly: P1 +50, P2 -50", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 50 });
    expect(lastOf(t, "BET_PLACED")).toMatchObject({ player: "P1", pot: 50, awaitingAction: "P2" });
    t.must("P2", { type: "MATCH" });
    expect(lastOf(t, "BET_PLACED")).toMatchObject({ pot: 100, awaitingAction: null });
    expect(t.state.phase).toBe("CLUE");
    expect(lastOf(t, "PHASE_CLUE")).toMatchObject({ clue: "", pot: 100 });
    t.advance(1000);
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: answerOf(t) });
    const r = lastOf(t, "PHASE_RESOLUTION");
    expect(r).toMatchObject({
      outcome: "P1_WIN",
      balanceChanges: { P1: 50, P2: -50 },
      newBalances: { P1: 550, P2: 450 },
    });
    expect(r.correctAnswer).toBe(t.state.questions[0]!.displayAnswer);
  });

  it("scenario 2: both wrong returns the pot", () => {
    const t = inClue(50);
    t.must("P2", { type: "BUZZ" });
    t.must("P2", { type: "ANSWER", text: "not it" });
    expect(t.state.phase).toBe("CLUE");
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: "wrong too" });
    expect(lastOf(t, "PHASE_RESOLUTION")).toMatchObject({
      outcome: "DRAW",
      balanceChanges: { P1: 0, P2: 0 },
      newBalances: { P1: 500, P2: 500 },
      P1Answer: "wrong too",
      P2Answer: "not it",
    });
  });

  it("scenario 2: nobody buzzes; the pot returns 5 s after the clue completes", () => {
    const t = inClue(25);
    const len = t.state.questions[0]!.clue.length;
    const revealMs = Math.ceil((len * 1000) / 12);
    t.advance(revealMs);
    expect(t.state.clue!.complete).toBe(true);
    const done = lastOf(t, "CLUE_COMPLETE");
    expect(done.deadline).toBe(t.now + 5000);
    t.advance(4999);
    expect(t.state.phase).toBe("CLUE");
    t.advance(1);
    expect(lastOf(t, "PHASE_RESOLUTION")).toMatchObject({ outcome: "DRAW", balanceChanges: { P1: 0, P2: 0 } });
  });

  it("scenario 3a: first actor folds before betting: nothing moves, a fold is used", () => {
    const t = inBetting();
    t.must("P1", { type: "FOLD" });
    expect(lastOf(t, "PHASE_RESOLUTION")).toMatchObject({ outcome: "P1_FOLD", balanceChanges: { P1: 0, P2: 0 } });
    expect(t.state.foldsRemaining.P1).toBe(1);
  });

  it("scenario 3b: P1 bets 50, P2 folds: P1 gets own 50 back, both net 0", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 50 });
    t.must("P2", { type: "FOLD" });
    expect(lastOf(t, "PHASE_RESOLUTION")).toMatchObject({
      outcome: "P2_FOLD",
      balanceChanges: { P1: 0, P2: 0 },
      newBalances: { P1: 500, P2: 500 },
    });
  });

  it("scenario 3c: P1 bets 50, P2 raises to 100, P1 folds: P2 +50, P1 -50", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 50 });
    t.must("P2", { type: "RAISE", amount: 100 });
    expect(lastOf(t, "BET_PLACED")).toMatchObject({ action: "RAISE", amount: 100, pot: 150, awaitingAction: "P1" });
    expect(lastOf(t, "BET_PLACED").availableActions).toEqual(["MATCH", "FOLD"]);
    t.must("P1", { type: "FOLD" });
    expect(lastOf(t, "PHASE_RESOLUTION")).toMatchObject({
      outcome: "P1_FOLD",
      balanceChanges: { P1: -50, P2: 50 },
      newBalances: { P1: 450, P2: 550 },
    });
  });

  it("scenario 4: equal balances after the last question is a TIE", () => {
    const t = seated();
    for (let q = 0; q < 3; q++) {
      toBetting(t);
      const first = t.state.betting!.firstActor;
      t.must(first, { type: "BET", amount: 5 });
      t.must(first === "P1" ? "P2" : "P1", { type: "FOLD" });
      t.advance(3000);
    }
    expect(t.state.phase).toBe("COMPLETE");
    expect(lastOf(t, "PHASE_COMPLETE")).toMatchObject({ winner: "TIE", finalBalances: { P1: 500, P2: 500 } });
  });

  it("the winner is the player with the higher balance", () => {
    const t = inClue(100);
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: answerOf(t) });
    for (let q = 1; q < 3; q++) {
      t.advance(3000);
      toBetting(t);
      t.must(t.state.betting!.firstActor, { type: "FOLD" });
    }
    t.advance(3000);
    expect(lastOf(t, "PHASE_COMPLETE")).toMatchObject({ winner: "P1", finalBalances: { P1: 600, P2: 400 } });
    expect((lastOf(t, "PHASE_COMPLETE").recap as unknown[]).length).toBe(3);
  });
});

describe("summary table", () => {
  const rows: { outcome: string; play: (t: Table<TriviaState>) => void; change: { P1: number; P2: number } }[] = [
    {
      outcome: "correct answer: winner takes all",
      play: (t) => {
        t.must("P1", { type: "BET", amount: 10 });
        t.must("P2", { type: "MATCH" });
        t.must("P2", { type: "BUZZ" });
        t.must("P2", { type: "ANSWER", text: answerOf(t) });
      },
      change: { P1: -10, P2: 10 },
    },
    {
      outcome: "both wrong: pot returned",
      play: (t) => {
        t.must("P1", { type: "BET", amount: 10 });
        t.must("P2", { type: "MATCH" });
        t.must("P1", { type: "BUZZ" });
        t.must("P1", { type: "ANSWER", text: "zzz" });
        t.must("P2", { type: "BUZZ" });
        t.must("P2", { type: "ANSWER", text: "yyy" });
      },
      change: { P1: 0, P2: 0 },
    },
    {
      outcome: "no one buzzes: pot returned",
      play: (t) => {
        t.must("P1", { type: "BET", amount: 10 });
        t.must("P2", { type: "MATCH" });
        t.advance(120_000);
      },
      change: { P1: 0, P2: 0 },
    },
    {
      outcome: "fold: the other player takes the pot",
      play: (t) => {
        t.must("P1", { type: "BET", amount: 10 });
        t.must("P2", { type: "RAISE", amount: 25 });
        t.must("P1", { type: "FOLD" });
      },
      change: { P1: -10, P2: 10 },
    },
  ];
  for (const row of rows) {
    it(row.outcome, () => {
      const t = inBetting();
      row.play(t);
      expect(t.ofType<Msg>("PHASE_RESOLUTION")[0]!.balanceChanges).toEqual(row.change);
    });
  }
});

describe("betting rules", () => {
  it("refuses with the document's codes", () => {
    const t = inBetting();
    expect(t.refused("P2", { type: "BET", amount: 10 })).toBe("not_your_turn");
    expect(t.refused("P1", { type: "BUZZ" })).toBe("not_clue_phase");
    expect(t.refused("P1", { type: "BET", amount: 7 })).toBe("invalid_amount");
    expect(t.refused("P1", { type: "MATCH" })).toBe("invalid_action");
    t.must("P1", { type: "FOLD" });
    t.advance(3000);
    toBetting(t);
    t.must("P2", { type: "BET", amount: 5 });
    t.must("P1", { type: "FOLD" });
    t.advance(3000);
    toBetting(t);
    expect(t.refused("P1", { type: "FOLD" })).toBe("no_folds_remaining");
  });

  it("insufficient_balance when a bet exceeds the balance", () => {
    const t = inBetting({ config: { startingBalance: 60 } });
    expect(t.refused("P1", { type: "BET", amount: 100 })).toBe("insufficient_balance");
  });

  it("caps totals at the effective stack (docs/games/trivia-duel.md, Decisions D3)", () => {
    const t = inBetting({ config: { startingBalance: 60 } });
    expect(t.state.betting!.effectiveStack).toBe(60);
    expect(lastOf(t, "PHASE_BETTING").betOptions).toEqual([5, 10, 25, 50]);
    t.must("P1", { type: "BET", amount: 50 });
    expect(t.refused("P2", { type: "RAISE", amount: 61 })).toBe("insufficient_balance");
    t.must("P2", { type: "RAISE", amount: 60 });
    expect(t.state.balances).toEqual({ P1: 10, P2: 0 });
  });

  it("one raise per question; the raise is the new total", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 25 });
    expect(t.refused("P2", { type: "RAISE", amount: 25 })).toBe("invalid_amount");
    t.must("P2", { type: "RAISE", amount: 40 });
    expect(t.state.betting!.contributions).toEqual({ P1: 25, P2: 40 });
    expect(t.refused("P1", { type: "RAISE", amount: 100 })).toBe("raise_limit");
    t.must("P1", { type: "MATCH" });
    expect(t.state.betting!.contributions).toEqual({ P1: 40, P2: 40 });
    expect(t.state.balances).toEqual({ P1: 460, P2: 460 });
  });

  it("skips betting when the effective stack is below 5", () => {
    const t = inClue(10, { config: { startingBalance: 10 } });
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: answerOf(t) });
    t.advance(3000);
    t.advance(3000);
    expect(t.state.phase).toBe("CLUE");
    expect(t.ofType<Msg>("BETTING_SKIPPED")).toHaveLength(1);
    expect(lastOf(t, "PHASE_CLUE").pot).toBe(0);
  });

  it("timeouts fold while folds remain (docs/games/trivia-duel.md, Decisions D4)", () => {
    const t = inBetting();
    t.advance(15_000);
    expect(lastOf(t, "BET_PLACED")).toMatchObject({ player: "P1", action: "FOLD", auto: true });
    expect(t.state.foldsRemaining.P1).toBe(1);
  });

  it("without folds a first actor auto-bets 5 and a responder auto-matches", () => {
    const t = inBetting({ config: { foldsPerPlayer: 0 } });
    t.advance(15_000);
    expect(lastOf(t, "BET_PLACED")).toMatchObject({ player: "P1", action: "BET", amount: 5, auto: true });
    t.advance(15_000);
    expect(lastOf(t, "BET_PLACED")).toMatchObject({ player: "P2", action: "MATCH", amount: 5, auto: true });
    expect(t.state.phase).toBe("CLUE");
  });

  it("deadlines are exact: a BET a moment before the deadline counts, one at the deadline meets the timeout", () => {
    const early = seated();
    toBetting(early);
    early.advance(14_999);
    early.must("P1", { type: "BET", amount: 10 });
    expect(early.state.betting!.awaitingAction).toBe("P2");
    expect(early.ofType<Msg>("BET_TIMEOUT")).toHaveLength(0);

    const late = seated();
    toBetting(late);
    late.advance(14_999);
    late.now += 1; // the deadline instant, before any timer was processed
    expect(late.refused("P1", { type: "BET", amount: 10 })).toBe("not_betting_phase");
    expect(late.ofType<Msg>("BET_TIMEOUT")).toHaveLength(1);
  });
});

describe("clue and buzzer", () => {
  it("ticks every 500 ms at 12 chars/s, carrying only the revealed text", () => {
    const t = inClue(10);
    t.advance(500);
    t.advance(500);
    const ticks = t.ofType<Msg>("CLUE_TICK");
    expect(ticks.map((m) => m.revealIndex)).toEqual([6, 12]);
    const full = t.state.questions[0]!.clue;
    expect(ticks[1]!.clue).toBe(full.slice(0, 12));
  });

  it("a buzz freezes the reveal; frozen time is not reveal time (docs/games/trivia-duel.md, Decisions D2)", () => {
    const t = inClue(10);
    t.advance(1000);
    t.must("P1", { type: "BUZZ" });
    expect(lastOf(t, "BUZZED")).toMatchObject({ player: "P1", answerDeadline: t.now + 5000 });
    t.advance(4000);
    expect(t.ofType<Msg>("CLUE_TICK")).toHaveLength(2);
    t.must("P1", { type: "ANSWER", text: "nope" });
    expect(lastOf(t, "CLUE_RESUMED")).toMatchObject({ revealIndex: 12, deadline: null });
    t.advance(500);
    expect(lastOf(t, "CLUE_TICK").revealIndex).toBe(18);
  });

  it("one buzz each; a failed player cannot buzz again", () => {
    const t = inClue(10);
    t.must("P1", { type: "BUZZ" });
    expect(t.refused("P1", { type: "BUZZ" })).toBe("already_buzzed");
    expect(t.refused("P2", { type: "BUZZ" })).toBe("buzz_lost");
    expect(t.refused("P2", { type: "ANSWER", text: "x" })).toBe("not_your_turn");
    t.must("P1", { type: "ANSWER", text: "nope" });
    expect(t.refused("P1", { type: "BUZZ" })).toBe("already_buzzed");
    t.must("P2", { type: "BUZZ" });
  });

  it("an answer timeout counts as wrong", () => {
    const t = inClue(10);
    t.must("P2", { type: "BUZZ" });
    t.advance(5000);
    expect(lastOf(t, "ANSWER_SUBMITTED")).toMatchObject({ player: "P2", correct: false, timedOut: true });
    expect(t.state.buzzer!.status.P2).toBe("FAILED");
    expect(t.state.phase).toBe("CLUE");
  });

  it("after the clue completes a buzz is still valid, and a miss gives the other a fresh window", () => {
    const t = inClue(10);
    t.advance(Math.ceil((t.state.questions[0]!.clue.length * 1000) / 12) + 100);
    expect(t.state.clue!.complete).toBe(true);
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: "no" });
    expect(lastOf(t, "CLUE_RESUMED").deadline).toBe(t.now + 5000);
  });

  it("accepts near misses per docs/games/trivia-duel.md, Decisions D7, and refuses strict rooms' near misses", () => {
    const t = inClue(10);
    const q = t.state.questions[0]!;
    t.must("P1", { type: "BUZZ" });
    const typo = `${q.acceptedAnswers[0]!.slice(0, -1)}`;
    const expected = q.acceptedAnswers[0]!.replace(/\s/g, "").length >= 7;
    t.must("P1", { type: "ANSWER", text: `  ${typo.toUpperCase()} ` });
    expect(lastOf(t, "ANSWER_SUBMITTED").correct).toBe(expected);
  });
});

describe("presence", () => {
  it("a reconnect inside 30 s continues the match where it stood; the seat gets ROOM_STATE", () => {
    const t = seated();
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "disconnected" });
    expect(lastOf(t, "PLAYER_DISCONNECTED")).toMatchObject({ reconnectDeadline: t.now + 30_000, clockStopped: true });
    t.advance(29_000);
    // The clock stood still: the 3 s category reveal has not run out.
    expect(t.state.phase).toBe("CATEGORY");
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "connected" });
    expect(lastOf(t, "PLAYER_RECONNECTED").player).toBe("P2");
    expect(t.view("P2")).toMatchObject({ type: "ROOM_STATE", you: "P2", phase: "CATEGORY", clockStopped: false });
    t.advance(3000);
    expect(t.state.phase).toBe("BETTING");
    t.advance(10_000);
    expect(t.state.phase).not.toBe("COMPLETE");
  });

  // docs/games/trivia-duel.md, Decisions D8.
  it("a dropped phone keeps its folds: bet timers stop until it is back", () => {
    const t = inBetting();
    const deadline = t.state.betting!.deadline!;
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "disconnected" });
    t.advance(20_000);
    expect(t.ofType("BET_TIMEOUT")).toEqual([]);
    expect(t.state.foldsRemaining.P1).toBe(2);
    // The player who stayed cannot play on alone meanwhile.
    expect(t.refused("P2", { type: "FOLD" })).toBe("clock_stopped");
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "connected" });
    expect(t.state.betting!.deadline).toBe(deadline + 20_000);
    t.must("P1", { type: "BET", amount: 25 });
    expect(t.state.betting!.awaitingAction).toBe("P2");
  });

  it("the clue stops revealing while a player is away, and goes on from the same letter", () => {
    const t = inClue(10);
    t.advance(1000);
    const shown = (t.view("P2") as { clue: { revealIndex: number } }).clue.revealIndex;
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "disconnected" });
    t.advance(10_000);
    expect((t.view("P1") as { clue: { revealIndex: number } }).clue.revealIndex).toBe(shown);
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "connected" });
    expect((t.view("P1") as { clue: { revealIndex: number } }).clue.revealIndex).toBe(shown);
    t.advance(1000);
    expect((t.view("P1") as { clue: { revealIndex: number } }).clue.revealIndex).toBe(shown + 12);
  });

  it("no reconnect within 30 s: the opponent wins by forfeit (docs/games/trivia-duel.md, Decisions D8)", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 50 });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "disconnected" });
    t.advance(30_000);
    expect(t.state.phase).toBe("COMPLETE");
    expect(lastOf(t, "PHASE_COMPLETE")).toMatchObject({ winner: "P2", forfeit: true, forfeitedBy: "P1" });
    expect(t.state.balances.P1 + t.state.balances.P2).toBe(1000);
  });

  it("leaving mid-match forfeits at once", () => {
    const t = seated();
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "left" });
    expect(lastOf(t, "PHASE_COMPLETE")).toMatchObject({ winner: "P1", forfeitedBy: "P2" });
  });

  it("money is conserved throughout", () => {
    const t = inBetting();
    t.must("P1", { type: "BET", amount: 100 });
    expect(money(t.state)).toBe(1000);
    t.must("P2", { type: "RAISE", amount: 200 });
    expect(money(t.state)).toBe(1000);
  });
});

describe("play again (docs/games/trivia-duel.md, Decisions D10)", () => {
  it("starts a new match with unseen questions when both ask", () => {
    const t = seated();
    for (let q = 0; q < 3; q++) {
      toBetting(t);
      t.must(t.state.betting!.firstActor, { type: "FOLD" });
      t.advance(3000);
    }
    expect(t.state.phase).toBe("COMPLETE");
    const firstIds = t.state.questions.map((q) => q.id);
    t.must("P1", { type: "PLAY_AGAIN" });
    expect(t.state.phase).toBe("COMPLETE");
    t.must("P2", { type: "PLAY_AGAIN" });
    expect(t.state.phase).toBe("CATEGORY");
    expect(t.state.balances).toEqual({ P1: 500, P2: 500 });
    for (const q of t.state.questions) expect(firstIds).not.toContain(q.id);
  });

  it("refuses when the room has too few unseen questions", () => {
    const t = seated({ questions: testBank.slice(0, 3) });
    for (let q = 0; q < 3; q++) {
      toBetting(t);
      t.must(t.state.betting!.firstActor, { type: "FOLD" });
      t.advance(3000);
    }
    expect(t.refused("P1", { type: "PLAY_AGAIN" })).toBe("no_more_questions");
  });
});
