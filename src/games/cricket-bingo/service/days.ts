import { type DailyGame, generateDaily } from "../generate";
import type { GridSize } from "../params";

/**
 * Generated days, kept for the dates people are playing: a day is a pure function of its
 * date and size (and the content), so a cached one is always right.
 */
const cache = new Map<string, DailyGame>();
const LIMIT = 64;

export function dayOf(date: string, gridSize: GridSize): DailyGame {
  const key = `${date}:${gridSize}`;
  let day = cache.get(key);
  if (day) {
    cache.delete(key);
  } else {
    day = generateDaily(date, gridSize);
  }
  cache.set(key, day);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
  return day;
}
