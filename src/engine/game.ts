import type { ZodType } from "zod";
import type { Context } from "./context";
import { isRuleError, type RuleError, refuse } from "./errors";
import {
  type From,
  type GameRules,
  isPresence,
  type PresenceIntent,
  type RoomStage,
  type SeatId,
  type SetupInit,
  type Step,
  SYSTEM,
  type ViewSync,
} from "./rules";

/**
 * What `validate` (or a presence plan) returns for an input that is accepted but changes
 * nothing (a repeated presence, the same settings again): the runtime hands back the very
 * state it was given, so the host neither logs nor publishes it.
 */
export const UNCHANGED: unique symbol = Symbol("unchanged");
export type Unchanged = typeof UNCHANGED;

/** A named moment in the state when something must happen (a turn's end, a grace window's). */
export interface Deadline {
  at: number;
}

/**
 * The parts a room game supplies. The engine assembles them into `GameRules`: refusals are
 * decided on the state as given (no copy is made for an input that is refused or changes
 * nothing), the working copy is made once, each due deadline fires at its own time, earliest
 * first, and `settle` runs after every change.
 */
export interface GameParts<S, I, O, C extends Context<S>, R, P, D extends Deadline> {
  id: string;
  seats: { min: number; max: number };
  options: ZodType<O>;
  /** Every client intent; the host parses with it at the door, so `validate` gets typed intents. */
  intent: ZodType<I>;
  setup(init: SetupInit<O>): S;
  /** The copy a step works on: what the rules change in place is copied, the rest shared. */
  copy(s: S): S;
  /** The context a step runs in (a game's own subclass, for its message shapes). */
  context(s: S, now: number): C;
  /** Read-only: refuse, say nothing changes, or resolve what `apply` needs (the player, the card…). */
  validate(s: S, from: SeatId, intent: I, now: number): R | RuleError | Unchanged;
  /** Change the working copy; never refuses (validate did). */
  apply(ctx: C, from: SeatId, intent: I, resolved: R): void;
  /** Intents the platform itself may send on nobody's behalf (none unless listed). */
  fromPlatform?(intent: I): boolean;
  presence: {
    /** Read-only, like validate: what a seat's joining, coming, going or leaving will do. */
    plan(s: S, p: PresenceIntent, now: number): P | RuleError | Unchanged;
    apply(ctx: C, p: PresenceIntent, plan: P): void;
  };
  /** Every deadline the state holds now. */
  deadlines(s: S): readonly D[];
  /** A deadline came: its time is `ctx.now`. */
  fire(ctx: C, d: D): void;
  /** After every input, presence change and deadline: what follows from the new state (a game's end…). */
  settle?(ctx: C): void;
  /** Last words of a step (each seat's new view, say). */
  finish?(ctx: C): void;
  view(s: S, seat: SeatId | null, now: number, sync?: ViewSync): unknown;
  stage(s: S): RoomStage;
  /** Who may hand which seat to a watcher (see GameRules.handover). */
  handover?(s: S, by: SeatId, seat: SeatId): RuleError | null;
}

/** A definition that keeps firing deadlines without end is a bug; stop it loudly. */
const MAX_FIRINGS = 10_000;

/** The earliest deadline in the state, or null. */
export function earliest<D extends Deadline>(all: readonly D[]): D | null {
  let best: D | null = null;
  for (const d of all) if (best === null || d.at < best.at) best = d;
  return best;
}

export function defineGame<S, I, O, C extends Context<S>, R, P, D extends Deadline>(
  parts: GameParts<S, I, O, C, R, P, D>,
): GameRules<S, I, O> {
  const done = (ctx: C): Step<S> => {
    parts.finish?.(ctx);
    return ctx.step();
  };

  const presence = (state: S, p: PresenceIntent, now: number): Step<S> | RuleError => {
    const plan = parts.presence.plan(state, p, now);
    if (plan === UNCHANGED) return { state, out: [] };
    if (isRuleError(plan)) return plan;
    const ctx = parts.context(parts.copy(state), now);
    parts.presence.apply(ctx, p, plan as P);
    parts.settle?.(ctx);
    return done(ctx);
  };

  return {
    id: parts.id,
    seats: parts.seats,
    options: parts.options,
    intent: parts.intent,
    setup: parts.setup,

    act(state: S, from: From, intent: I | PresenceIntent, now: number): Step<S> | RuleError {
      if (isPresence(intent)) {
        if (from !== SYSTEM) return refuse("system_only", "Presence comes from the platform.");
        return presence(state, intent, now);
      }
      if (from === SYSTEM && !parts.fromPlatform?.(intent))
        return refuse("not_a_player", "The platform does not play.");
      const resolved = parts.validate(state, from, intent, now);
      if (resolved === UNCHANGED) return { state, out: [] };
      if (isRuleError(resolved)) return resolved;
      const ctx = parts.context(parts.copy(state), now);
      parts.apply(ctx, from, intent, resolved as R);
      parts.settle?.(ctx);
      return done(ctx);
    },

    due(state: S): number | null {
      return earliest(parts.deadlines(state))?.at ?? null;
    },

    tick(state: S, now: number): Step<S> {
      const first = earliest(parts.deadlines(state));
      if (first === null || first.at > now) return { state, out: [] };
      const ctx = parts.context(parts.copy(state), first.at);
      for (let fired = 0; fired < MAX_FIRINGS; fired++) {
        const next = earliest(parts.deadlines(ctx.s));
        if (next === null || next.at > now) {
          ctx.now = now;
          return done(ctx);
        }
        // Each deadline fires at its own time (a late timer gives the schedule it would have on time).
        ctx.now = Math.max(ctx.now, next.at);
        parts.fire(ctx, next);
        parts.settle?.(ctx);
      }
      throw new Error(`${parts.id}: deadlines keep firing`);
    },

    view: parts.view,
    stage: parts.stage,
    ...(parts.handover ? { handover: parts.handover } : {}),
  };
}
