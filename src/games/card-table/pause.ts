import type { Ctx } from "./context";
import type { PauseState } from "./state";

/** A pause freezes the phase timer (its remaining time is kept); presence timers keep running. */
export function pauseGame(ctx: Ctx, reason: PauseState["reason"]): void {
  const s = ctx.s;
  if (s.status !== "playing") return;
  s.status = "paused";
  s.pause = { reason, at: ctx.now, phaseRemaining: s.phaseDeadline === null ? null : s.phaseDeadline - ctx.now };
  s.phaseDeadline = null;
  ctx.emit({ type: "gamePaused" });
}

export function resumeGame(ctx: Ctx): void {
  const s = ctx.s;
  if (s.status !== "paused") return;
  const remaining = s.pause?.phaseRemaining ?? null;
  s.status = "playing";
  s.phaseDeadline = remaining === null ? null : ctx.now + remaining;
  s.resumedAt = ctx.now;
  delete s.pause;
  ctx.emit({ type: "gameResumed" });
}

/** The game cannot continue (Card Exhaustion, "both empty"): end it or pause it, per settings. */
export function exhausted(ctx: Ctx): void {
  if (ctx.s.settings.onExhausted === "pause") {
    pauseGame(ctx, "exhausted");
    ctx.halt = true;
  } else {
    ctx.redirect = ctx.s.definition.endPhase;
  }
}
