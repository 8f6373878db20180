import type { Ctx } from "../context";
import type { Expr } from "./engine";
import { factsFor } from "./facts";
import { evaluatorFor } from "./session";

/** An `expr` transition: the expression holds over the facts, `me` being the seat in turn. */
export function transitionHolds(ctx: Ctx, expr: Expr): boolean {
  return evaluatorFor(ctx).test(expr, factsFor(ctx.s, ctx.s.roles.turn));
}
