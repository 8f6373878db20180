import type { ZodType } from "zod";
import type { RuleError } from "./errors";

/** A seat at the table, named by the platform ("P1", "P2", …). */
export type SeatId = string;

/** The platform acting on its own behalf (presence changes, joins). Never a seat id. */
export const SYSTEM = "#system" as const;
export type From = SeatId | typeof SYSTEM;

/**
 * Presence reaches the rules through the same door as player intents, so it is
 * logged and replayed like any other input.
 * - joined: the platform offers this seat to a newcomer; refusing it (a rule error) means
 *   the newcomer is not seated (they may watch).
 * - connected / disconnected: the seat's socket came or went.
 * - left: the seat gave up its place for good.
 */
export type PresenceStatus = "joined" | "connected" | "disconnected" | "left";
export interface PresenceIntent {
  type: "@presence";
  seat: SeatId;
  status: PresenceStatus;
  name?: string;
  /**
   * With "joined": the seat was taken for someone not connected yet (a game's own REST join
   * reserves a place before the player's socket arrives), so the rules should not mark them here.
   */
  offline?: boolean;
}

export type ViewSync = "full" | "update";

/**
 * Refusing a `joined` offer with one of these codes says "not this seat" (it is taken, or
 * retired because its player left or was kicked): the platform then offers the next free
 * seat. Any other refusal keeps the newcomer out (they may watch).
 */
export const SEAT_UNAVAILABLE = ["seat_taken", "left_game", "kicked"] as const;

/** Who receives an outbound message. Spectators are in "all" and in "except". */
export type Audience = "all" | "players" | "spectators" | { seat: SeatId } | { except: SeatId };

/** Either a ready-made wire message, or a request to send each recipient its own `view`. */
export type Outbound = { to: Audience; msg: unknown } | { to: Audience; view: true };

/**
 * An accepted input's result. A step that changes nothing returns the very state it was
 * given and no messages: the host then neither logs nor publishes it (a flood of no-op
 * inputs costs no storage and no broadcast).
 */
export interface Step<S> {
  state: S;
  out: Outbound[];
  /**
   * The step ends its room (SerpentRace's finished race): once its messages are out, the
   * platform lets every socket in the room go. Clients that come later still get the final view.
   */
  closes?: true;
}

/** Whether a step changed nothing (see Step). */
export const isNoop = <S>(before: S, step: Step<S>): boolean => step.state === before && step.out.length === 0;

export interface SetupInit<O> {
  roomId: string;
  options: O;
  seed: string;
  now: number;
  /** Multiplies every duration: 1 in production, small in tests and development. */
  timeScale: number;
}

/**
 * A game's rules: plain functions of (state, input, now). No I/O, no clocks, no
 * Math.random. Everything a game needs to know about time arrives as `now`.
 */
export interface GameRules<S, I, O> {
  id: string;
  seats: { min: number; max: number };
  options: ZodType<O>;
  intent: ZodType<I>;
  setup(init: SetupInit<O>): S;
  act(state: S, from: From, intent: I | PresenceIntent, now: number): Step<S> | RuleError;
  /** When tick() must next run, if ever. */
  due(state: S): number | null;
  tick(state: S, now: number): Step<S>;
  /**
   * One seat's view; null is a spectator. Must hold only what that seat may see.
   * `sync` is "full" for a join or reconnect and "update" for the views sent after each
   * input, so a game may leave out what never changes (and was sent in the full sync).
   */
  view(state: S, seat: SeatId | null, now: number, sync?: ViewSync): unknown;
  /**
   * Where the room is in its life, for closing idle rooms: a lobby nobody started (or a
   * finished game) closes after minutes, a game in progress after hours. Without it, every
   * room counts as "playing".
   */
  stage?(state: S): RoomStage;
  /**
   * Whether seat `by` may hand seat `seat` (its own, or another) to someone who is watching:
   * null if so. Without it, a seat's holder may hand over their own seat and nobody else's.
   */
  handover?(state: S, by: SeatId, seat: SeatId): RuleError | null;
}

export type RoomStage = "lobby" | "playing" | "over";

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rules of every game
export type AnyRules = GameRules<any, any, any>;

export function isPresence(intent: unknown): intent is PresenceIntent {
  return typeof intent === "object" && intent !== null && (intent as { type?: unknown }).type === "@presence";
}
