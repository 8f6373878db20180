/**
 * Which way a challenge ranks (the document's `currentChallenge.direction`). On a "higher"
 * card a bigger number outranks a smaller one; on a "lower" card a smaller number does
 * (the oldest company, the earliest debut). A call is about rank: HIGHER claims the
 * drafted token ranks at or above the center, so on a "lower" card it claims a number at
 * most the center's. Equal values are right either way
 * (docs/games/outrank.md, Decisions D5).
 */
export type Direction = "higher" | "lower";
export type Call = "higher" | "lower";

/** Whether `call` is right for a drafted value against the center's value. */
export function callIsRight(call: Call, direction: Direction, drafted: number, center: number): boolean {
  const numericallyUp = (call === "higher") === (direction === "higher");
  return numericallyUp ? drafted >= center : drafted <= center;
}

/** The call that claims "the drafted number is at least (up) or at most (down) the center's". */
export function callFor(numericallyUp: boolean, direction: Direction): Call {
  return numericallyUp === (direction === "higher") ? "higher" : "lower";
}
