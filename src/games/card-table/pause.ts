import { gameClock, later } from "../../engine/pause";
import type { Ctx } from "./context";
import type { CardTableState } from "./state";

/**
 * The game's clock (the engine's pause): only a game in play pauses; the phase timer stands
 * still (presence timers run on) and keeps the time it had left; the table says so.
 */
export const clock = gameClock<CardTableState, Ctx>({
  shift: (s, by) => {
    s.phaseDeadline = later(s.phaseDeadline, by);
  },
  canPause: (s) => s.status === "playing",
  paused: (ctx) => {
    ctx.s.status = "paused";
    ctx.emit({ type: "gamePaused" });
  },
  resumed: (ctx) => {
    ctx.s.status = "playing";
    ctx.s.resumedAt = ctx.now;
    ctx.emit({ type: "gameResumed" });
  },
});

/** The game cannot continue (Card Exhaustion, "both empty"): end it or pause it, per settings. */
export function exhausted(ctx: Ctx): void {
  if (ctx.s.settings.onExhausted === "pause") {
    clock.pause(ctx, "exhausted");
    ctx.halt = true;
  } else {
    ctx.redirect = ctx.s.definition.endPhase;
  }
}
