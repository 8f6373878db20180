import type { PerSeat, PlayerPresence, Seat } from "./wire";
import { other } from "./wire";

/**
 * Who is who on screen. Everyone is called by the name they gave (a player who gave none
 * is "Player 1" / "Player 2"); a player sees their own side first, a spectator sees
 * Player 1's side first.
 */
export interface Perspective {
  me: Seat;
  opp: Seat;
  isPlayer: boolean;
  /** The seat's name. */
  name(seat: Seat): string;
}

export function perspective(you: Seat | null, players?: PerSeat<Pick<PlayerPresence, "name">>): Perspective {
  const me = you ?? "P1";
  return {
    me,
    opp: other(me),
    isPlayer: you !== null,
    name: (seat) => players?.[seat]?.name ?? (seat === "P1" ? "Player 1" : "Player 2"),
  };
}

/** Signed points for display: +50, −50 (a real minus sign), 0. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${Math.abs(n)}`;
  return "0";
}
