import type { Card } from "./content/schema";
import type { Ctx } from "./context";
import { type SlotDefinition, slotOf } from "./definition";
import type { CardTableState, Player } from "./state";
import { blankAgain } from "./write-ins";

/** The zone name for a player's hand in `play`, `draw` and `discard` actions. */
export const HAND = "hand";

export function playerOf(s: CardTableState, id: string | null | undefined): Player | undefined {
  return id ? s.players.find((p) => p.id === id) : undefined;
}

/** The prompt card on the table, if a judged round has one. */
export function promptCard(s: CardTableState): Card | undefined {
  const j = s.definition.judging;
  return j ? s.globalSlots[j.promptSlot]?.[0] : undefined;
}

/** How many answers the current prompt asks for (1 without a prompt). */
export function currentPick(s: CardTableState): number {
  return promptCard(s)?.properties.pick ?? 1;
}

/** A slot's capacity now: "pick" follows the prompt, "handSize" the settings. */
export function capacityOf(s: CardTableState, def: SlotDefinition): number {
  if (def.capacity === "unlimited") return Number.POSITIVE_INFINITY;
  if (def.capacity === "pick") return currentPick(s);
  if (def.capacity === "handSize") return s.settings.handSize;
  return def.capacity;
}

/** The cards in a zone, read only: "hand", a global slot, or one of `owner`'s player slots. */
export function zoneCards(s: CardTableState, zone: string, owner: Player | undefined): readonly Card[] | undefined {
  if (zone === HAND) return owner?.hand;
  const def = slotOf(s.definition, zone);
  if (!def) return undefined;
  if (def.scope === "global") return s.globalSlots[zone] ?? [];
  return owner ? (owner.slots[zone] ?? []) : undefined;
}

/** The same zone's list for changing it (on a drafted state); a missing slot list is created. */
export function zoneList(s: CardTableState, zone: string, owner: Player | undefined): Card[] | undefined {
  if (zone === HAND) return owner?.hand;
  const def = slotOf(s.definition, zone);
  if (!def) return undefined;
  if (def.scope === "global") return listIn(s.globalSlots, zone);
  return owner ? listIn(owner.slots, zone) : undefined;
}

/** The definition of a zone; the hand is a slot definition too. */
export function zoneDef(s: CardTableState, zone: string): SlotDefinition | undefined {
  return slotOf(s.definition, zone);
}

/** The list under `key`, created empty if missing. */
export function listIn<T>(rec: Record<string, T[]>, key: string): T[] {
  let list = rec[key];
  if (!list) {
    list = [];
    rec[key] = list;
  }
  return list;
}

export function removeCard(list: Card[], cardId: string): Card | undefined {
  const i = list.findIndex((c) => c.id === cardId);
  if (i < 0) return undefined;
  return list.splice(i, 1)[0];
}

/** The deck a card returns to: the one dealing its type (else the first deck). */
export function homeDeck(s: CardTableState, card: Card): string | undefined {
  const decks = Object.entries(s.definition.decks);
  return (decks.find(([, d]) => d.cardType === card.type) ?? decks[0])?.[0];
}

/**
 * Put a card on its deck's discard pile (or `deckId`'s), and say so. A `quiet` discard says
 * nothing: for cards nobody else has seen (a leaving player's hand), whose ids would tell
 * the table what was in it; the caller announces how many instead.
 */
export function discard(ctx: Ctx, card: Card, deckId?: string, quiet = false): void {
  const id = deckId ?? homeDeck(ctx.s, card);
  const deck = id ? ctx.ownDeck(id) : undefined;
  if (!deck) throw new Error(`card-table: no deck to discard ${card.id} to`);
  delete ctx.s.faces[card.id];
  deck.discardPile.push(blankAgain(card));
  if (!quiet) ctx.emit({ type: "cardDiscarded", cardId: card.id });
}

/** Every place a card can be, for the conservation check and for views. */
export function everyCard(s: CardTableState): { where: string; cards: Card[] }[] {
  const places: { where: string; cards: Card[] }[] = [];
  for (const [id, d] of Object.entries(s.decks)) {
    places.push({ where: `deck:${id}`, cards: d.cards });
    places.push({ where: `discard:${id}`, cards: d.discardPile });
  }
  for (const [id, cards] of Object.entries(s.globalSlots)) places.push({ where: `slot:${id}`, cards });
  for (const p of s.players) {
    places.push({ where: `hand:${p.id}`, cards: p.hand });
    for (const [id, cards] of Object.entries(p.slots)) places.push({ where: `slot:${id}:${p.id}`, cards });
  }
  if (s.vetoed) places.push({ where: "vetoed", cards: s.vetoed });
  return places;
}
