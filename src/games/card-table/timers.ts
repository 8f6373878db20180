import { scaledMs } from "../../engine/context";
import { type GraceDeadline, graceDeadlines, graceEnds } from "../../engine/presence";
import type { Ctx } from "./context";
import { currentPhase, fireTimeout } from "./phases";
import { leave } from "./presence";
import { active, newLead, nextInRotation, setJudge, setLead } from "./roles";
import type { CardTableState, Player } from "./state";
import { playerOf } from "./zones";

/**
 * Every timer lives in the state as a timestamp: each disconnected player's grace window
 * (the engine's), and Card Table's own: the lead's and the judge's absences, and the phase's timeout.
 */
export type Timer =
  | GraceDeadline
  | { kind: "lead"; at: number }
  | { kind: "judge"; at: number }
  | { kind: "phase"; at: number };

export function timers(s: CardTableState): Timer[] {
  const ms = (seconds: number) => scaledMs(s.timeScale, seconds);
  // Presence Rules: a disconnected player not back within the grace is treated as left.
  const out: Timer[] = graceDeadlines(s.players, ms(s.settings.graceSeconds));

  // Lead Disconnection: after the lead's grace, the longest-tenured active player (if there is one yet).
  const lead = playerOf(s, s.roles.lead);
  const leadGone = lead ? graceEnds(lead, ms(s.settings.leadGraceSeconds)) : null;
  if (leadGone !== null && active(s).length > 0) out.push({ kind: "lead", at: leadGone });

  // Judge Disconnection: only in phases waiting for the judge (PROMPT, JUDGE), counted from when it started to matter.
  const judge = playerOf(s, s.roles.judge);
  if (
    s.status === "playing" &&
    judge &&
    judge.presence !== "active" &&
    judge.absentSince != null &&
    currentPhase(s).activeRoles.includes("judge") &&
    nextInRotation(s, judge.id) !== null
  ) {
    const from = Math.max(judge.absentSince, s.phaseStartedAt, s.resumedAt ?? 0);
    out.push({ kind: "judge", at: from + ms(s.settings.judgeGraceSeconds) });
  }

  if (s.status === "playing" && s.phaseDeadline !== null) out.push({ kind: "phase", at: s.phaseDeadline });
  return out;
}

/** A timer came due (the engine fires each at its own time, earliest first, and settles the table after each). */
export function fire(ctx: Ctx, t: Timer): void {
  const s = ctx.s;
  switch (t.kind) {
    case "grace":
      leave(ctx, s.players[t.index] as Player, "disconnected");
      return;
    case "lead":
      setLead(ctx, newLead(s));
      return;
    case "judge":
      setJudge(ctx, nextInRotation(s, s.roles.judge));
      return;
    case "phase":
      fireTimeout(ctx);
      return;
  }
}
