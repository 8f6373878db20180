import type { RuleError } from "../../engine/errors";
import { rngShuffle } from "../../engine/rng";
import { refuse } from "./codes";
import { type Card, type CardPack, WHITE } from "./content/schema";
import type { Ctx } from "./context";
import { freezeCard } from "./copy";
import type { CardTableState, Deck } from "./state";
import { blankCards, isBlank } from "./write-ins";

/**
 * Where packs come from when a game starts: without a source, the shipped packs; with one,
 * an uploaded pack's stored version or a pack sent with the room, stored by hash (both
 * immutable, so a replay finds the same cards).
 */
export type PackSource = { version: number } | { hash: string };
export type PackLibrary = (id: string, source?: PackSource) => CardPack | undefined;

/**
 * The packs the settings select: packs sent with the room first, then the room's uploaded
 * versions, then the shipped ones.
 */
export function resolvePacks(s: CardTableState, library: PackLibrary): CardPack[] | RuleError {
  const out: CardPack[] = [];
  for (const id of s.settings.packIds) {
    const sent = s.inlineRefs?.find((r) => r.id === id);
    const uploaded = s.packRefs?.find((r) => r.id === id);
    const pack =
      s.inlinePacks?.find((p) => p.id === id) ??
      (sent ? library(id, { hash: sent.hash }) : uploaded ? library(id, { version: uploaded.version }) : library(id));
    if (!pack) return refuse("unknown_pack", `There is no card pack "${id}".`);
    out.push(pack);
  }
  return out;
}

/** Each pack card's frozen copy, made once: every room and state using the pack shares it. */
const frozenCopies = new WeakMap<Card, Card>();
/**
 * A frozen copy keeps its pack alive as long as some room holds it, so the content cache
 * finds that very pack again (ContentCache's weak references) and a room started later
 * shares the copies instead of making its own.
 */
const packOf = new WeakMap<Card, CardPack>();

function frozenCopy(card: Card, pack: CardPack): Card {
  const marked = pack.marksProperNouns === true;
  let copy = frozenCopies.get(card);
  if (!copy) {
    // A copy, since the pack's own objects belong to the library (shared by every room).
    copy = structuredClone(card);
    // A pack that marks its proper nouns says the unmarked answers are not names (they may
    // be lowered when filled in mid-sentence).
    if (marked && copy.type === WHITE && copy.properties.proper === undefined) copy.properties.proper = false;
    copy = freezeCard(copy);
    frozenCopies.set(card, copy);
    packOf.set(copy, pack);
  }
  return copy;
}

/**
 * Merge the packs into the definition's decks (each deck takes the cards of its type)
 * and shuffle each. Card ids stay unique across packs: a repeated id gets the pack id
 * appended, so every card is one thing in one place. Cards are frozen: states and views
 * share them rather than copy them (see copy.ts).
 */
export function buildDecks(s: CardTableState, packs: CardPack[]): void {
  // A vetoed card keeps its id: no card dealt here may take it.
  const seen = new Set<string>((s.vetoed ?? []).map((c) => c.id));
  const unique = (card: Card, pack: CardPack): Card => {
    const packId = pack.id;
    let id = card.id;
    if (seen.has(id)) id = `${card.id}-${packId}`;
    for (let n = 2; seen.has(id); n++) id = `${card.id}-${packId}-${n}`;
    seen.add(id);
    const frozen = frozenCopy(card, pack);
    if (id === card.id) return frozen;
    const renamed = freezeCard({ ...frozen, id });
    packOf.set(renamed, pack);
    return renamed;
  };
  const vetoed = new Set((s.vetoed ?? []).map(vetoKey));
  const keptOut = (c: Card) => vetoed.has(vetoKey(c));
  s.decks = {};
  let total = 0;
  const j = s.definition.judging;
  for (const [deckId, d] of Object.entries(s.definition.decks)) {
    const cards = packs.flatMap((p) => (p.cards[d.cardType] ?? []).filter((c) => !keptOut(c)).map((c) => unique(c, p)));
    if (j && deckId === j.answerDeck)
      cards.push(...blankCards(s.settings.blankCards, d.cardType).filter((c) => !keptOut(c)));
    s.decks[deckId] = { id: deckId, cards: rngShuffle(s.rng, cards), discardPile: [] };
    total += cards.length;
  }
  s.cardCount = total + (s.vetoed?.length ?? 0);
}

/**
 * What keeps a card out of the decks built in this room once it is vetoed: a card saying the
 * same thing (type and text), so a rematch or another pack never deals it again; the
 * table's own blank cards, and cards without text, by id.
 */
function vetoKey(card: Card): string {
  const text = card.properties.text;
  const byText = text !== undefined && card.properties.writeIn !== true && !isBlank(card);
  return byText ? `text:${card.type}:${text}` : `id:${card.id}`;
}

/** Cards a deck can still give: its draw pile plus its discard pile. */
export function available(s: CardTableState, deckId: string): number {
  const d = s.decks[deckId];
  return d ? d.cards.length + d.discardPile.length : 0;
}

/** An empty draw pile takes the shuffled discard pile (Card Exhaustion, first row). */
export function reshuffle(s: CardTableState, deck: Deck): void {
  deck.cards.push(...rngShuffle(s.rng, deck.discardPile.splice(0)));
}

/** Draw up to `count` cards from the top, reshuffling the discard pile when the pile runs out. */
export function drawCards(ctx: Ctx, deckId: string, count: number): Card[] {
  const s = ctx.s;
  const deck = ctx.ownDeck(deckId);
  if (!deck) return [];
  const out: Card[] = [];
  while (out.length < count) {
    if (deck.cards.length === 0) reshuffle(s, deck);
    const card = deck.cards.shift();
    if (!card) break;
    out.push(card);
  }
  return out;
}
