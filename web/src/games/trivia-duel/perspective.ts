import { other, type Seat } from "./wire";

/**
 * Who is "you" on screen. Players see You / Opponent; a spectator sees the seats by
 * number, laid out from Player 1's side.
 */
export interface Perspective {
  me: Seat;
  opp: Seat;
  isPlayer: boolean;
  /** "You" / "Opponent", or "Player 1" / "Player 2" for spectators. */
  name(seat: Seat): string;
}

export function perspective(you: Seat | null): Perspective {
  const me = you ?? "P1";
  return {
    me,
    opp: other(me),
    isPlayer: you !== null,
    name: (seat) => {
      if (you === null) return seat === "P1" ? "Player 1" : "Player 2";
      return seat === you ? "You" : "Opponent";
    },
  };
}

/** Signed points for display: +50, −50 (a real minus sign), 0. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${Math.abs(n)}`;
  return "0";
}
