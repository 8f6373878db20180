/** A small seeded generator (mulberry32), so a fleet's choices can be replayed from its seed. */
export type Random = () => number;

export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** A secret a client would make for itself (a playerId, a deviceId), drawn from the seeded generator. */
export function secret(random: Random, prefix: string): string {
  let s = `${prefix}-`;
  while (s.length < prefix.length + 25) s += Math.floor(random() * 36).toString(36);
  return s;
}
