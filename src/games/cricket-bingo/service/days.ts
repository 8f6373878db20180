import type { Catalog } from "../catalog";
import { type DailyGame, generateDaily } from "../generate";
import type { GridSize } from "../params";

/**
 * Generated days, kept for the dates people are playing: a day is a pure function of its
 * date, size, seed and content, so a cached one is always right.
 */
const cache = new Map<string, DailyGame>();
const LIMIT = 64;

export function dayOf(date: string, gridSize: GridSize, deal: { seed: string; catalog: Catalog }): DailyGame {
  const key = `${date}:${gridSize}:${deal.seed}:${deal.catalog.version}`;
  let day = cache.get(key);
  if (day) {
    cache.delete(key);
  } else {
    day = generateDaily(date, gridSize, { seed: deal.seed, catalog: deal.catalog });
  }
  cache.set(key, day);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
  return day;
}
