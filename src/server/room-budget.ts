import { ApiRefusal } from "../engine/module";
import { KeyedBuckets } from "./token-bucket";

/** The one refusal every way of making a room answers when the address's allowance is spent. */
export const TOO_MANY_ROOMS = {
  code: "rate_limited",
  message: "Too many new rooms from your network; wait a minute.",
} as const;

/**
 * How many rooms one client address may create (ROOMS_PER_MINUTE a minute, half of that at
 * once), counted together across every way a room is made: each game's REST creation, a
 * game's own routes that create one (through the room directory), and a socket join that
 * creates the room it names. One budget for all of them, so trying each route in turn buys
 * nothing. Kept per process: behind a load balancer each node counts its own.
 */
export class RoomBudget {
  private readonly buckets: KeyedBuckets;

  constructor(perMinute: number, clock: () => number = Date.now) {
    this.buckets = new KeyedBuckets(perMinute, Math.max(5, Math.ceil(perMinute / 2)), clock);
  }

  /** Spend one room of `address`'s allowance; false when it is spent. */
  take(address: string): boolean {
    return this.buckets.take(address);
  }

  /** Spend one, or refuse with 429 `rate_limited` (for REST routes). */
  spend(address: string): void {
    if (!this.take(address)) throw new ApiRefusal(429, TOO_MANY_ROOMS.code, TOO_MANY_ROOMS.message);
  }
}
