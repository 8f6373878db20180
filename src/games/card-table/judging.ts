import { deepFreeze } from "../../engine/copy";
import { rngShuffle } from "../../engine/rng";
import type { Card } from "./content/schema";
import type { Ctx } from "./context";
import { available, drawCards } from "./deck";
import type { AnonymizedSubmission } from "./events";
import { type CardTableState, type Entry, type LastRound, type Player, RANDO } from "./state";
import { answerSlots, isComplete, markIfComplete, payStake, refundStake, returnSubmission } from "./submissions";
import { isVoting, scorePlacings } from "./voting";
import { isWithdrawn } from "./withdrawn";
import { currentPick, discard, listIn, playerOf } from "./zones";

export function entryCards(s: CardTableState, e: Entry): Card[] {
  return playerOf(s, e.playerId)?.slots[e.slot] ?? [];
}

/**
 * The anonymous list: display index and cards. While the judge decides, no author; once
 * the round is judged, every author (as at a real table, where people own up to their
 * cards once the winner is read out).
 */
export function anonymized(s: CardTableState): AnonymizedSubmission[] {
  const judged = s.roundState.outcome !== undefined;
  return (s.roundState.shuffledOrder ?? []).map((e, i) => {
    const index = i + 1;
    // A withdrawn answer keeps its place (indices stay put) but shows nothing, ever: not its cards, not its author.
    if (isWithdrawn(s, e)) return { index, cards: [], withdrawn: true };
    const out: AnonymizedSubmission = { index, cards: entryCards(s, e).slice() };
    if (judged || s.roundState.winningIndex === index) out.playerId = e.playerId;
    return out;
  });
}

/** Whether a seat may see the anonymous submissions now. */
export function seesSubmissions(s: CardTableState, seat: string | null): boolean {
  if (s.roundState.shuffledOrder === undefined) return false;
  if (s.settings.revealToAll || s.roundState.outcome !== undefined || isVoting(s)) return true;
  return seat !== null && seat === s.roles.judge;
}

/**
 * REVEAL: complete answers are shuffled into an anonymous order (the index→player map
 * stays in server state only); incomplete ones go back to their hands.
 */
export function anonymise(ctx: Ctx): void {
  const s = ctx.s;
  const entries: Entry[] = [];
  for (const p of s.players) {
    for (const slot of answerSlots(s)) {
      if (isComplete(s, p, slot) && p.id !== s.roles.judge) entries.push({ playerId: p.id, slot });
      else if ((p.slots[slot]?.length ?? 0) > 0) returnSubmission(ctx, p, [slot]);
    }
  }
  s.roundState.shuffledOrder = rngShuffle(s.rng, entries);
  if (entries.length === 0) s.roundState.outcome = "none";
  const msg = { type: "submissionsRevealed" as const, submissions: anonymized(s) };
  if (s.settings.revealToAll || isVoting(s)) ctx.emit(msg);
  else if (s.roles.judge) ctx.emit(msg, { seat: s.roles.judge });
}

/** Entries the current judge may pick: every one but their own and those withdrawn. */
export function selectable(s: CardTableState): number[] {
  return (s.roundState.shuffledOrder ?? []).flatMap((e, i) =>
    e.playerId === s.roles.judge || isWithdrawn(s, e) ? [] : [i + 1],
  );
}

export function selectWinner(ctx: Ctx, index: number): void {
  const s = ctx.s;
  const e = s.roundState.shuffledOrder?.[index - 1];
  if (!e) return;
  s.roundState.winningIndex = index;
  s.roundState.winnerId = e.playerId;
  s.roundState.outcome = "winner";
  ctx.emit({ type: "winnerSelected", playerId: e.playerId, cardIds: entryCards(s, e).map((c) => c.id) });
}

/** The winner takes the prompt card (one point); stakes go back to winning gamblers, else to the winner. */
export function award(ctx: Ctx): void {
  const s = ctx.s;
  const j = s.definition.judging;
  if (!j) return;
  const last: LastRound = { round: s.round, submissions: anonymized(s) };
  const shown = s.globalSlots[j.promptSlot]?.[0];
  if (shown) last.prompt = shown;
  if (s.roundState.winnerId !== undefined) last.winnerId = s.roundState.winnerId;
  if (s.roundState.winningIndex !== undefined) last.winningIndex = s.roundState.winningIndex;
  if (s.roundState.placings) last.placings = s.roundState.placings;
  const winner = s.roundState.outcome === "winner" ? playerOf(s, s.roundState.winnerId) : undefined;
  // gambling: where each staked point went (kept by a winning gambler, else to the winner).
  const wagers = Object.keys(s.roundState.stakes).map((playerId) =>
    !winner
      ? { playerId, outcome: "returned" as const }
      : winner.id === playerId
        ? { playerId, outcome: "kept" as const }
        : { playerId, outcome: "lost" as const, to: winner.id },
  );
  if (wagers.length > 0) last.wagers = wagers;
  // Frozen: later states and every view share it until the next round replaces it.
  s.lastRound = deepFreeze(last);
  const prompt = (s.globalSlots[j.promptSlot] ?? []).splice(0);
  if (isVoting(s)) scorePlacings(ctx);
  if (!winner) {
    for (const c of prompt) discard(ctx, c);
    for (const owner of Object.keys(s.roundState.stakes)) {
      const p = playerOf(s, owner);
      if (p) refundStake(ctx, p);
    }
    return;
  }
  const pile = listIn(winner.slots, j.scoreSlot);
  pile.push(...prompt);
  if (!isVoting(s)) {
    winner.score += 1;
    ctx.emit({ type: "scoreChanged", playerId: winner.id, newScore: winner.score });
  }
  // A gambler whose answer won is the winner, so either way the stake goes to the winner.
  for (const owner of Object.keys(s.roundState.stakes)) payStake(ctx, owner, winner);
}

export function randoPlayer(ctx: Ctx): Player {
  const s = ctx.s;
  let p = playerOf(s, RANDO);
  if (!p) {
    p = {
      id: RANDO,
      name: "Rando Cardrissian",
      isLead: false,
      presence: "active",
      lastSeen: ctx.now,
      joinedAt: ctx.now,
      seq: -1,
      hand: [],
      slots: {},
      score: 0,
      virtual: true,
    };
    s.players.push(p);
  }
  return p;
}

/** Rando: a virtual player answers with the top cards of the answer deck. */
export function randoSubmit(ctx: Ctx): void {
  const s = ctx.s;
  const j = s.definition.judging;
  if (!j) return;
  const p = randoPlayer(ctx);
  const pick = currentPick(s);
  if (available(s, j.answerDeck) < pick) return;
  const slot = listIn(p.slots, j.submissionSlot);
  slot.push(...drawCards(ctx, j.answerDeck, pick));
  markIfComplete(ctx, p, j.submissionSlot);
}
