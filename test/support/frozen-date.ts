import { vi } from "vitest";

/**
 * Run `fn` with this process's `Date` standing still (timers still run). Per-minute
 * allowances refill as the clock moves, so a burst that takes a second on a quiet machine
 * and a minute on a loaded one would see different refills: with the clock still, the
 * suite's in-process server counts exactly the allowance. (Only what reads `Date` when it
 * decides, such as the REST rate limit's store, is stopped; a clock captured earlier runs on.)
 */
export async function withDateFrozen<T>(fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
