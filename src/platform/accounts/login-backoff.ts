import { ApiRefusal } from "../../engine/module";

/**
 * Per-account backoff on wrong passwords, whatever address they come from (the per-address
 * limit alone let 50 guesses through from five addresses). The first FREE_FAILURES wrong
 * passwords in a row cost nothing; from then on each one locks the account's logins for a
 * delay that doubles, from FIRST_LOCK_MS up to MAX_LOCK_MS. A right password resets the
 * count; so does a day without a wrong one. See "Accounts" in docs/operations.md.
 */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_MS = 30_000;
export const MAX_LOCK_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 24 * 3600_000;

/** How long the account stays locked after its `failures`-th wrong password in a row (0: not locked). */
export function lockMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES));
}

/** What an account's record says about its next login attempt. */
export interface BackoffRecord {
  failures: number;
  failedAt: number;
  lockedUntil: number;
}

/**
 * The record after one more attempt, counted as a failure before the password is checked
 * (a right password then resets it): guesses sent all at once are each counted, rather than
 * all checked against a record none of them has updated yet. Null when the account is locked.
 */
export function afterAttempt(r: BackoffRecord, now: number): BackoffRecord | null {
  if (r.lockedUntil > now) return null;
  const failures = (now - r.failedAt > FORGET_AFTER_MS ? 0 : r.failures) + 1;
  const lock = lockMs(failures);
  return { failures, failedAt: now, lockedUntil: lock ? now + lock : 0 };
}

/** 429 with how long to wait, for the Retry-After header. */
export class LoginLocked extends ApiRefusal {
  readonly retryAfterSec: number;

  constructor(waitMs: number) {
    const sec = Math.max(1, Math.ceil(waitMs / 1000));
    super(
      429,
      "too_many_attempts",
      `Too many wrong passwords for this account; try again in ${sec < 120 ? `${sec} seconds` : `${Math.ceil(sec / 60)} minutes`}.`,
    );
    this.retryAfterSec = sec;
  }
}
