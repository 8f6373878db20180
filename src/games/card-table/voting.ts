import { switchOn } from "./conditions";
import type { Ctx } from "./context";
import type { CardTableState, Placing, Player } from "./state";
import { isWithdrawn } from "./withdrawn";
import { playerOf } from "./zones";

/**
 * Voting (docs/games/card-table.md, Decisions D16): no judge. Everyone answers, then each
 * player still at the table casts one vote for an answer that is not their own. Answers are
 * placed by their votes; first, second and third place score 3, 2 and 1 points (tied answers
 * share the higher place, and an answer nobody voted for scores nothing). The prompt card
 * goes to a single top answer's author, as the judge's pick would.
 */

/** Points for first, second and third place. */
export const PLACE_POINTS = [3, 2, 1] as const;

/** Whether the table votes: its definition's `judging.votingWhen` holds (CAH's: the "Everyone votes" variant). */
export function isVoting(s: CardTableState): boolean {
  return switchOn(s.activeVariants, s.definition.judging?.votingWhen);
}

/** Display indices `p` may vote for: every entry but their own and those withdrawn. */
export function votable(s: CardTableState, p: Player): number[] {
  return (s.roundState.shuffledOrder ?? []).flatMap((e, i) =>
    e.playerId === p.id || isWithdrawn(s, e) ? [] : [i + 1],
  );
}

/** Whether `p` still has a vote to cast this round. */
export function mayVote(s: CardTableState, p: Player): boolean {
  const r = s.roundState;
  if (!isVoting(s) || r.shuffledOrder === undefined || r.outcome !== undefined) return false;
  if (p.virtual || p.presence !== "active" || r.votes?.[p.id] !== undefined) return false;
  return votable(s, p).length > 0;
}

/** Who the vote still waits for. */
export function pendingVoters(s: CardTableState): Player[] {
  return s.players.filter((p) => mayVote(s, p));
}

export function castVote(ctx: Ctx, voter: Player, index: number): void {
  const r = ctx.s.roundState;
  r.votes = { ...r.votes, [voter.id]: index };
  // Who voted is public (the table waits for the rest); for what stays secret until the count.
  ctx.emit({ type: "voteCast", playerId: voter.id, votesIn: Object.keys(r.votes).length });
}

/** Each entry's votes and points, best first (ties keep the display order). */
export function placings(s: CardTableState): Placing[] {
  const order = s.roundState.shuffledOrder ?? [];
  const counts = new Array<number>(order.length).fill(0);
  for (const index of Object.values(s.roundState.votes ?? {})) counts[index - 1] = (counts[index - 1] ?? 0) + 1;
  // A withdrawn answer is not placed (a place names its author); votes cast for it count for nothing.
  const ranked = order
    .flatMap((e, i) => (isWithdrawn(s, e) ? [] : [{ index: i + 1, playerId: e.playerId, votes: counts[i] ?? 0 }]))
    .sort((a, b) => b.votes - a.votes || a.index - b.index);
  return ranked.map((x) => {
    // Competition ranking: the place is one more than the number of answers with more votes.
    const place = ranked.filter((y) => y.votes > x.votes).length;
    return { ...x, points: x.votes > 0 ? (PLACE_POINTS[place] ?? 0) : 0 };
  });
}

/**
 * Close the vote: with the votes cast so far (everyone has voted, or the phase timed out).
 * A single top answer wins the round; a tie at the top, or no vote at all, has no winner.
 */
export function closeVote(ctx: Ctx): void {
  const s = ctx.s;
  const r = s.roundState;
  if (r.outcome !== undefined) return;
  const placed = placings(s);
  r.placings = placed;
  const [first, second] = placed;
  const entry = first ? r.shuffledOrder?.[first.index - 1] : undefined;
  if (!first || !entry || first.votes === 0 || (second && second.votes === first.votes)) {
    r.outcome = "none";
    return;
  }
  r.winningIndex = first.index;
  r.winnerId = first.playerId;
  r.outcome = "winner";
  const cards = playerOf(s, entry.playerId)?.slots[entry.slot] ?? [];
  ctx.emit({ type: "winnerSelected", playerId: first.playerId, cardIds: cards.map((c) => c.id) });
}

/** Each placed author gets their points (an author with two answers, by gambling, gets both). */
export function scorePlacings(ctx: Ctx): void {
  const s = ctx.s;
  for (const x of s.roundState.placings ?? []) {
    const p = playerOf(s, x.playerId);
    if (!p || x.points === 0) continue;
    p.score += x.points;
    ctx.emit({ type: "scoreChanged", playerId: p.id, newScore: p.score });
  }
}
