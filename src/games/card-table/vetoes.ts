import type { RuleError } from "../../engine/errors";
import { refuse } from "./codes";
import type { Card } from "./content/schema";
import type { Ctx } from "./context";
import { drawCards } from "./deck";
import type { CardTableState, Player } from "./state";
import { isAnswerSlot } from "./submissions";
import { withdraw } from "./withdrawn";
import { homeDeck } from "./zones";

/**
 * The lead's card veto (docs/games/card-table.md, Decisions D18): at a judged table the lead
 * takes a card out of play for the room. It goes to the room's `vetoed` pile at once, from
 * wherever it is, and no deck built in this room deals it again. A card someone holds (a
 * hand, an answer, a won prompt) is swapped in place for a fresh card of its deck, so no
 * count anyone sees changes and nobody learns who held it; the prompt is swapped for a
 * prompt asking for as many answers. An answer holding a vetoed card is withdrawn: it is
 * never shown, picked, voted for, placed, or given an author.
 */

/** Where a card is, as the veto needs to know it. */
type Place =
  | { kind: "pile"; deckId: string; pile: "cards" | "discardPile" }
  | { kind: "global"; slot: string }
  | { kind: "player"; player: Player; zone: string };

/** The card's place in the room, if it is in play (not vetoed already). */
function placeOf(s: CardTableState, cardId: string): Place | null {
  for (const [deckId, d] of Object.entries(s.decks)) {
    if (d.cards.some((c) => c.id === cardId)) return { kind: "pile", deckId, pile: "cards" };
    if (d.discardPile.some((c) => c.id === cardId)) return { kind: "pile", deckId, pile: "discardPile" };
  }
  for (const [slot, cards] of Object.entries(s.globalSlots))
    if (cards.some((c) => c.id === cardId)) return { kind: "global", slot };
  for (const player of s.players) {
    if (player.hand.some((c) => c.id === cardId)) return { kind: "player", player, zone: "hand" };
    for (const [zone, cards] of Object.entries(player.slots))
      if (cards.some((c) => c.id === cardId)) return { kind: "player", player, zone };
  }
  return null;
}

/** Why the lead may not veto this card now (null: they may). The lead's own seat is checked by validate. */
export function vetoRefusal(s: CardTableState, cardId: string): RuleError | null {
  if (!s.definition.judging) return refuse("veto_unavailable", "Cards are vetoed at tables with judged rounds.");
  if (placeOf(s, cardId) === null) return refuse("card_not_found", `No card ${cardId} in play at this table.`);
  return null;
}

/** A fresh card of `card`'s deck to take its place; a prompt is swapped for one with the same pick when the deck has one. */
function replacement(ctx: Ctx, card: Card, prompt: boolean): Card | undefined {
  const deckId = homeDeck(ctx.s, card);
  if (deckId === undefined) return undefined;
  if (prompt) {
    const deck = ctx.ownDeck(deckId);
    const pick = card.properties.pick ?? 1;
    const i = deck?.cards.findIndex((c) => (c.properties.pick ?? 1) === pick) ?? -1;
    if (deck && i >= 0) return deck.cards.splice(i, 1)[0];
  }
  return drawCards(ctx, deckId, 1)[0];
}

/** Swap the card in `list` for a fresh one (or only take it out, when its deck has none left). */
function swapIn(ctx: Ctx, list: Card[], cardId: string, prompt = false): Card | undefined {
  const i = list.findIndex((c) => c.id === cardId);
  const card = list[i];
  if (!card) return undefined;
  // Out first, so the draw can never give the vetoed card back.
  list.splice(i, 1);
  const fresh = replacement(ctx, card, prompt);
  if (fresh) list.splice(i, 0, fresh);
  return card;
}

export function vetoCard(ctx: Ctx, cardId: string): void {
  const s = ctx.s;
  const place = placeOf(s, cardId);
  if (!place) return;
  let card: Card | undefined;
  if (place.kind === "pile") {
    const deck = ctx.ownDeck(place.deckId);
    const list = deck?.[place.pile] ?? [];
    const i = list.findIndex((c) => c.id === cardId);
    card = i >= 0 ? list.splice(i, 1)[0] : undefined;
  } else if (place.kind === "global") {
    card = swapIn(ctx, s.globalSlots[place.slot] ?? [], cardId, place.slot === s.definition.judging?.promptSlot);
  } else {
    const p = place.player;
    card = swapIn(ctx, place.zone === "hand" ? p.hand : (p.slots[place.zone] ?? []), cardId);
    if (isAnswerSlot(s, place.zone)) withdraw(s, { playerId: p.id, slot: place.zone });
  }
  if (!card) return;
  delete s.faces[cardId];
  // Replaced whole, never edited in place: states share the list (copy.ts).
  s.vetoed = [...(s.vetoed ?? []), card];
  // Public, with no seat: where the card was stays unsaid.
  ctx.emit({ type: "cardVetoed", cardId: card.id, text: card.properties.text ?? "" });
}
