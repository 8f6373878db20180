import type { Ctx } from "./context";
import type { Pause } from "./state";

/** A pause freezes the turn and round-end timers (their time left is kept); presence timers run on. */
export function pauseGame(ctx: Ctx, reason: Pause["reason"]): void {
  const s = ctx.s;
  if (s.pause) return;
  s.pause = {
    reason,
    at: ctx.now,
    turnRemaining: s.turnDeadline === null ? null : Math.max(1, s.turnDeadline - ctx.now),
    phaseRemaining: s.phaseDeadline === null ? null : Math.max(1, s.phaseDeadline - ctx.now),
  };
  s.turnDeadline = null;
  s.phaseDeadline = null;
  ctx.emit({ type: "gamePaused", reason });
}

export function resumeGame(ctx: Ctx): void {
  const s = ctx.s;
  const p = s.pause;
  if (!p) return;
  s.pausedMs += ctx.now - p.at;
  s.turnDeadline = p.turnRemaining === null ? null : ctx.now + p.turnRemaining;
  s.phaseDeadline = p.phaseRemaining === null ? null : ctx.now + p.phaseRemaining;
  s.pause = null;
  ctx.emit({ type: "gameResumed" });
}
