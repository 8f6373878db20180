import type { CardTableState, Entry } from "./state";

/**
 * Answers withdrawn from the round because they held a vetoed card (vetoes.ts; docs/games/
 * card-table.md, Decisions D18), by author and slot: kept apart from the veto itself so the
 * round's own bookkeeping (submissions, judging, voting) can read them without it.
 */

export function withdraw(s: CardTableState, e: Entry): void {
  if (isWithdrawn(s, e)) return;
  // Replaced whole, never edited in place: states share the list (copy.ts).
  s.roundState.withdrawn = [...(s.roundState.withdrawn ?? []), { playerId: e.playerId, slot: e.slot }];
}

export function isWithdrawn(s: CardTableState, e: Entry): boolean {
  return (s.roundState.withdrawn ?? []).some((w) => w.playerId === e.playerId && w.slot === e.slot);
}

/** A player's answers went back to their hand: what they play next is not withdrawn. */
export function clearWithdrawn(s: CardTableState, playerId: string): void {
  const all = s.roundState.withdrawn ?? [];
  const left = all.filter((w) => w.playerId !== playerId);
  if (left.length === all.length) return;
  if (left.length > 0) s.roundState.withdrawn = left;
  else delete s.roundState.withdrawn;
}
