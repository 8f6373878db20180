import { deadlineIn } from "../../engine/pause";
import { longestSeated } from "../../engine/presence";
import { rngPick } from "../../engine/rng";
import type { Ctx } from "./context";
import { phaseOf, type Role, timeoutSeconds } from "./definition";
import type { CardTableState, Player } from "./state";
import { returnSubmission } from "./submissions";
import { mayVote } from "./voting";
import { currentPick, playerOf } from "./zones";

/** Real people at the table (not Rando, the virtual player), left ones included. */
export function humans(s: CardTableState): Player[] {
  return s.players.filter((p) => !p.virtual);
}

/** Still in the game: not left or kicked. */
export function seated(s: CardTableState): Player[] {
  return humans(s).filter((p) => p.presence !== "left");
}

export function active(s: CardTableState): Player[] {
  return humans(s).filter((p) => p.presence === "active");
}

/**
 * Expected to submit this round: active, not the judge, not skipped by a timeout, and
 * holding enough cards to answer (a short hand after card exhaustion cannot).
 */
export function isSubmitter(s: CardTableState, p: Player): boolean {
  if (p.virtual || p.presence !== "active" || p.id === s.roles.judge) return false;
  if (s.roundState.skipped.includes(p.id)) return false;
  const j = s.definition.judging;
  const submitted = j ? (p.slots[j.submissionSlot]?.length ?? 0) : 0;
  return !j || p.hand.length + submitted >= currentPick(s);
}

export function holdsRole(s: CardTableState, id: string, role: Role): boolean {
  const p = playerOf(s, id);
  if (!p || p.virtual || p.presence !== "active") return false;
  switch (role) {
    case "all":
      return true;
    case "lead":
      return s.roles.lead === id;
    case "judge":
      // While the table votes (its definition's votingWhen) there is no judge: whoever still has a vote judges.
      return s.roles.judge === id || mayVote(s, p);
    case "turn":
      return s.roles.turn === id;
    case "submitters":
      return isSubmitter(s, p);
  }
}

/** The next active player after `from` in turn order (clockwise), never `from` itself. */
export function nextInRotation(s: CardTableState, from: string | null): string | null {
  const order = s.turnOrder;
  const start = from ? order.indexOf(from) : -1;
  for (let k = 1; k <= order.length; k++) {
    const id = order[(((start + k) % order.length) + order.length) % order.length];
    if (id !== undefined && id !== from && playerOf(s, id)?.presence === "active") return id;
  }
  return null;
}

export function randomActive(s: CardTableState, exclude: string | null = null): string | null {
  const pool = active(s)
    .map((p) => p.id)
    .filter((id) => id !== exclude);
  return pool.length > 0 ? rngPick(s.rng, pool) : null;
}

/**
 * Hand the judge role to `id`. A player who becomes judge before the submissions are
 * anonymised takes their own cards back; after that their entry stays (removing it would
 * tell everyone whose it was) and they simply may not pick it.
 */
export function setJudge(ctx: Ctx, id: string | null): void {
  const s = ctx.s;
  if (id === s.roles.judge) return;
  s.roles.judge = id;
  if (id === null) return;
  const p = playerOf(s, id);
  if (p && s.definition.judging && s.roundState.shuffledOrder === undefined) returnSubmission(ctx, p);
  ctx.emit({ type: "judgeChanged", playerId: id });
  rearm(ctx, "judge");
}

export function setTurn(ctx: Ctx, id: string | null): void {
  if (id === ctx.s.roles.turn) return;
  ctx.s.roles.turn = id;
  if (id === null) return;
  ctx.emit({ type: "turnChanged", playerId: id });
  rearm(ctx, "turn");
}

/** A phase that times the judge or the turn holder gives a newly named one the full time. */
function rearm(ctx: Ctx, role: Role): void {
  const s = ctx.s;
  if (s.status !== "playing") return;
  const p = phaseOf(s.definition, s.currentPhase);
  const secs = timeoutSeconds(s.settings, p);
  if (secs !== null && p.activeRoles.includes(role)) s.phaseDeadline = deadlineIn(ctx, secs);
}

/** The document's assignNewLead: the longest-tenured active player (by join order). */
export function newLead(s: CardTableState): string | null {
  return longestSeated(s.players, (p) => p.presence === "active" && !p.virtual)?.id ?? null;
}

export function setLead(ctx: Ctx, id: string | null): void {
  const s = ctx.s;
  if (id === s.roles.lead) return;
  for (const p of s.players) p.isLead = p.id === id;
  s.roles.lead = id;
  if (id !== null) ctx.emit({ type: "leadChanged", playerId: id });
}
