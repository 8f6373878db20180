import { useEffect, useState } from "react";

/** Re-renders every `intervalMs` while `active`, returning the local time. */
export function useNow(intervalMs = 250, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, active]);
  return now;
}

/**
 * Milliseconds left until a server deadline. `offset` is serverNow − local time at the
 * last full sync, so a client whose clock is off still counts down correctly.
 */
export function remainingMs(deadline: number, offset: number, localNow: number): number {
  return Math.max(0, deadline - (localNow + offset));
}

/** Whole seconds shown to people: 4.2 s left reads "5", the way kitchen timers do. */
export function secondsLeft(deadline: number, offset: number, localNow: number): number {
  return Math.ceil(remainingMs(deadline, offset, localNow) / 1000);
}
