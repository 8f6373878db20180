import { defaultMethods, LogicEngine } from "json-logic-engine";
import { bestTotal, countWhere, endOf, extremeCard, sumOf } from "./operators";

/**
 * Expressions are JSON Logic (jsonlogic.com), run by json-logic-engine in its interpreted
 * mode. Why this library (docs/card-table/definitions.md, "Why JSON Logic"): expressions
 * are JSON inside a JSON definition, so no parser of our own; it is pure and deterministic;
 * and every node it evaluates goes through one method, `run`, so a subclass can count
 * steps and stop an expression that runs too long. Its compiled mode (which builds
 * JavaScript and calls eval) and its optimiser (which caches plans that bypass `run`) are
 * never used.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON Logic expression: a literal, a list, or `{ "operator": arguments }`. */
export type Expr = Json;

/** JSON Logic's own operators an expression may use: all pure, none unbounded (`try`, `throw`, `pipe`, `eachKey`, `preserve` are left out). */
export const BUILTINS = [
  "var",
  "val",
  "exists",
  "missing",
  "missing_some",
  "if",
  "?:",
  "==",
  "===",
  "!=",
  "!==",
  "<",
  "<=",
  ">",
  ">=",
  "!",
  "!!",
  "not",
  "and",
  "or",
  "??",
  "+",
  "-",
  "*",
  "/",
  "%",
  "min",
  "max",
  "in",
  "cat",
  "substr",
  "length",
  "map",
  "filter",
  "reduce",
  "all",
  "some",
  "none",
  "every",
  "merge",
  "keys",
  "get",
] as const;

/** The operators the vocabulary adds (operators.ts, plus `ref` to a named expression). */
export const CARD_OPERATORS = ["count", "where", "sum", "total", "highest", "lowest", "top", "bottom", "ref"] as const;

export const OPERATORS: ReadonlySet<string> = new Set<string>([...BUILTINS, ...CARD_OPERATORS]);

/** Steps one expression may take (a step is one node evaluated, each element of an iteration included). */
export const EXPRESSION_STEPS = 5_000;
/** Steps all the expressions of one input, or of one seat's legal actions, may take together. */
export const SESSION_STEPS = 50_000;

class OverBudget extends Error {}

type Args = unknown;
type Method = (args: Args, context: unknown, above: unknown[], engine: BudgetEngine) => unknown;

/** The interpreter with a step counter: every node evaluated passes through `run`. */
class BudgetEngine extends LogicEngine {
  steps = 0;
  named: Readonly<Record<string, Expr>> = {};

  override run(logic: unknown, data?: unknown, options?: { above?: unknown }): unknown {
    if (this.steps-- <= 0) throw new OverBudget("step budget");
    return super.run(logic, data, options);
  }
}

const list = (a: Args): unknown[] => (Array.isArray(a) ? a : [a]);

/** The data an item-wise argument sees: everything around it, plus the item as `it`. */
function withIt(context: unknown, item: unknown): unknown {
  if (typeof context !== "object" || context === null) return { it: item };
  const scope = Object.create(context) as Record<string, unknown>;
  scope.it = item;
  return scope;
}

/** Operators whose arguments are evaluated as they are (the engine evaluates them first). */
const eager: Record<string, Method> = {
  sum: (a) => sumOf(list(a)[0], list(a)[1]),
  total: (a) => bestTotal(list(a)[0], list(a)[1]),
  highest: (a) => extremeCard(list(a)[0], list(a)[1], list(a)[2], "highest"),
  lowest: (a) => extremeCard(list(a)[0], list(a)[1], list(a)[2], "lowest"),
  top: (a) => endOf(list(a)[0], "top"),
  bottom: (a) => endOf(list(a)[0], "bottom"),
};

/** Operators that evaluate an argument once per card, with the card as `it` (lazy: they run their own arguments). */
const lazy: Record<string, Method> = {
  /** [list] its length; [list, test] how many pass; [list, property, value] how many have that value. */
  count: (a, ctx, above, e) => {
    const [from, ...rest] = list(a);
    const items = e.run(from, ctx, { above });
    if (!Array.isArray(items)) return 0;
    if (rest.length === 0) return items.length;
    if (rest.length >= 2) return countWhere(items, e.run(rest[0], ctx, { above }), e.run(rest[1], ctx, { above }));
    return items.filter((it) => e.truthy(e.run(rest[0], withIt(ctx, it), { above }))).length;
  },
  /** [list, test]: the items that pass, in order. */
  where: (a, ctx, above, e) => {
    const [from, test] = list(a);
    const items = e.run(from, ctx, { above });
    if (!Array.isArray(items)) return [];
    return items.filter((it) => e.truthy(e.run(test, withIt(ctx, it), { above })));
  },
  /** "name": a named expression, here; ["name", value]: the same with `value` as `it`. */
  ref: (a, ctx, above, e) => {
    const [name, arg] = list(a);
    const body = typeof name === "string" ? e.named[name] : undefined;
    if (body === undefined) return null;
    const scope = list(a).length > 1 ? withIt(ctx, e.run(arg, ctx, { above })) : ctx;
    return e.run(body, scope, { above });
  },
};

/** The method table every evaluator starts from, built once. */
const METHODS: Record<string, unknown> = (() => {
  const base: Record<string, unknown> = {};
  const all = defaultMethods as Record<string, unknown>;
  for (const k of BUILTINS) base[k] = all[k];
  const proto = new LogicEngine(base, { disableInterpretedOptimization: true });
  for (const [k, m] of Object.entries(eager)) proto.addMethod(k, m as never);
  for (const [k, m] of Object.entries(lazy)) proto.addMethod(k, { lazy: true, method: m as never });
  return proto.methods as Record<string, unknown>;
})();

/**
 * Evaluates expressions against facts (facts.ts) within a step budget shared by everything
 * it evaluates. An expression that fails (an unknown operator, a division by zero, a type
 * it cannot use) or runs out of steps is worth null: the same inputs always give the same
 * null, so replays agree, and a definition cannot hang or crash a room.
 */
/**
 * One interpreter for every evaluator: making one copies its method table, which cost more
 * than most evaluations. Sharing it is safe because an evaluation runs to its end before
 * another starts (rules are synchronous, and the card operators call `run`, never another
 * evaluator), and each one sets the budget and the named expressions it runs with.
 */
const ENGINE = new BudgetEngine(METHODS, {
  disableInterpretedOptimization: true,
  maxArrayLength: 10_000,
  maxStringLength: 10_000,
});

export class Evaluator {
  private readonly engine = ENGINE;
  private remaining: number;

  constructor(
    private readonly named: Readonly<Record<string, Expr>> = {},
    steps = SESSION_STEPS,
  ) {
    this.remaining = steps;
  }

  /** Steps left in this evaluator's budget. */
  get stepsLeft(): number {
    return this.remaining;
  }

  value(expr: Expr | undefined, facts: unknown): unknown {
    if (expr === undefined) return null;
    // A literal costs nothing (most effect fields are plain numbers).
    if (expr === null || typeof expr !== "object") return expr;
    const allowed = Math.min(EXPRESSION_STEPS, this.remaining);
    this.engine.steps = allowed;
    this.engine.named = this.named;
    try {
      const out = this.engine.run(expr, facts);
      return out === undefined ? null : out;
    } catch {
      return null;
    } finally {
      this.remaining -= allowed - Math.max(0, this.engine.steps);
    }
  }

  test(expr: Expr | undefined, facts: unknown): boolean {
    return Boolean(this.engine.truthy(this.value(expr, facts)));
  }

  number(expr: Expr | undefined, facts: unknown, fallback = 0): number {
    const v = this.value(expr, facts);
    return typeof v === "number" && Number.isFinite(v) ? v : fallback;
  }
}
