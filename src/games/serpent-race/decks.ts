import { rngShuffle } from "../../engine/rng";
import { CardType, DeckType } from "./content/schema";
import type { RaceDeck } from "./options";
import type { CardEntry, SerpentState } from "./state";

/** Which card types each deck type deals: questions on the field decks, the rest in their own. */
const DEALS: Record<DeckType, readonly number[]> = {
  [DeckType.POSITIVE]: [
    CardType.QUIZ,
    CardType.SENTENCE_PAIRING,
    CardType.OWN_ANSWER,
    CardType.TRUE_FALSE,
    CardType.CLOSER,
  ],
  [DeckType.NEGATIVE]: [
    CardType.QUIZ,
    CardType.SENTENCE_PAIRING,
    CardType.OWN_ANSWER,
    CardType.TRUE_FALSE,
    CardType.CLOSER,
  ],
  [DeckType.LUCK]: [CardType.LUCK],
  [DeckType.JOKER]: [CardType.JOKER],
};

/**
 * Every playable card of the room's decks, in deck order. A card a deck type does not deal
 * (a luck card in a positive deck, say) is left out: the platform's deck validation should
 * not let one through, and the race could not play it from that field.
 */
export function playableCards(decks: readonly RaceDeck[]): CardEntry[] {
  const out: CardEntry[] = [];
  for (const deck of decks)
    for (const card of deck.cards)
      if (DEALS[deck.decktype].includes(card.type)) out.push({ deckType: deck.decktype, card });
  return out;
}

export const emptyPiles = (): Record<DeckType, number[]> => ({ 0: [], 1: [], 2: [], 3: [] });
export const noneDrawn = (): Record<DeckType, number | null> => ({ 0: null, 1: null, 2: null, 3: null });

/**
 * Draw the next card of a deck type (an index into `cards`), or null if the room has none.
 * A deck that runs out is reshuffled whole: cards are never kept by anyone, so every card of
 * the type goes back in, and the card just drawn is not dealt again at once.
 */
export function draw(s: SerpentState, deckType: DeckType): number | null {
  let pile = s.piles[deckType];
  if (pile.length === 0) {
    const all: number[] = [];
    s.cards.forEach((c, i) => {
      if (c.deckType === deckType) all.push(i);
    });
    if (all.length === 0) return null;
    pile = rngShuffle(s.rng, all);
    // Draws take from the end: keep the last card drawn away from it.
    const last = s.lastDrawn[deckType];
    if (pile.length > 1 && pile[pile.length - 1] === last) {
      const top = pile.length - 1;
      [pile[0], pile[top]] = [pile[top] as number, pile[0] as number];
    }
  }
  const next = pile[pile.length - 1] as number;
  s.piles = { ...s.piles, [deckType]: pile.slice(0, -1) };
  s.lastDrawn = { ...s.lastDrawn, [deckType]: next };
  return next;
}
