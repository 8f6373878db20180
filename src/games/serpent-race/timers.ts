import type { Ctx } from "./context";
import { answerTimedOut, decide, drawCard, guessTimedOut } from "./flow";
import type { SerpentState } from "./state";
import { skipTurn } from "./turns";

/**
 * One deadline at a time, since one player acts at a time: the current stage's (the draw
 * delay, the 60 s answer, the 30 s guess, the 120 s gamemaster decision), scaled by the time
 * scale. A roll has a deadline only while its player is away (see `armRoll`).
 */
export function deadlines(s: SerpentState): { at: number }[] {
  return s.phase === "active" && s.stage?.at != null ? [{ at: s.stage.at }] : [];
}

export function fire(ctx: Ctx): void {
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
