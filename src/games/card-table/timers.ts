import { type Ctx, scaledMs } from "./context";
import { currentPhase, fireTimeout } from "./phases";
import { leave } from "./presence";
import { active, assignNewLead, humans, nextInRotation, setJudge, setLead } from "./roles";
import type { CardTableState } from "./state";
import { settleTable } from "./table";
import { playerOf } from "./zones";

/** Every timer lives in the state as a timestamp; due() is the earliest, tick() fires what is due. */
type Timer =
  | { kind: "drop"; at: number; seat: string }
  | { kind: "lead"; at: number }
  | { kind: "judge"; at: number }
  | { kind: "phase"; at: number };

const ms = (s: CardTableState, seconds: number) => scaledMs(s.timeScale, seconds);

export function timers(s: CardTableState): Timer[] {
  const out: Timer[] = [];
  // Presence Rules: a disconnected player not back within the grace is treated as left.
  for (const p of humans(s))
    if (p.presence === "disconnected" && p.absentSince !== undefined)
      out.push({ kind: "drop", at: p.absentSince + ms(s, s.settings.disconnectGraceSeconds), seat: p.id });

  // Lead Disconnection: after the grace, the longest-tenured active player (if there is one yet).
  const lead = playerOf(s, s.roles.lead);
  if (lead?.presence === "disconnected" && lead.absentSince !== undefined && active(s).length > 0)
    out.push({ kind: "lead", at: lead.absentSince + ms(s, s.settings.leadGraceSeconds) });

  // Judge Disconnection: only in phases waiting for the judge (PROMPT, JUDGE), counted from when it started to matter.
  const judge = playerOf(s, s.roles.judge);
  if (
    s.status === "playing" &&
    judge &&
    judge.presence !== "active" &&
    judge.absentSince !== undefined &&
    currentPhase(s).activeRoles.includes("judge") &&
    nextInRotation(s, judge.id) !== null
  ) {
    const from = Math.max(judge.absentSince, s.phaseStartedAt, s.resumedAt ?? 0);
    out.push({ kind: "judge", at: from + ms(s, s.settings.judgeGraceSeconds) });
  }

  if (s.status === "playing" && s.phaseDeadline !== null) out.push({ kind: "phase", at: s.phaseDeadline });
  return out;
}

export function due(s: CardTableState): number | null {
  const all = timers(s);
  return all.length === 0 ? null : Math.min(...all.map((t) => t.at));
}

/** Fire every timer due by `now`, earliest first (each may change which others exist). */
export function fireDue(ctx: Ctx): void {
  for (let guard = 0; guard < 1000; guard++) {
    const next = timers(ctx.s)
      .filter((t) => t.at <= ctx.now)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) return;
    fire(ctx, next);
    settleTable(ctx);
  }
  throw new Error("card-table: timers keep firing");
}

function fire(ctx: Ctx, t: Timer): void {
  const s = ctx.s;
  switch (t.kind) {
    case "drop": {
      const p = playerOf(s, t.seat);
      if (p) leave(ctx, p, "disconnected");
      return;
    }
    case "lead":
      setLead(ctx, assignNewLead(s.players));
      return;
    case "judge":
      setJudge(ctx, nextInRotation(s, s.roles.judge));
      return;
    case "phase":
      fireTimeout(ctx);
      return;
  }
}
