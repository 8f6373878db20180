/**
 * sfc32: a small, fast generator whose whole state is four uint32s, so it serialises
 * inside the game state and a game replays identically. Functions advance `rng` in
 * place; rules only ever hold a working copy of the state.
 */
export interface Rng {
  s: [number, number, number, number];
}

/** Derive a generator from any string seed (xmur3 hash of the seed). */
export function seedRng(seed: string): Rng {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const next = () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
  const rng: Rng = { s: [next(), next(), next(), next()] };
  // Discard the first outputs: sfc32 mixes poorly in its first few steps.
  for (let i = 0; i < 12; i++) rngNext(rng);
  return rng;
}

/** Next uint32. */
export function rngNext(rng: Rng): number {
  let [a, b, c, d] = rng.s;
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  rng.s = [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
  return t >>> 0;
}

/** Uniform integer in [0, n). Rejection sampling keeps it unbiased. */
export function rngInt(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`rngInt needs a positive integer, got ${n}`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const x = rngNext(rng);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates, in place; returns the same array. */
export function rngShuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rngInt(rng, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

export function rngPick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("rngPick from an empty list");
  return items[rngInt(rng, items.length)] as T;
}
