import { deepFreeze } from "../../engine/copy";
import type { Card } from "./content/schema";
import type { CardTableState, Player, RoundState } from "./state";

/**
 * The copy an input or a timer is applied to, so the caller's state is never touched.
 *
 * A structured clone of the whole state (~60 KB: every card of every deck, plus the recent
 * history) was most of the CPU an input cost. This copies every container the rules change
 * in place (lists of cards, players, records, the generator), except the decks, which are
 * copied on their first change (`Ctx.ownDeck`), and shares what is only ever replaced whole,
 * never changed in place:
 * - cards: frozen when the decks are built (`freezeCard`), so a write would throw;
 * - the definition and the inline packs: static for the room;
 * - history events, shuffled entries (`Entry`), the last round (frozen by `award`), the
 *   settings and the pause record: each is built fresh and assigned, never edited.
 * A rule that starts editing one of those in place must copy it here first; the property
 * test that freezes every input state (properties.test.ts) catches one that does not.
 * Property order is kept, so the copy serialises exactly like the original.
 */
export function workingCopy(s: CardTableState): CardTableState {
  const out: CardTableState = {
    ...s,
    roles: { ...s.roles },
    players: s.players.map(copyPlayer),
    turnOrder: s.turnOrder.slice(),
    activeVariants: s.activeVariants.slice(),
    decks: { ...s.decks },
    globalSlots: mapRecord(s.globalSlots, copyList),
    dice: mapRecord(s.dice, (d) => ({ ...d })),
    faces: { ...s.faces },
    roundState: copyRound(s.roundState),
    history: s.history.slice(),
    gone: { ...s.gone },
    rng: { s: [...s.rng.s] },
  };
  return out;
}

function copyPlayer(p: Player): Player {
  return { ...p, hand: p.hand.slice(), slots: mapRecord(p.slots, copyList) };
}

function copyRound(r: RoundState): RoundState {
  const out: RoundState = {
    ...r,
    submittedAt: mapRecord(r.submittedAt, (at) => ({ ...at })),
    skipped: r.skipped.slice(),
    stakes: { ...r.stakes },
  };
  if (r.shuffledOrder !== undefined) out.shuffledOrder = r.shuffledOrder.slice();
  return out;
}

const copyList = (cards: Card[]): Card[] => cards.slice();

function mapRecord<T, U>(rec: Record<string, T>, f: (v: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const k of Object.keys(rec)) out[k] = f(rec[k] as T);
  return out;
}

/** Make a card (and everything in it) read-only: states and views share card objects. */
export function freezeCard(card: Card): Card {
  return deepFreeze(card);
}
