import { MAX_NAME } from "../../kit/identity";
import { forget, store, stored } from "../../kit/storage";

/**
 * The signed token that proves this browser's seat in a room (RULINGS: a seat belongs
 * to whoever proved it). One per room in the browser's storage, so a refresh or a dropped
 * connection takes the same seat back. Never shown on screen.
 */
export interface SeatToken {
  token: string;
  name: string;
}

const key = (roomId: string) => `parlor.cards.seat.${roomId.toUpperCase()}`;
const kickedKey = (roomId: string) => `parlor.cards.kicked.${roomId.toUpperCase()}`;

export function loadSeat(roomId: string): SeatToken | null {
  const raw = stored(key(roomId));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SeatToken>;
    return typeof v.token === "string" && v.token
      ? { token: v.token, name: typeof v.name === "string" ? v.name : "" }
      : null;
  } catch {
    return null;
  }
}

export function saveSeat(roomId: string, seat: SeatToken): void {
  store(key(roomId), JSON.stringify(seat));
}

export function forgetSeat(roomId: string): void {
  forget(key(roomId));
}

/**
 * The lead removed this browser from the table: remembered, so a reload shows the
 * "removed" screen at once and never offers a seat. The server keeps the kick too (it
 * refuses any new seat this browser's device id asks for); this only spares the player
 * a form that cannot work.
 */
export function rememberKicked(roomId: string): void {
  store(kickedKey(roomId), "1");
}

export function wasKicked(roomId: string): boolean {
  return stored(kickedKey(roomId)) === "1";
}

/** Names as every game keeps them (the kit's limit, within the server's 40). */
export const NAME_MAX = MAX_NAME;

/** A name as the table shows it: single spaces, trimmed, not too long. */
export function cleanName(raw: string): string {
  return raw.replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
}
