import type { Clue, TriviaState } from "./state";
import { ms } from "./state";

/** CLUE_TICK cadence (docs/games/trivia-duel.md, Decisions D2), before time scaling. */
export const CLUE_TICK_SEC = 0.5;

export function msPerChar(s: TriviaState): number {
  return ms(s, 1) / s.config.revealRateCharsPerSec;
}

export function clueText(s: TriviaState): string {
  return s.questions[s.questionIndex]?.clue ?? "";
}

/** Reveal time so far; frozen time (ANSWER) does not count. */
function revealedMs(c: Clue, now: number): number {
  return c.bankedMs + (c.runStartedAt === null ? 0 : Math.max(0, now - c.runStartedAt));
}

/** docs/games/trivia-duel.md, Decisions D2: floor(elapsed reveal time × rate), capped at the clue length. */
export function revealIndexAt(s: TriviaState, now: number): number {
  const c = s.clue;
  if (!c) return 0;
  if (c.complete) return clueText(s).length;
  return Math.min(clueText(s).length, Math.floor(revealedMs(c, now) / msPerChar(s) + 1e-9));
}

/** When the running reveal shows its last character, or null while frozen. */
export function completionTime(s: TriviaState): number | null {
  const c = s.clue;
  if (!c || c.complete || c.runStartedAt === null) return null;
  const needed = Math.ceil(clueText(s).length * msPerChar(s) - 1e-9);
  return c.runStartedAt + Math.max(0, needed - c.bankedMs);
}

export function startReveal(s: TriviaState, now: number): Clue {
  return {
    bankedMs: 0,
    runStartedAt: now,
    revealIndex: 0,
    complete: false,
    completeAt: null,
    deadline: null,
    nextTickAt: now + ms(s, CLUE_TICK_SEC),
  };
}

/** A buzz freezes the reveal where it stands. */
export function freeze(s: TriviaState, now: number): void {
  const c = s.clue!;
  c.revealIndex = revealIndexAt(s, now);
  if (c.runStartedAt !== null) c.bankedMs += Math.max(0, now - c.runStartedAt);
  c.runStartedAt = null;
  c.nextTickAt = null;
}

/**
 * After a wrong answer the clue goes on from where it froze. If it had already finished,
 * the other player gets a fresh post-clue window (documented in docs/games/trivia-duel.md).
 */
export function resume(s: TriviaState, now: number): void {
  const c = s.clue!;
  if (c.complete) {
    c.deadline = now + ms(s, s.config.postClueTimeoutSec);
    return;
  }
  c.runStartedAt = now;
  c.nextTickAt = now + ms(s, CLUE_TICK_SEC);
}
