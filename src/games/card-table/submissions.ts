import { switchOn } from "./conditions";
import type { Ctx } from "./context";
import type { CardTableState, Player } from "./state";
import { clearWithdrawn } from "./withdrawn";
import { blankAgain } from "./write-ins";
import { currentPick, discard, listIn, removeCard } from "./zones";

/** The slots that hold answers in a judged round: the submission, and the gambling wager. */
export function answerSlots(s: CardTableState): string[] {
  const j = s.definition.judging;
  if (!j) return [];
  return j.wagerSlot ? [j.submissionSlot, j.wagerSlot] : [j.submissionSlot];
}

/** Whether the wager slot is open: the definition has one and its `judging.wagerWhen` holds (CAH's: gambling). */
export function wagersOpen(s: CardTableState): boolean {
  const j = s.definition.judging;
  return j?.wagerSlot !== undefined && switchOn(s.activeVariants, j.wagerWhen);
}

export function isAnswerSlot(s: CardTableState, slot: string): boolean {
  return answerSlots(s).includes(slot);
}

/** A submission is complete when it holds exactly the prompt's pick; from then on it is locked. */
export function isComplete(s: CardTableState, p: Player, slot: string): boolean {
  const n = p.slots[slot]?.length ?? 0;
  return n > 0 && n >= currentPick(s);
}

export function markIfComplete(ctx: Ctx, p: Player, slot: string): void {
  if (!isComplete(ctx.s, p, slot)) return;
  const at = ctx.s.roundState.submittedAt[slot] ?? {};
  ctx.s.roundState.submittedAt[slot] = at;
  at[p.id] ??= ctx.now;
}

function setScore(ctx: Ctx, p: Player, delta: number): void {
  p.score += delta;
  ctx.emit({ type: "scoreChanged", playerId: p.id, newScore: p.score });
}

/** gambling: pay one won prompt card into the pot to open a second answer. */
export function stake(ctx: Ctx, p: Player): void {
  const j = ctx.s.definition.judging;
  if (!j?.potSlot) return;
  const card = p.slots[j.scoreSlot]?.pop();
  if (!card) return;
  const pot = listIn(ctx.s.globalSlots, j.potSlot);
  pot.push(card);
  ctx.s.roundState.stakes[p.id] = card.id;
  setScore(ctx, p, -1);
}

/** Move a staked card from the pot to `to`'s score pile, worth one point. */
export function payStake(ctx: Ctx, owner: string, to: Player): void {
  const j = ctx.s.definition.judging;
  const cardId = ctx.s.roundState.stakes[owner];
  if (!j?.potSlot || cardId === undefined) return;
  delete ctx.s.roundState.stakes[owner];
  const card = removeCard(ctx.s.globalSlots[j.potSlot] ?? [], cardId);
  if (!card) return;
  const pile = listIn(to.slots, j.scoreSlot);
  pile.push(card);
  setScore(ctx, to, 1);
}

export function refundStake(ctx: Ctx, p: Player): void {
  payStake(ctx, p.id, p);
}

function clearMarks(ctx: Ctx, p: Player): void {
  for (const at of Object.values(ctx.s.roundState.submittedAt)) delete at[p.id];
  clearWithdrawn(ctx.s, p.id);
}

/** Answers go back to the player's hand (a new judge, an incomplete submission at reveal). */
export function returnSubmission(ctx: Ctx, p: Player, slots = answerSlots(ctx.s)): void {
  for (const slot of slots) {
    const cards = p.slots[slot];
    if (!cards || cards.length === 0) continue;
    if (p.virtual) for (const c of cards.splice(0)) discard(ctx, c);
    // A written card comes back blank: its writer may write something else.
    else p.hand.push(...cards.splice(0).map(blankAgain));
    if (slot === ctx.s.definition.judging?.wagerSlot) refundStake(ctx, p);
  }
  clearMarks(ctx, p);
}

/**
 * Answers of a player who left before the reveal go to the discard pile, unannounced (they
 * were face down); returns how many.
 */
export function discardSubmission(ctx: Ctx, p: Player): number {
  let n = 0;
  for (const slot of answerSlots(ctx.s))
    for (const c of (p.slots[slot] ?? []).splice(0)) {
      discard(ctx, c, undefined, true);
      n++;
    }
  refundStake(ctx, p);
  clearMarks(ctx, p);
  return n;
}
