/**
 * The signed token that proves this browser's seat in a room (RULINGS: a seat belongs
 * to whoever proved it). One per room in localStorage, so a refresh or a dropped
 * connection takes the same seat back. Never shown on screen.
 */
export interface SeatToken {
  token: string;
  name: string;
}

const key = (roomId: string) => `parlor.cards.seat.${roomId.toUpperCase()}`;

/** Where storage is blocked (some private modes), the token lives for this page only. */
const memory = new Map<string, SeatToken>();

export function loadSeat(roomId: string): SeatToken | null {
  const k = key(roomId);
  try {
    const raw = localStorage.getItem(k);
    if (!raw) return memory.get(k) ?? null;
    const v = JSON.parse(raw) as Partial<SeatToken>;
    return typeof v.token === "string" && v.token
      ? { token: v.token, name: typeof v.name === "string" ? v.name : "" }
      : null;
  } catch {
    return memory.get(k) ?? null;
  }
}

export function saveSeat(roomId: string, seat: SeatToken): void {
  const k = key(roomId);
  memory.set(k, seat);
  try {
    localStorage.setItem(k, JSON.stringify(seat));
  } catch {
    // The in-memory copy still serves this page.
  }
}

export function forgetSeat(roomId: string): void {
  const k = key(roomId);
  memory.delete(k);
  try {
    localStorage.removeItem(k);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The server keeps names to 40 characters. */
export const NAME_MAX = 40;

/** A name as the table shows it: single spaces, trimmed, not too long. */
export function cleanName(raw: string): string {
  return raw.replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
}

/** The name typed last time, to fill in the next form. */
const NAME_KEY = "parlor.cards.name";

export function lastName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

export function rememberName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Only a convenience.
  }
}
