import { deadlineIn } from "../../engine/pause";
import type { Ctx } from "./context";
import {
  type Effect,
  type PhaseDefinition,
  type PhaseTransition,
  phaseOf,
  type TransitionCondition,
  timeoutSeconds,
} from "./definition";
import { runEffect } from "./effects";
import { selectable } from "./judging";
import { clock } from "./pause";
import { humans, isSubmitter, nextInRotation, setJudge, setTurn } from "./roles";
import type { CardTableState } from "./state";
import { isComplete } from "./submissions";
import type { EffectScope } from "./vocab/effects";
import { transitionHolds } from "./vocab/transitions";
import { passesInRounds, passTurn } from "./vocab/turns";
import { closeVote, isVoting, pendingVoters } from "./voting";

/** A definition whose automatic transitions chase each other forever is a bug; stop it loudly. */
const MAX_HOPS = 64;

export function currentPhase(s: CardTableState): PhaseDefinition {
  return phaseOf(s.definition, s.currentPhase);
}

/** Enter a phase: arm its timeout, say so, run its entry effects, follow any redirect. */
export function enterPhase(ctx: Ctx, to: string): void {
  const s = ctx.s;
  if (++ctx.hops > MAX_HOPS) throw new Error(`card-table: phase transitions loop (at ${to})`);
  const from = s.currentPhase;
  const p = phaseOf(s.definition, to);
  s.currentPhase = to;
  s.phaseStartedAt = ctx.now;
  const secs = timeoutSeconds(s.settings, p);
  s.phaseDeadline = secs !== null ? deadlineIn(ctx, secs) : null;
  ctx.emit({ type: "phaseChanged", from, to });
  runEffects(ctx, p.onEnter);
}

/** Run a list of effects until one pauses the game or asks for another phase, then go there. */
export function runEffects(ctx: Ctx, effects: readonly Effect[] | undefined, scope: EffectScope = {}): void {
  for (const e of effects ?? []) {
    if (ctx.redirect !== null || ctx.halt) break;
    runEffect(ctx, e, scope);
  }
  ctx.halt = false;
  if (ctx.redirect !== null) {
    const next = ctx.redirect;
    ctx.redirect = null;
    enterPhase(ctx, next);
  }
}

/** Answers still expected from players; and whether the round can move on without them. */
export function allSubmitted(s: CardTableState): boolean {
  const j = s.definition.judging;
  if (!j) return false;
  const pending = humans(s).filter((p) => isSubmitter(s, p) && !isComplete(s, p, j.submissionSlot));
  if (pending.length > 0) return false;
  const complete = s.players.filter((p) => p.id !== s.roles.judge && isComplete(s, p, j.submissionSlot));
  // Nobody answered: move on only if a timeout skipped the silent ones, else keep waiting.
  return complete.length > 0 || s.roundState.timedOut === true;
}

export function endConditionMet(s: CardTableState): boolean {
  const { endCondition, endValue } = s.settings;
  if (endCondition === "none" || endValue === undefined) return false;
  if (endCondition === "rounds") return s.round - 1 >= endValue;
  return s.players.some((p) => p.score >= endValue);
}

function holds(ctx: Ctx, c: TransitionCondition): boolean {
  const s = ctx.s;
  switch (c.type) {
    case "allSubmitted":
      return allSubmitted(s);
    case "judgeSelected":
      return s.roundState.outcome !== undefined;
    case "action":
      return ctx.lastAction === c.action;
    case "always":
      return true;
    case "endCondition":
      return endConditionMet(s);
    case "expr":
      return transitionHolds(ctx, c.expr);
    case "timeout":
    case "manual":
      return false;
  }
}

/**
 * A judge left with nothing to pick (every entry is theirs, or none) ends the round without a
 * winner; a vote closes once nobody has a vote left to cast (everyone voted, or went away).
 */
function closeIfJudged(ctx: Ctx): void {
  const s = ctx.s;
  const p = currentPhase(s);
  const r = s.roundState;
  if (!p.allowedActions.includes("selectWinner") || r.shuffledOrder === undefined || r.outcome !== undefined) return;
  if (isVoting(s)) {
    if (pendingVoters(s).length === 0) closeVote(ctx);
  } else if (selectable(s).length === 0) r.outcome = "none";
}

/** Take automatic transitions until none holds. */
export function settlePhases(ctx: Ctx): void {
  const s = ctx.s;
  while (s.status === "playing") {
    closeIfJudged(ctx);
    const t: PhaseTransition | undefined = currentPhase(s).transitions.find(
      (x) => x.automatic && holds(ctx, x.condition),
    );
    if (!t) return;
    // An "action" condition answers the action just applied, once.
    ctx.lastAction = null;
    enterPhase(ctx, t.to);
  }
}

/** The phase timer came due: do what the definition's timeout says. */
export function fireTimeout(ctx: Ctx): void {
  const s = ctx.s;
  const p = currentPhase(s);
  s.phaseDeadline = null;
  if (!p.timeout) return;
  switch (p.timeout.action) {
    case "pause":
      clock.pause(ctx, "timeout");
      return;
    case "auto-transition": {
      const t = p.transitions.find((x) => x.condition.type === "timeout") ?? p.transitions[0];
      if (t) enterPhase(ctx, t.to);
      return;
    }
    case "skip-inactive":
      skipInactive(ctx, p);
  }
}

/** Whoever the phase waits for and has not acted is skipped (Presence Rules: away players are skipped too). */
function skipInactive(ctx: Ctx, p: PhaseDefinition): void {
  const s = ctx.s;
  const j = s.definition.judging;
  if (p.activeRoles.includes("submitters") && j) {
    for (const pl of humans(s))
      if (isSubmitter(s, pl) && !isComplete(s, pl, j.submissionSlot)) s.roundState.skipped.push(pl.id);
    s.roundState.timedOut = true;
  }
  if (p.activeRoles.includes("judge")) {
    // A vote that runs out of time is counted as it stands.
    if (p.allowedActions.includes("selectWinner") && s.roundState.shuffledOrder !== undefined && isVoting(s))
      closeVote(ctx);
    else if (p.allowedActions.includes("selectWinner") && s.roundState.shuffledOrder !== undefined)
      s.roundState.outcome ??= "none";
    else setJudge(ctx, nextInRotation(s, s.roles.judge) ?? s.roles.judge);
  }
  if (p.activeRoles.includes("turn")) {
    if (passesInRounds(p)) passTurn(ctx);
    else setTurn(ctx, nextInRotation(s, s.roles.turn) ?? s.roles.turn);
  }
}
