import { type Rng, rngInt, rngNext, rngPick, seedRng } from "../../../src/engine/rng";

/**
 * The bots' random source is the engine's seeded generator, the one the rules, the Card
 * Table trial and the Outrank strategies take, so a bot's choices replay from its seed.
 */
export { type Rng, rngInt, rngPick as pick, seedRng };

/** A number in [0, 1). */
export const unit = (rng: Rng): number => rngNext(rng) / 4294967296;

/** A number in [lo, hi). */
export const between = (rng: Rng, lo: number, hi: number): number => lo + unit(rng) * (hi - lo);

/** A secret a client would make for itself (a playerId, a deviceId), drawn from the bot's generator. */
export function secret(rng: Rng, prefix: string): string {
  let s = `${prefix}-`;
  while (s.length < prefix.length + 25) s += rngInt(rng, 36).toString(36);
  return s;
}
