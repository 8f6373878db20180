import { type Rng, rngInt } from "../../engine/rng";
import type { Catalog, CatalogChallenge } from "./catalog";
import type { Category } from "./content/schema";
import { BOX_PER_CATEGORY, type OutrankState, POOL_DRAW, REFILL_TO } from "./state";

/**
 * Whether a challenge's category can still fill a pool: the pool on the table (same
 * category) refilled to REFILL_TO, or a fresh pool of a center and REFILL_TO draft tokens.
 * A category that cannot is exhausted and its challenges cannot be chosen.
 */
export function canFill(s: OutrankState, category: Category): boolean {
  const supply = s.supply[category]?.length ?? 0;
  if (s.poolCategory === category && s.center !== null) return s.pool.length + supply >= REFILL_TO;
  return supply >= 1 + REFILL_TO;
}

/** The challenges the First Guesser may choose now, in content order. */
export function selectable(s: OutrankState, catalog: Catalog): CatalogChallenge[] {
  const ok = new Map<Category, boolean>();
  const out: CatalogChallenge[] = [];
  for (const c of catalog.challenges) {
    let fill = ok.get(c.category);
    if (fill === undefined) {
      fill = canFill(s, c.category);
      ok.set(c.category, fill);
    }
    if (fill) out.push(c);
  }
  return out;
}

export function anySelectable(s: OutrankState, catalog: Catalog): boolean {
  for (const c of catalog.categories) if (canFill(s, c)) return true;
  return false;
}

/** `n` of `ids` at random (a partial Fisher–Yates on a copy), from the game's own generator. */
function sample(rng: Rng, ids: readonly string[], n: number): string[] {
  const bag = ids.slice();
  const take = Math.max(0, Math.min(n, bag.length));
  for (let j = 0; j < take; j++) {
    const last = bag.length - 1 - j;
    const r = rngInt(rng, last + 1);
    const x = bag[r] as string;
    bag[r] = bag[last] as string;
    bag[last] = x;
  }
  return bag.slice(bag.length - take);
}

/**
 * The box a game is played with: BOX_PER_CATEGORY tokens of each category (all of a
 * smaller one), drawn at random from the content by the game's seeded generator, so a
 * replay draws the same box and every game meets a different 40.
 */
export function fillBox(s: OutrankState, catalog: Catalog): Record<string, string[]> {
  const supply: Record<string, string[]> = {};
  for (const c of catalog.categories) supply[c] = sample(s.rng, catalog.byCategory[c] ?? [], BOX_PER_CATEGORY);
  return supply;
}

/** How many tokens a game holds in all (its box); token conservation is counted against it. */
export function boxSize(catalog: Catalog): number {
  let n = 0;
  for (const c of catalog.categories) n += Math.min(BOX_PER_CATEGORY, catalog.byCategory[c]?.length ?? 0);
  return n;
}

/**
 * Take up to `n` tokens at random from a category's supply, as from a bag (a partial
 * Fisher–Yates on a copy: the list is replaced, never edited, so states may share it).
 */
function draw(s: OutrankState, category: Category, n: number): string[] {
  const list = s.supply[category] ?? [];
  const take = Math.max(0, Math.min(n, list.length));
  if (take === 0) return [];
  const bag = list.slice();
  for (let j = 0; j < take; j++) {
    const last = bag.length - 1 - j;
    const r = rngInt(s.rng, last + 1);
    const x = bag[r] as string;
    bag[r] = bag[last] as string;
    bag[last] = x;
  }
  const cut = bag.length - take;
  s.supply = { ...s.supply, [category]: bag.slice(0, cut) };
  return bag.slice(cut);
}

/** Tokens going back into a category's supply (draws are random, so order does not matter). */
function giveBack(s: OutrankState, category: Category, ids: string[]): void {
  if (ids.length === 0) return;
  s.supply = { ...s.supply, [category]: (s.supply[category] ?? []).concat(ids) };
}

/**
 * Put the pool for a new round on the table. The same category keeps the pool (center
 * and draft pool) and refills the draft pool to REFILL_TO; another category sends the
 * old pool back to its supply and draws 13 fresh tokens (1 center, 12 draft pool), or
 * as many as are left. Returns how many tokens were drawn.
 */
export function formPool(s: OutrankState, challenge: CatalogChallenge): number {
  if (s.poolCategory === challenge.category && s.center !== null) {
    const drawn = draw(s, challenge.category, REFILL_TO - s.pool.length);
    for (const id of drawn) s.pool.push(id);
    return drawn.length;
  }
  if (s.poolCategory !== null) {
    const back = s.center === null ? s.pool : [s.center, ...s.pool];
    giveBack(s, s.poolCategory, back);
  }
  const drawn = draw(s, challenge.category, POOL_DRAW);
  s.center = drawn[0] ?? null;
  s.pool = drawn.slice(1);
  s.poolCategory = challenge.category;
  return drawn.length;
}
