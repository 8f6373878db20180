import { Context } from "../../engine/context";
import { copier } from "../../engine/copy";
import { defineGame } from "../../engine/game";
import { seedRng } from "../../engine/rng";
import type { GameRules, SeatId } from "../../engine/rules";
import { answer, answerRefusal, buzz, buzzRefusal } from "./answering";
import { applyBet, betRefusal } from "./betting";
import { refuse } from "./codes";
import { loggedConfig, type QuestionSets, TriviaOptions } from "./config";
import type { Question } from "./content/schema";
import { drawQuestions, pickQuestions, shuffledIds, startMatch } from "./flow";
import { toAll } from "./messages";
import { applyPresence, planPresence } from "./presence";
import { TriviaIntent } from "./protocol";
import type { TriviaState } from "./state";
import { emptySeat, freshTally, holdsSeat, isSeat, perSeat } from "./state";
import { deadlines, fire } from "./timers";
import { roomState } from "./view";

/**
 * The Trivia Duel rules, assembled by the engine from their parts. They are built around a
 * question bank, so the bank is data the rules read purely; a room's own questions are found
 * by hash in `sets` (loaded before the rules run).
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
      config: loggedConfig(config),
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
      pause: null,
      pausedMs: 0,
      tally: freshTally(),
    };
    const chosen = new Set(config.categories ?? []);
    const pool = (questions ?? bank).filter((q) => chosen.size === 0 || chosen.has(q.category));
    s.unseen = shuffledIds(s, pool);
    return s;
  }

  /** Reads only: whether this seat's intent may be taken now. */
  function validate(s: TriviaState, from: SeatId, intent: TriviaIntent) {
    if (!isSeat(from)) return refuse("not_a_player", "Spectators cannot act.");
    // The duel waits for an absent player; nobody plays on meanwhile (docs/games/trivia-duel.md).
    if (s.pause !== null && intent.type !== "PLAY_AGAIN")
      return refuse("clock_stopped", "Your opponent lost their connection; the duel waits for them.");
    switch (intent.type) {
      case "BET":
      case "MATCH":
      case "RAISE":
      case "FOLD":
        return betRefusal(s, from, intent) ?? from;
      case "BUZZ":
        return buzzRefusal(s, from) ?? from;
      case "ANSWER":
        return answerRefusal(s, from) ?? from;
      case "PLAY_AGAIN":
        return playAgainRefusal(s) ?? from;
    }
  }

  /** Both ask, and a new match starts with questions neither has seen in this room. */
  function playAgainRefusal(s: TriviaState) {
    if (s.phase !== "COMPLETE") return refuse("not_complete", "The match is still going.");
    if (!holdsSeat(s.players.P1) || !holdsSeat(s.players.P2))
      return refuse("opponent_gone", "Your opponent has left; wait for a new one to join.");
    if (!pickQuestions(s, lookupFor(s)))
      return refuse("no_more_questions", "This room has played every question it has.");
    return null;
  }

  function apply(ctx: Context<TriviaState>, _from: SeatId, intent: TriviaIntent, seat: "P1" | "P2") {
    const { s, now, out } = ctx;
    switch (intent.type) {
      case "BET":
      case "MATCH":
      case "RAISE":
      case "FOLD":
        applyBet(s, seat, intent, now, out);
        return;
      case "BUZZ":
        buzz(s, seat, now, out);
        return;
      case "ANSWER":
        answer(s, seat, intent.text, now, out);
        return;
      case "PLAY_AGAIN":
        s.playAgain[seat] = true;
        out.push(toAll({ type: "PLAY_AGAIN_REQUESTED", player: seat, ready: { ...s.playAgain } }));
        if (s.playAgain.P1 && s.playAgain.P2) startMatch(s, drawQuestions(s, lookupFor(s))!, now, out);
        return;
    }
  }

  return defineGame({
    id: "trivia-duel",
    seats: { min: 2, max: 2 },
    options: TriviaOptions,
    intent: TriviaIntent,
    setup,
    // Shared, never changed in place: the config, this match's questions, the ids still unseen
    // (up to the whole bank) and a room's own questions; copying them on every clue tick was
    // most of what the garbage collector had to move.
    copy: copier<TriviaState>(["config", "questions", "unseen", "customPool"]),
    context: (s, now) => new Context(s, now, s.timeScale),
    validate,
    apply,
    presence: {
      plan: (s, p) => planPresence(s, p, lookupFor(s)),
      apply: (ctx, _p, plan) => applyPresence(ctx, plan, lookupFor(ctx.s)),
    },
    deadlines,
    fire,
    view: (s: TriviaState, seat: SeatId | null, now: number) => roomState(s, seat, now),
    stage: (s: TriviaState) => (s.phase === "WAITING" ? "lobby" : s.phase === "COMPLETE" ? "over" : "playing"),
  });
}
