import { createHash, createHmac } from "node:crypto";
import { type Rng, rngNext } from "../../engine/rng";

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * The UTC date of an instant, YYYY-MM-DD: the daily game is keyed by it
 * (docs/games/cricket-bingo.md, Decisions D7).
 */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * docs/games/cricket-bingo.md, "Daily generation", step 1: the document's seed with a
 * deployment's secret mixed in: HMAC-SHA-256 of "cricket-bingo-" + the date, keyed by the
 * secret, as 64 hex digits. Everyone on one deployment gets the same day, and nobody can
 * work it out from the date and the open source alone (docs/games/cricket-bingo.md,
 * Decisions D9). Without a secret it is the document's plain
 * SHA-256 of the same text: tools, tests and benchmarks that pin days use that.
 */
export function dailySeed(date: string, secret?: string): string {
  const text = `cricket-bingo-${date}`;
  if (secret === undefined) return createHash("sha256").update(text).digest("hex");
  return createHmac("sha256", secret).update(text).digest("hex");
}

/**
 * "Daily generation", step 2. The document names no generator, so this uses the engine's
 * sfc32, whose whole state is four uint32s: they are the first 16 bytes of the seed, read big-endian,
 * and the first 12 outputs are discarded as `seedRng` does (sfc32 mixes poorly at first).
 */
export function rngFromSeed(seedHex: string): Rng {
  if (!/^[0-9a-f]{32,}$/.test(seedHex)) throw new RangeError("rngFromSeed needs at least 32 hex digits");
  const word = (i: number) => Number.parseInt(seedHex.slice(i * 8, i * 8 + 8), 16) >>> 0;
  const rng: Rng = { s: [word(0), word(1), word(2), word(3)] };
  for (let i = 0; i < 12; i++) rngNext(rng);
  return rng;
}
