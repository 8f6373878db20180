import type { TriviaState } from "./state";
import { SEATS } from "./state";

/**
 * RULINGS #8: while a player is disconnected mid-match the duel's clock stops, so a dropped
 * phone does not auto-fold its turns away. Stopping records when; starting again moves
 * every deadline on by the time stopped. The grace deadline itself keeps running: that is
 * what ends an absence that lasts too long.
 */
export function stopClock(s: TriviaState, now: number): void {
  s.clockStoppedAt ??= now;
}

/** Start the clock again once nobody is away; returns how long it was stopped (0 if it was not). */
export function restartClock(s: TriviaState, now: number): number {
  if (s.clockStoppedAt === null) return 0;
  if (SEATS.some((seat) => s.players[seat].joined && !s.players[seat].left && !s.players[seat].connected)) return 0;
  const stopped = Math.max(0, now - s.clockStoppedAt);
  s.clockStoppedAt = null;
  shiftDeadlines(s, stopped);
  return stopped;
}

/** The time the duel's clock reads: frozen while stopped. */
export function duelNow(s: TriviaState, now: number): number {
  return s.clockStoppedAt === null ? now : Math.min(now, s.clockStoppedAt);
}

const later = (t: number | null, by: number) => (t === null ? null : t + by);

function shiftDeadlines(s: TriviaState, by: number): void {
  if (by === 0) return;
  s.phaseEndsAt = later(s.phaseEndsAt, by);
  if (s.betting) s.betting.deadline = later(s.betting.deadline, by);
  if (s.clue) {
    s.clue.runStartedAt = later(s.clue.runStartedAt, by);
    s.clue.nextTickAt = later(s.clue.nextTickAt, by);
    s.clue.deadline = later(s.clue.deadline, by);
  }
  if (s.buzzer) s.buzzer.answerDeadline = later(s.buzzer.answerDeadline, by);
}
