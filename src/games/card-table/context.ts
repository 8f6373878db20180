import { EnvelopeContext } from "../../engine/envelope-wire";
import type { Audience } from "../../engine/rules";
import type { PackLibrary } from "./deck";
import type { ActionType } from "./definition";
import type { GameEvent } from "./events";
import type { CardTableState, Deck } from "./state";

export const HISTORY_LIMIT = 60;

/**
 * One input being applied: the working copy of the state (`workingCopy`), the clock, who acted, and the messages
 * it produces. Every event goes to the history and out on the wire in the same call,
 * so the two never disagree.
 */
export class Ctx extends EnvelopeContext<CardTableState, GameEvent> {
  /** A phase change requested by an effect, taken once the current effect list stops. */
  redirect: string | null = null;
  /** Set by an effect that paused the game: the rest of the phase's effects do not run. */
  halt = false;
  /** Phase entries during this input, to stop a definition that loops forever. */
  hops = 0;
  /** The action being applied, for "action" transition conditions. */
  lastAction: ActionType | null = null;

  /** Who acted (null for presence and timers). */
  actor: string | null = null;

  /**
   * The decks this step's working copy still shares with the state it was given (see
   * `workingCopy`): the longest lists of the state, copied only when the step first changes one.
   */
  private readonly sharedDecks: Set<Deck>;

  constructor(
    s: CardTableState,
    now: number,
    readonly library: PackLibrary,
  ) {
    super(s, now, s.timeScale);
    this.sharedDecks = new Set(Object.values(s.decks));
  }

  /** Deck `deckId`, ready to change: copied first if the state given to this step still holds it. */
  ownDeck(deckId: string): Deck | undefined {
    const d = this.s.decks[deckId];
    if (!d || !this.sharedDecks.has(d)) return d;
    const copy: Deck = { ...d, cards: d.cards.slice(), discardPile: d.discardPile.slice() };
    this.s.decks[deckId] = copy;
    return copy;
  }

  /** An event everyone (or `to`) may see as it is; the history keeps it too. */
  override emit(event: GameEvent, to: Audience = "all"): void {
    this.record(event);
    super.emit(event, to);
  }

  /** An event one seat sees in full and everyone else sees redacted; the history keeps the full one. */
  emitSplit(full: GameEvent, seat: string, redacted: GameEvent): void {
    this.record(full);
    super.emit(full, { seat });
    super.emit(redacted, { except: seat });
  }

  /**
   * The state keeps the recent history only: every input copies the state, so an
   * unbounded list would make long games slower and slower. The input log is the full record.
   */
  private record(event: GameEvent): void {
    this.s.history.push(event);
    if (this.s.history.length > HISTORY_LIMIT) this.s.history.splice(0, this.s.history.length - HISTORY_LIMIT);
  }
}
