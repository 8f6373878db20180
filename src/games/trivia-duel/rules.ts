import { type RuleError, refuse } from "../../engine/errors";
import { seedRng } from "../../engine/rng";
import type { From, GameRules, Outbound, PresenceIntent, SeatId, Step } from "../../engine/rules";
import { isPresence, SYSTEM } from "../../engine/rules";
import { answer, answerTimeout, buzz } from "./answering";
import { applyBet, betTimeout } from "./betting";
import { clueText, completionTime, revealIndexAt } from "./clue";
import { type QuestionSets, TriviaOptions } from "./config";
import type { Question } from "./content/schema";
import { workingCopy } from "./copy";
import { afterResolution, complete, drawQuestions, resolve, shuffledIds, startBetting, startMatch } from "./flow";
import { toAll } from "./messages";
import { applyPresence } from "./presence";
import { TriviaIntent } from "./protocol";
import type { Seat, TriviaState } from "./state";
import { emptySeat, freshTally, isSeat, ms, perSeat } from "./state";
import { roomState } from "./view";

const live = (s: TriviaState) => s.phase !== "WAITING" && s.phase !== "COMPLETE";

/**
 * The rules are built around a question bank, so the bank is data the rules can read
 * purely; a room's own questions are found by hash in `sets` (loaded before the rules run).
 */
export function createTriviaRules(
  bank: readonly Question[],
  sets: QuestionSets = () => undefined,
): GameRules<TriviaState, TriviaIntent, TriviaOptions> {
  const byId = new Map(bank.map((q) => [q.id, q]));
  const lookupFor = (s: TriviaState) => {
    if (!s.customPool) return (id: string) => byId.get(id);
    const own = new Map(s.customPool.map((q) => [q.id, q]));
    return (id: string) => own.get(id);
  };

  function setup(init: { roomId: string; options: TriviaOptions; seed: string; now: number; timeScale: number }) {
    // A log's options, as stored: rooms created before questions were stored by hash carried them whole.
    const { config, questionSet, questions: carried } = init.options as TriviaOptions & { questions?: Question[] };
    const questions = questionSet ? sets(questionSet.hash) : carried;
    // prepare loads a room's set before setup; missing here, it was deleted from the database by hand.
    if (questionSet && !questions) throw new Error(`trivia: question set ${questionSet.hash} is not loaded`);
    const s: TriviaState = {
      roomId: init.roomId,
      config,
      timeScale: init.timeScale,
      rng: seedRng(init.seed),
      phase: "WAITING",
      matchNumber: 0,
      questionIndex: 0,
      questions: [],
      unseen: [],
      customPool: questions ?? null,
      balances: perSeat(() => config.startingBalance),
      foldsRemaining: perSeat(() => config.foldsPerPlayer),
      betting: null,
      clue: null,
      buzzer: null,
      phaseEndsAt: null,
      lastResolution: null,
      recap: [],
      result: null,
      players: perSeat(emptySeat),
      playAgain: perSeat(() => false),
      clockStoppedAt: null,
      tally: freshTally(),
    };
    const chosen = new Set(config.categories ?? []);
    const pool = (questions ?? bank).filter((q) => chosen.size === 0 || chosen.has(q.category));
    s.unseen = shuffledIds(s, pool);
    return s;
  }

  function act(state: TriviaState, from: From, intent: TriviaIntent | PresenceIntent, now: number) {
    const s = workingCopy(state);
    const out: Outbound[] = [];
    let err: RuleError | null;
    if (from === SYSTEM) {
      err = isPresence(intent) ? applyPresence(s, intent, now, out, lookupFor(s)) : refuse("bad_input", "Unknown.");
    } else if (!isSeat(from)) {
      err = refuse("not_a_player", "Spectators cannot act.");
    } else if (isPresence(intent)) {
      err = refuse("bad_input", "Presence comes from the platform.");
    } else {
      err = playerIntent(s, from, intent, now, out);
    }
    if (err) return err;
    // An accepted input that said nothing changed nothing (a repeated presence): the host
    // skips it entirely when it gets back the very state it gave.
    return out.length === 0 ? { state, out } : { state: s, out };
  }

  function playerIntent(s: TriviaState, seat: Seat, intent: TriviaIntent, now: number, out: Outbound[]) {
    // RULINGS #8: the duel waits for an absent player; nobody plays on meanwhile.
    if (s.clockStoppedAt !== null && intent.type !== "PLAY_AGAIN")
      return refuse("clock_stopped", "Your opponent lost their connection; the duel waits for them.");
    switch (intent.type) {
      case "BET":
      case "MATCH":
      case "RAISE":
      case "FOLD":
        return applyBet(s, seat, intent, now, out);
      case "BUZZ":
        return buzz(s, seat, now, out);
      case "ANSWER":
        return answer(s, seat, intent.text, now, out);
      case "PLAY_AGAIN":
        return playAgain(s, seat, now, out);
    }
  }

  /** RULINGS #10: both ask, and a new match starts with questions neither has seen here. */
  function playAgain(s: TriviaState, seat: Seat, now: number, out: Outbound[]): RuleError | null {
    if (s.phase !== "COMPLETE") return refuse("not_complete", "The match is still going.");
    if (!s.players.P1.joined || !s.players.P2.joined || s.players.P1.left || s.players.P2.left)
      return refuse("opponent_gone", "Your opponent has left; wait for a new one to join.");
    if (s.unseen.length < s.config.questionsPerMatch)
      return refuse("no_more_questions", "This room has played every question it has.");
    s.playAgain[seat] = true;
    out.push(toAll({ type: "PLAY_AGAIN_REQUESTED", player: seat, ready: { ...s.playAgain } }));
    if (s.playAgain.P1 && s.playAgain.P2) startMatch(s, drawQuestions(s, lookupFor(s))!, now, out);
    return null;
  }

  function graceDue(s: TriviaState): { at: number; seat: Seat } | null {
    if (!live(s)) return null;
    let best: { at: number; seat: Seat } | null = null;
    for (const seat of ["P1", "P2"] as const) {
      const at = s.players[seat].graceUntil;
      if (at !== null && (!best || at < best.at)) best = { at, seat };
    }
    return best;
  }

  function phaseDue(s: TriviaState): number | null {
    switch (s.phase) {
      case "CATEGORY":
      case "RESOLUTION":
        return s.phaseEndsAt;
      case "BETTING":
        return s.betting?.deadline ?? null;
      case "CLUE": {
        const c = s.clue!;
        if (c.complete) return c.deadline;
        const done = completionTime(s);
        const candidates = [c.nextTickAt, done].filter((x): x is number => x !== null);
        return candidates.length ? Math.min(...candidates) : null;
      }
      case "ANSWER":
        return s.buzzer?.answerDeadline ?? null;
      default:
        return null;
    }
  }

  function due(s: TriviaState): number | null {
    // RULINGS #8: while the clock is stopped only the absent player's grace runs.
    const phase = s.clockStoppedAt === null ? phaseDue(s) : null;
    const times = [phase, graceDue(s)?.at ?? null].filter((x): x is number => x !== null);
    return times.length ? Math.min(...times) : null;
  }

  /** Fire everything due by `now`, each at its own scheduled time, earliest first. */
  function tick(state: TriviaState, now: number): Step<TriviaState> {
    const s = workingCopy(state);
    const out: Outbound[] = [];
    for (let guard = 0; guard < 10_000; guard++) {
      const at = due(s);
      if (at === null || at > now) break;
      const grace = graceDue(s);
      const phase = s.clockStoppedAt === null ? phaseDue(s) : null;
      if (grace && grace.at === at && (phase ?? Number.POSITIVE_INFINITY) >= at) {
        complete(s, grace.seat, out);
        continue;
      }
      firePhase(s, at, out);
    }
    return { state: s, out };
  }

  function firePhase(s: TriviaState, at: number, out: Outbound[]): void {
    switch (s.phase) {
      case "CATEGORY":
        startBetting(s, at, out);
        return;
      case "BETTING":
        betTimeout(s, at, out);
        return;
      case "CLUE":
        clueTimer(s, at, out);
        return;
      case "ANSWER":
        answerTimeout(s, at, out);
        return;
      case "RESOLUTION":
        afterResolution(s, at, out);
        return;
      default:
        return;
    }
  }

  function clueTimer(s: TriviaState, at: number, out: Outbound[]): void {
    const c = s.clue!;
    if (c.complete) {
      resolve(s, "DRAW", at, out);
      return;
    }
    const text = clueText(s);
    const done = completionTime(s);
    if (done !== null && done <= at) {
      c.revealIndex = text.length;
      c.complete = true;
      c.completeAt = at;
      c.runStartedAt = null;
      c.nextTickAt = null;
      c.deadline = at + ms(s, s.config.postClueTimeoutSec);
      out.push(toAll({ type: "CLUE_TICK", revealIndex: text.length, clue: text }));
      out.push(toAll({ type: "CLUE_COMPLETE", deadline: c.deadline }));
      return;
    }
    c.revealIndex = revealIndexAt(s, at);
    c.nextTickAt = at + ms(s, 0.5);
    out.push(toAll({ type: "CLUE_TICK", revealIndex: c.revealIndex, clue: text.slice(0, c.revealIndex) }));
  }

  return {
    id: "trivia-duel",
    seats: { min: 2, max: 2 },
    options: TriviaOptions,
    intent: TriviaIntent,
    setup,
    act,
    due,
    tick,
    view: (s: TriviaState, seat: SeatId | null, now: number) => roomState(s, seat, now),
    stage: (s: TriviaState) => (s.phase === "WAITING" ? "lobby" : s.phase === "COMPLETE" ? "over" : "playing"),
  };
}
