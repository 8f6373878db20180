import type { RuleError } from "../../engine/errors";
import type { Outbound } from "../../engine/rules";
import { matchesAnswer } from "./answer-match";
import { clueText, freeze, resume, revealIndexAt } from "./clue";
import { refuse } from "./codes";
import { resolve } from "./flow";
import { toAll } from "./messages";
import type { Buzzer, Seat, TriviaState } from "./state";
import { ms, other } from "./state";

/** Whether a buzz is possible now: a refusal, or null. Reads only. */
export function buzzRefusal(s: TriviaState, seat: Seat): RuleError | null {
  const bz = s.buzzer;
  if ((s.phase !== "CLUE" && s.phase !== "ANSWER") || !bz) return refuse("not_clue_phase", "The buzzer is not live.");
  if (bz.status[seat] !== "AVAILABLE") return refuse("already_buzzed", "You have already buzzed on this question.");
  // Arrival order decides (the document's race rule): the later buzz is ignored and the
  // player stays AVAILABLE for later.
  if (s.phase === "ANSWER") return refuse("buzz_lost", "Your opponent buzzed first.");
  return null;
}

export function buzz(s: TriviaState, seat: Seat, now: number, out: Outbound[]): void {
  const bz = s.buzzer as Buzzer;
  freeze(s, now);
  bz.status[seat] = "BUZZED";
  bz.currentlyAnswering = seat;
  bz.answerDeadline = now + ms(s, s.config.answerTimeLimitSec);
  s.phase = "ANSWER";
  out.push(
    toAll({ type: "BUZZED", player: seat, answerDeadline: bz.answerDeadline, revealIndex: s.clue!.revealIndex }),
  );
}

/** Whether this seat may answer now: a refusal, or null. Reads only. */
export function answerRefusal(s: TriviaState, seat: Seat): RuleError | null {
  const bz = s.buzzer;
  if (s.phase !== "ANSWER" || !bz) return refuse("not_answer_phase", "Nobody is answering right now.");
  if (bz.currentlyAnswering !== seat) return refuse("not_your_turn", "Your opponent holds the buzzer.");
  return null;
}

export function answer(s: TriviaState, seat: Seat, text: string, now: number, out: Outbound[]): void {
  judge(s, seat, text, false, now, out);
}

/** The answer clock ran out: the document treats it as a wrong answer. */
export function answerTimeout(s: TriviaState, now: number, out: Outbound[]): void {
  const seat = s.buzzer!.currentlyAnswering!;
  judge(s, seat, "", true, now, out);
}

function judge(s: TriviaState, seat: Seat, text: string, timedOut: boolean, now: number, out: Outbound[]): void {
  const bz = s.buzzer!;
  const q = s.questions[s.questionIndex]!;
  // docs/games/trivia-duel.md, Decisions D7: strict when the room *or* the question asks;
  // a question's `strict: false` does not loosen a strict room.
  const strict = q.strict === true || s.config.strictMatching;
  const correct = !timedOut && matchesAnswer(text, q.acceptedAnswers, strict);
  bz.answers[seat] = timedOut ? null : text;
  bz.currentlyAnswering = null;
  bz.answerDeadline = null;
  out.push(toAll({ type: "ANSWER_SUBMITTED", player: seat, answer: text, correct, ...(timedOut ? { timedOut } : {}) }));
  if (correct) {
    bz.status[seat] = "BUZZED";
    resolve(s, seat === "P1" ? "P1_WIN" : "P2_WIN", now, out);
    return;
  }
  bz.status[seat] = "FAILED";
  if (bz.status[other(seat)] !== "AVAILABLE") {
    resolve(s, "DRAW", now, out);
    return;
  }
  s.phase = "CLUE";
  resume(s, now);
  const c = s.clue!;
  out.push(
    toAll({
      type: "CLUE_RESUMED",
      revealIndex: c.revealIndex,
      clue: clueText(s).slice(0, revealIndexAt(s, now)),
      deadline: c.complete ? c.deadline : null,
    }),
  );
}
