/**
 * The card operators the rules vocabulary adds to JSON Logic, as plain functions of their
 * arguments (engine.ts registers them). Only what card games keep needing and JSON Logic
 * cannot say briefly: totals with aces worth 1 or 11, the highest card by an order, counts
 * by a property. Each takes lists of cards as the state holds them (`{id, type,
 * properties}`) and never changes them.
 */

/** A card as expressions see it; anything else in a list is skipped. */
interface CardLike {
  id: string;
  properties: Record<string, unknown>;
}

export function isCard(v: unknown): v is CardLike {
  return typeof v === "object" && v !== null && typeof (v as CardLike).properties === "object";
}

export function cardsIn(v: unknown): CardLike[] {
  return Array.isArray(v) ? v.filter(isCard) : [];
}

/** A card's property, or the card's own `id` / `type`. */
export function propertyOf(card: CardLike, name: string): unknown {
  if (name === "id") return card.id;
  if (name === "type") return (card as { type?: unknown }).type;
  return card.properties[name];
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** `sum`: the sum of a numeric property over the cards (missing or non-numeric counts 0). */
export function sumOf(cards: unknown, property: unknown): number {
  const name = typeof property === "string" ? property : "value";
  return cardsIn(cards).reduce((n, c) => n + num(propertyOf(c, name)), 0);
}

/**
 * `total`: the best total of the cards' `value`s not over `limit`, where a card with a
 * higher `altValue` (an ace: 1, or 11) may count that instead: such cards count it, smallest
 * raise first, as long as the total stays at or under the limit (exact for aces, which all
 * raise by the same amount). Without a limit every card counts its `value`.
 */
export function bestTotal(cards: unknown, limit: unknown): number {
  const list = cardsIn(cards);
  let total = list.reduce((n, c) => n + num(c.properties.value), 0);
  if (typeof limit !== "number") return total;
  const raises = list
    .map((c) => num(c.properties.altValue) - num(c.properties.value))
    .filter((r, i) => r > 0 && typeof list[i]?.properties.altValue === "number")
    .sort((a, b) => a - b);
  for (const r of raises) {
    if (total + r > limit) break;
    total += r;
  }
  return total;
}

/**
 * Where a card stands in an order: a numeric property's value, or the position of the
 * property's value in an explicit list; null when the order does not rank it.
 */
function rankOf(card: CardLike, property: string, order: unknown[] | null): number | null {
  const v = propertyOf(card, property);
  if (order) {
    const i = order.indexOf(v);
    return i < 0 ? null : i;
  }
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/**
 * `highest` / `lowest`: the card ranking first by `property` (numeric, or by its place in
 * `order`), the earliest in the list on a tie; null for no cards. Cards the order does not
 * rank (no such property, or a value not in the list) are never chosen.
 */
export function extremeCard(cards: unknown, property: unknown, order: unknown, want: "highest" | "lowest"): unknown {
  const name = typeof property === "string" ? property : "value";
  const list = Array.isArray(order) ? order : null;
  let best: CardLike | null = null;
  let bestRank = 0;
  for (const c of cardsIn(cards)) {
    const r = rankOf(c, name, list);
    if (r === null) continue;
    if (best === null || (want === "highest" ? r > bestRank : r < bestRank)) {
      best = c;
      bestRank = r;
    }
  }
  return best;
}

/** `count` by property: how many cards have `property` equal to `value`. */
export function countWhere(cards: unknown, property: unknown, value: unknown): number {
  if (typeof property !== "string") return 0;
  return cardsIn(cards).filter((c) => propertyOf(c, property) === value).length;
}

/** `top` / `bottom`: a slot's last card (the one on top of a pile) or its first; null when empty. */
export function endOf(list: unknown, which: "top" | "bottom"): unknown {
  if (!Array.isArray(list) || list.length === 0) return null;
  return which === "top" ? list[list.length - 1] : list[0];
}
