import { gameNow, later, pauseClock, resumeClock } from "../../engine/pause";
import type { TriviaState } from "./state";
import { holdsSeat, SEATS } from "./state";

/**
 * While a player is disconnected mid-match the duel's clock stops (the engine's pause), so a
 * dropped phone does not auto-fold its turns away; starting again moves every deadline on by
 * the time stopped. The grace deadline itself keeps running: that is what ends an absence
 * that lasts too long.
 */
export function stopClock(s: TriviaState, now: number): void {
  pauseClock(s, now, "away");
}

/** Start the clock again once nobody is away; returns how long it was stopped (0 if it was not). */
export function restartClock(s: TriviaState, now: number): number {
  if (SEATS.some((seat) => holdsSeat(s.players[seat]) && s.players[seat].presence !== "active")) return 0;
  return resumeClock(s, now, shiftDeadlines);
}

/** The time the duel's clock reads: frozen while stopped. */
export const duelNow = gameNow;

function shiftDeadlines(s: TriviaState, by: number): void {
  s.phaseEndsAt = later(s.phaseEndsAt, by);
  if (s.betting) s.betting.deadline = later(s.betting.deadline, by);
  if (s.clue) {
    s.clue.runStartedAt = later(s.clue.runStartedAt, by);
    s.clue.nextTickAt = later(s.clue.nextTickAt, by);
    s.clue.deadline = later(s.clue.deadline, by);
  }
  if (s.buzzer) s.buzzer.answerDeadline = later(s.buzzer.answerDeadline, by);
}
