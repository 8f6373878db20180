import type { Ctx } from "./context";
import { answerTimedOut, decide, drawCard, guessTimedOut } from "./flow";
import type { SerpentState } from "./state";
import { skipTurn } from "./turns";

/**
 * One timer at a time, since one player acts at a time: the current stage's deadline (the
 * draw delay, the 60 s answer, the 30 s guess, the 120 s gamemaster decision), scaled by
 * the time scale. A roll has a deadline only while its player is away (see `armRoll`).
 */
export function due(s: SerpentState): number | null {
  if (s.phase !== "active" || !s.stage) return null;
  return s.stage.at;
}

/** Fire every deadline passed by `now`, each at its own time (one may arm the next). */
export function fireDue(ctx: Ctx, now: number): void {
  for (let guard = 0; guard < 1000; guard++) {
    const at = due(ctx.s);
    if (at === null || at > now) {
      ctx.now = now;
      return;
    }
    ctx.now = Math.max(ctx.now, at);
    fire(ctx);
  }
  throw new Error("serpent-race: timers keep firing");
}

function fire(ctx: Ctx): void {
  switch (ctx.s.stage?.kind) {
    case "drawing":
      drawCard(ctx);
      return;
    case "answer":
      answerTimedOut(ctx);
      return;
    case "guess":
      guessTimedOut(ctx);
      return;
    case "decision":
      decide(ctx, false, true);
      return;
    case "roll":
      skipTurn(ctx, "away");
      return;
    default:
      return;
  }
}
