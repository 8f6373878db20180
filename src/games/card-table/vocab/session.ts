import type { Ctx } from "../context";
import type { GameDefinition } from "../definition";
import { Evaluator } from "./engine";

/**
 * One step budget for everything the vocabulary evaluates while one input (or one timer)
 * is applied: the evaluator belongs to that input's context and goes with it. Kept beside
 * the context rather than in it so the engine's context stays the engine's.
 */
const byInput = new WeakMap<Ctx, Evaluator>();

export function evaluatorFor(ctx: Ctx): Evaluator {
  let ev = byInput.get(ctx);
  if (!ev) {
    ev = newEvaluator(ctx.s.definition);
    byInput.set(ctx, ev);
  }
  return ev;
}

/** A fresh evaluator (one budget) for a definition's expressions. */
export function newEvaluator(def: GameDefinition): Evaluator {
  return new Evaluator(def.named ?? {});
}
