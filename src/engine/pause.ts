import type { Context } from "./context";

/**
 * One pause for every game: the lead's pause, "not enough players here", a duel waiting for
 * a dropped phone. While paused the game's own clock stands still: its deadlines do not
 * fire, and resuming moves each of them on by the time paused, so every timer keeps the
 * time it had left. Presence timers (grace windows) are not the game's clock and run on.
 */
export interface Pause<R extends string = string> {
  reason: R;
  /** When the pause began. */
  at: number;
}

/** A game state that can pause: `pausedMs` is the paused time so far, which the game's clock does not count. */
export interface Pausable<R extends string = string> {
  pause: Pause<R> | null;
  pausedMs: number;
}

type ReasonOf<S extends Pausable> = NonNullable<S["pause"]>["reason"];

/** What the game's clock reads: frozen at the pause's start while paused. */
export function gameNow(s: Pausable, now: number): number {
  return s.pause === null ? now : Math.min(now, s.pause.at);
}

/**
 * A deadline `seconds` of game time from now. Armed while paused, it counts from the pause's
 * start, so that resuming (which moves every deadline on by the time paused) gives it whole.
 */
export function deadlineIn<S extends Pausable>(ctx: Context<S>, seconds: number): number {
  return gameNow(ctx.s, ctx.now) + ctx.ms(seconds);
}

/** Pause the game's clock at `now`; false if it was paused already (the first reason stands). */
export function pauseClock<S extends Pausable>(s: S, now: number, reason: ReasonOf<S>): boolean {
  if (s.pause !== null) return false;
  s.pause = { reason, at: now };
  return true;
}

/**
 * Start the game's clock again: `shift` moves each of the game's deadlines on by the time
 * paused (returned; 0 if the game was not paused).
 */
export function resumeClock<S extends Pausable>(s: S, now: number, shift: (s: S, byMs: number) => void): number {
  const p = s.pause;
  if (p === null) return 0;
  const by = Math.max(0, now - p.at);
  s.pause = null;
  s.pausedMs += by;
  if (by > 0) shift(s, by);
  return by;
}

/** A deadline moved on by `by` ms (null stays null). */
export const later = (at: number | null, by: number): number | null => (at === null ? null : at + by);

/** What a game's clock works on: the state and the room's time (an engine `Context` is one). */
export interface Clocked<S> {
  readonly s: S;
  now: number;
}

/** What pausing means to a game beyond its clock standing still. */
export interface ClockHooks<S extends Pausable, C extends Clocked<S>> {
  /** Move each of the game's own deadlines on by `byMs` (see `resumeClock`). */
  shift(s: S, byMs: number): void;
  /** Whether the game may pause now (a game between rounds or over may not); always, unless given. */
  canPause?(s: S): boolean;
  /** The game paused (a status to set, an event to send). */
  paused?(ctx: C, reason: ReasonOf<S>): void;
  /** The game's clock runs again after `byMs` stood still. */
  resumed?(ctx: C, byMs: number): void;
}

/** A game's pause: one mechanism for the lead's pause, "not enough players here", a seat away. */
export interface GameClock<S extends Pausable, C extends Clocked<S>> {
  /** Pause for `reason`; false if the game was paused already or may not pause now. */
  pause(ctx: C, reason: ReasonOf<S>): boolean;
  /** Run the clock again; the time it stood still (0 when it was not paused). */
  resume(ctx: C): number;
  /**
   * A pause that lasts as long as a condition ("fewer than two players here", "a seat is
   * away"): taken for `reason` while `held`, and lifted once not, but only if it was taken
   * for that reason (the lead's own pause waits for the lead).
   */
  hold(ctx: C, reason: ReasonOf<S>, held: boolean): void;
}

export function gameClock<S extends Pausable, C extends Clocked<S>>(hooks: ClockHooks<S, C>): GameClock<S, C> {
  const clock: GameClock<S, C> = {
    pause(ctx, reason) {
      if (hooks.canPause && !hooks.canPause(ctx.s)) return false;
      if (!pauseClock(ctx.s, ctx.now, reason)) return false;
      hooks.paused?.(ctx, reason);
      return true;
    },
    resume(ctx) {
      if (ctx.s.pause === null) return 0;
      const by = resumeClock(ctx.s, ctx.now, hooks.shift);
      hooks.resumed?.(ctx, by);
      return by;
    },
    hold(ctx, reason, held) {
      if (held) clock.pause(ctx, reason);
      else if (ctx.s.pause?.reason === reason) clock.resume(ctx);
    },
  };
  return clock;
}
