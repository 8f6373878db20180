/**
 * A token bucket: `ratePerSec` tokens a second up to `burst`; each message takes one (or
 * each byte, for a byte budget). Lets
 * a player's honest bursts through (several clicks at once) while a flood runs dry at once.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSec: number,
    private readonly burst: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = clock();
  }

  /** Take `cost` tokens (one message, or a frame's bytes) if the bucket holds them. */
  take(cost = 1): boolean {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSec);
    this.last = now;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
}

/**
 * One token bucket per key (a client address), forgetting keys that have been idle long
 * enough to be full again, so memory follows the number of active clients.
 */
export class KeyedBuckets {
  private readonly buckets = new Map<string, { bucket: TokenBucket; seen: number }>();
  private sweptAt: number;

  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.sweptAt = clock();
  }

  take(key: string): boolean {
    const now = this.clock();
    if (now - this.sweptAt > 60_000) this.sweep(now);
    let entry = this.buckets.get(key);
    if (!entry) {
      entry = { bucket: new TokenBucket(this.perMinute / 60, this.burst, this.clock), seen: now };
      this.buckets.set(key, entry);
    }
    entry.seen = now;
    return entry.bucket.take();
  }

  private sweep(now: number) {
    this.sweptAt = now;
    const refillMs = (this.burst / this.perMinute) * 60_000;
    for (const [k, e] of this.buckets) if (now - e.seen > refillMs) this.buckets.delete(k);
  }
}
