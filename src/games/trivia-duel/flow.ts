import { rngShuffle } from "../../engine/rng";
import type { Outbound } from "../../engine/rules";
import { clueText, startReveal } from "./clue";
import { MIN_TIER } from "./config";
import type { Question } from "./content/schema";
import { stopClock } from "./duel-clock";
import { phaseBetting, phaseResolution, toAll } from "./messages";
import type { Betting, Outcome, PerSeat, Seat, TriviaState } from "./state";
import { ms, other, perSeat, pot, reconnectDeadline, SEATS } from "./state";

/** Where questions are looked up: the room's own, or the built-in bank. */
export type QuestionLookup = (id: string) => Question | undefined;

/**
 * Draw the next match's questions from the unseen pool, preferring a new category for
 * each question. Returns null when too few unseen questions remain.
 */
export function drawQuestions(s: TriviaState, lookup: QuestionLookup): Question[] | null {
  const picked = pickQuestions(s, lookup);
  if (!picked) return null;
  const ids = new Set(picked.map((q) => q.id));
  s.unseen = s.unseen.filter((id) => !ids.has(id));
  return picked;
}

/** The questions `drawQuestions` would draw, reading only; null when too few unseen remain. */
export function pickQuestions(s: TriviaState, lookup: QuestionLookup): Question[] | null {
  const n = s.config.questionsPerMatch;
  if (s.unseen.length < n) return null;
  const picked: Question[] = [];
  const used = new Set<string>();
  const take = (allowRepeat: boolean) => {
    for (const id of s.unseen) {
      if (picked.length === n) return;
      const q = lookup(id);
      if (!q || picked.includes(q)) continue;
      if (!allowRepeat && used.has(q.category)) continue;
      picked.push(q);
      used.add(q.category);
    }
  };
  take(false);
  take(true);
  return picked.length < n ? null : picked;
}

export function shuffledIds(s: TriviaState, pool: readonly Question[]): string[] {
  return rngShuffle(
    s.rng,
    pool.map((q) => q.id),
  );
}

export function startMatch(s: TriviaState, questions: Question[], now: number, out: Outbound[]): void {
  s.matchNumber += 1;
  s.questions = questions;
  s.questionIndex = 0;
  s.balances = perSeat(() => s.config.startingBalance);
  s.foldsRemaining = perSeat(() => s.config.foldsPerPlayer);
  s.recap = [];
  s.result = null;
  s.lastResolution = null;
  s.playAgain = perSeat(() => false);
  out.push(toAll({ type: "MATCH_STARTED", matchNumber: s.matchNumber, questionsPerMatch: questions.length }));
  startQuestion(s, now, out);
  // docs/games/trivia-duel.md, Decisions D8: a player already away when the match starts (a
  // disconnect outside a match arms no clock) gets the reconnect window from now, with the
  // clock stopped, or the match would wait on them forever.
  for (const seat of SEATS) {
    const p = s.players[seat];
    if (p.presence !== "disconnected") continue;
    p.absentSince = now;
    stopClock(s, now);
    out.push(
      toAll({
        type: "PLAYER_DISCONNECTED",
        player: seat,
        reconnectDeadline: reconnectDeadline(s, seat),
        clockStopped: true,
      }),
    );
  }
}

export function startQuestion(s: TriviaState, now: number, out: Outbound[]): void {
  s.phase = "CATEGORY";
  s.betting = null;
  s.clue = null;
  s.buzzer = null;
  s.phaseEndsAt = now + ms(s, s.config.categoryRevealSec);
  out.push(
    toAll({
      type: "PHASE_CATEGORY",
      questionIndex: s.questionIndex,
      questionsPerMatch: s.questions.length,
      category: s.questions[s.questionIndex]!.category,
      firstActor: firstActorFor(s),
      endsAt: s.phaseEndsAt,
    }),
  );
}

/** Q1: P1, Q2: P2, Q3: P1 …; a rematch starts with the other player. */
export function firstActorFor(s: TriviaState): Seat {
  return (s.questionIndex + s.matchNumber - 1) % 2 === 0 ? "P1" : "P2";
}

export function startBetting(s: TriviaState, now: number, out: Outbound[]): void {
  s.phaseEndsAt = null;
  const effectiveStack = Math.min(s.balances.P1, s.balances.P2);
  const b: Betting = {
    firstActor: firstActorFor(s),
    awaitingAction: firstActorFor(s),
    bets: { P1: null, P2: null },
    contributions: { P1: 0, P2: 0 },
    raises: 0,
    effectiveStack,
    deadline: now + ms(s, s.config.betTimeLimitSec),
  };
  s.betting = b;
  // docs/games/trivia-duel.md, Decisions D3: nothing affordable to bet, so the question is played
  // for an empty pot.
  if (effectiveStack < MIN_TIER) {
    b.awaitingAction = null;
    b.deadline = null;
    out.push(toAll({ type: "BETTING_SKIPPED", questionIndex: s.questionIndex, effectiveStack }));
    startClue(s, now, out);
    return;
  }
  s.phase = "BETTING";
  out.push(toAll(phaseBetting(s, b)));
}

export function startClue(s: TriviaState, now: number, out: Outbound[]): void {
  s.phase = "CLUE";
  s.clue = startReveal(s, now);
  s.buzzer = {
    status: { P1: "AVAILABLE", P2: "AVAILABLE" },
    currentlyAnswering: null,
    answerDeadline: null,
    answers: { P1: null, P2: null },
  };
  if (s.betting) s.betting.deadline = null;
  // docs/games/trivia-duel.md, Decisions D1: the clue text leaves the server only as it is revealed.
  out.push(
    toAll({
      type: "PHASE_CLUE",
      questionIndex: s.questionIndex,
      clue: "",
      clueLength: clueText(s).length,
      revealRate: s.config.revealRateCharsPerSec,
      tickMs: ms(s, 0.5),
      pot: pot(s.betting),
    }),
  );
}

/** Settle the pot, show the result, and wait before the next question. */
export function resolve(s: TriviaState, outcome: Outcome, now: number, out: Outbound[]): void {
  const c = s.betting?.contributions ?? { P1: 0, P2: 0 };
  const changes: PerSeat<number> = { P1: 0, P2: 0 };
  const total = c.P1 + c.P2;
  if (outcome === "P1_WIN" || outcome === "P2_WIN") {
    const w: Seat = outcome === "P1_WIN" ? "P1" : "P2";
    s.balances[w] += total;
    changes[w] = c[other(w)];
    changes[other(w)] = 0 - c[other(w)];
  } else if (outcome === "P1_FOLD" || outcome === "P2_FOLD") {
    const folder: Seat = outcome === "P1_FOLD" ? "P1" : "P2";
    s.balances[other(folder)] += total;
    changes[other(folder)] = c[folder];
    changes[folder] = 0 - c[folder];
  } else {
    s.balances.P1 += c.P1;
    s.balances.P2 += c.P2;
  }
  if (s.betting) {
    s.betting.contributions = { P1: 0, P2: 0 };
    s.betting.awaitingAction = null;
    s.betting.deadline = null;
  }
  if (s.clue) {
    s.clue.nextTickAt = null;
    s.clue.runStartedAt = null;
    s.clue.deadline = null;
  }
  const q = s.questions[s.questionIndex]!;
  const answers = s.buzzer ? { ...s.buzzer.answers } : { P1: null, P2: null };
  if (s.buzzer) {
    s.buzzer.currentlyAnswering = null;
    s.buzzer.answerDeadline = null;
  }
  s.phase = "RESOLUTION";
  s.phaseEndsAt = now + ms(s, s.config.resolutionDisplaySec);
  const entry = {
    questionIndex: s.questionIndex,
    category: q.category,
    outcome,
    correctAnswer: q.displayAnswer,
    answers,
    balanceChanges: changes,
  };
  s.lastResolution = entry;
  s.recap.push(entry);
  out.push(toAll(phaseResolution(s, outcome, q.displayAnswer, answers, changes, s.phaseEndsAt)));
}

export function afterResolution(s: TriviaState, now: number, out: Outbound[]): void {
  s.questionIndex += 1;
  if (s.questionIndex < s.questions.length) startQuestion(s, now, out);
  else complete(s, null, out);
}

/** End the match. A forfeit returns any pot to its owners first, then names the opponent. */
export function complete(s: TriviaState, forfeitedBy: Seat | null, out: Outbound[]): void {
  if (s.betting) {
    s.balances.P1 += s.betting.contributions.P1;
    s.balances.P2 += s.betting.contributions.P2;
    s.betting.contributions = { P1: 0, P2: 0 };
    s.betting.awaitingAction = null;
    s.betting.deadline = null;
  }
  s.phase = "COMPLETE";
  s.phaseEndsAt = null;
  s.clue = null;
  s.buzzer = null;
  s.questionIndex = Math.min(s.questionIndex, s.questions.length);
  const winner: Seat | "TIE" = forfeitedBy
    ? other(forfeitedBy)
    : s.balances.P1 === s.balances.P2
      ? "TIE"
      : s.balances.P1 > s.balances.P2
        ? "P1"
        : "P2";
  s.result = { winner, finalBalances: { ...s.balances }, forfeitedBy };
  if (winner === "TIE") s.tally.ties += 1;
  else s.tally[winner] += 1;
  // The match is over: the clock stops for good.
  s.pause = null;
  out.push(
    toAll({
      type: "PHASE_COMPLETE",
      winner,
      finalBalances: { ...s.balances },
      ...(forfeitedBy ? { forfeit: true, forfeitedBy } : {}),
      recap: s.recap,
      tally: { ...s.tally },
    }),
  );
}
