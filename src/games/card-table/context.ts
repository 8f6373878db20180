import type { Audience, Outbound, Step } from "../../engine/rules";
import type { CardPack } from "./content/schema";
import type { ActionType } from "./definition";
import type { GameEvent } from "./events";
import type { CardTableState } from "./state";

export const HISTORY_LIMIT = 60;

/**
 * Where packs come from when a game starts: without a source, the shipped packs; with one,
 * an uploaded pack's stored version or a pack sent with the room, stored by hash (both
 * immutable, so a replay finds the same cards).
 */
export type PackSource = { version: number } | { hash: string };
export type PackLibrary = (id: string, source?: PackSource) => CardPack | undefined;

/**
 * One input being applied: the working copy of the state (`workingCopy`), the clock, who acted, and the messages
 * it produces. Every event goes to the history and out on the wire in the same call,
 * so the two never disagree.
 */
export class Ctx {
  readonly out: Outbound[] = [];
  /** A phase change requested by an effect, taken once the current effect list stops. */
  redirect: string | null = null;
  /** Set by an effect that paused the game: the rest of the phase's effects do not run. */
  halt = false;
  /** Phase entries during this input, to stop a definition that loops forever. */
  hops = 0;
  /** The action being applied, for "action" transition conditions. */
  lastAction: ActionType | null = null;

  constructor(
    readonly s: CardTableState,
    readonly now: number,
    readonly actor: string | null,
    readonly library: PackLibrary,
  ) {}

  /** An event everyone (or `to`) may see as it is. */
  emit(event: GameEvent, to: Audience = "all"): void {
    this.record(event);
    this.out.push({ to, msg: { type: "event", event } });
  }

  /** An event one seat sees in full and everyone else sees redacted; the history keeps the full one. */
  emitSplit(full: GameEvent, seat: string, redacted: GameEvent): void {
    this.record(full);
    this.out.push({ to: { seat }, msg: { type: "event", event: full } });
    this.out.push({ to: { except: seat }, msg: { type: "event", event: redacted } });
  }

  /**
   * The state keeps the recent history only: every input copies the state, so an
   * unbounded list would make long games slower and slower. The input log is the full record.
   */
  private record(event: GameEvent): void {
    this.s.history.push(event);
    if (this.s.history.length > HISTORY_LIMIT) this.s.history.splice(0, this.s.history.length - HISTORY_LIMIT);
  }

  /** Scale a duration in seconds to milliseconds of room time. */
  ms(seconds: number): number {
    return scaledMs(this.s.timeScale, seconds);
  }

  step(): Step<CardTableState> {
    return { state: this.s, out: [...this.out, { to: "all", view: true }] };
  }
}

/** Never 0: a timer due the instant it is armed would fire again and again. */
export function scaledMs(timeScale: number, seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000 * timeScale));
}
