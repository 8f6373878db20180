import type { Perspective } from "../perspective";
import type { Outcome, Seat } from "../wire";

export type Tone = "good" | "bad" | "neutral";

/** Who took the pot: the right answer, or the player who did not fold. */
export function potWinner(o: Outcome): Seat | null {
  switch (o) {
    case "P1_WIN":
    case "P2_FOLD":
      return "P1";
    case "P2_WIN":
    case "P1_FOLD":
      return "P2";
    case "DRAW":
      return null;
  }
}

/** The resolution headline for this viewer. */
export function headline(
  o: Outcome,
  p: Perspective,
  myChange: number,
  anyoneBuzzed: boolean,
): { text: string; tone: Tone } {
  if (o === "DRAW")
    return anyoneBuzzed ? { text: "Nobody got it", tone: "neutral" } : { text: "No buzz, no winner", tone: "neutral" };
  if (o === "P1_FOLD" || o === "P2_FOLD") {
    const folder: Seat = o === "P1_FOLD" ? "P1" : "P2";
    if (!p.isPlayer) return { text: `${p.name(folder)} folded`, tone: "neutral" };
    // A fold with an empty pot (or only the bettor's own chips) moves nothing: no colour for it.
    const tone: Tone = myChange > 0 ? "good" : myChange < 0 ? "bad" : "neutral";
    return { text: folder === p.me ? "You folded" : `${p.name(folder)} folded`, tone };
  }
  const winner: Seat = o === "P1_WIN" ? "P1" : "P2";
  if (!p.isPlayer) return { text: `${p.name(winner)} got it`, tone: "neutral" };
  if (winner === p.me) return { text: "✓ Correct!", tone: "good" };
  return { text: `✗ ${p.name(winner)} got it`, tone: "bad" };
}

/**
 * ✓ when the viewer won the question, ✗ when the other side did, – when nothing was decided.
 * A right answer counts even for an empty pot; a fold only counts when points moved.
 */
export function mark(o: Outcome, me: Seat, myChange: number): "✓" | "✗" | "–" {
  if (o === "P1_WIN" || o === "P2_WIN") return potWinner(o) === me ? "✓" : "✗";
  if (o === "DRAW" || myChange === 0) return "–";
  return myChange > 0 ? "✓" : "✗";
}
