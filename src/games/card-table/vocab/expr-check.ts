import { OPERATORS } from "./engine";

/**
 * What an expression may be, checked before it is stored or run: JSON Logic built from the
 * allowed operators only, within a size and a depth, with no path into JavaScript's own
 * object machinery. The walk stops at MAX_DEPTH, so a deeply nested upload is refused
 * rather than recursed into.
 */

/** Nodes (operators, lists, literals) in one expression. */
export const MAX_NODES = 2_000;
/** Operators inside operators. */
export const MAX_DEPTH = 24;

/** Path segments that would reach the engine's own objects rather than the game's facts. */
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

/** JSON Logic operators whose second argument runs once per item, with the item as its data (not the facts). */
export const ITERATORS = new Set(["map", "filter", "reduce", "all", "some", "none", "every"]);

export interface ExprVisit {
  /** A literal `var` path (or a `val` path's segments joined by dots). */
  path?: string;
  /** A `ref` to a named expression. */
  ref?: string;
  /** The node sits inside the per-item argument of a JSON Logic iteration, where `var` reads the item. */
  inItem: boolean;
}

/** Why `expr` is not an expression we run, or null. `visit` sees every path and reference, for the definition's own checks. */
export function exprProblem(expr: unknown, visit?: (v: ExprVisit) => string | null): string | null {
  let nodes = 0;
  const walk = (e: unknown, depth: number, inItem: boolean): string | null => {
    if (++nodes > MAX_NODES) return `an expression has at most ${MAX_NODES} parts`;
    if (depth > MAX_DEPTH) return `expressions nest at most ${MAX_DEPTH} operators deep`;
    if (e === null || typeof e === "boolean" || typeof e === "string") return null;
    if (typeof e === "number") return Number.isFinite(e) ? null : "numbers must be finite";
    if (Array.isArray(e)) {
      for (const x of e) {
        const bad = walk(x, depth + 1, inItem);
        if (bad) return bad;
      }
      return null;
    }
    if (typeof e !== "object") return `${typeof e} is not JSON`;
    const keys = Object.keys(e);
    if (keys.length === 0) return null;
    if (keys.length > 1) return `an operator is an object with one key, not {${keys.join(", ")}}`;
    const op = keys[0] as string;
    if (!OPERATORS.has(op)) return `unknown operator "${op}"`;
    const args = (e as Record<string, unknown>)[op];
    const own = checkOperator(op, args, inItem, visit);
    if (own) return own;
    const list = Array.isArray(args) ? args : [args];
    for (let i = 0; i < list.length; i++) {
      const bad = walk(list[i], depth + 1, inItem || (ITERATORS.has(op) && i === 1));
      if (bad) return bad;
    }
    return null;
  };
  return walk(expr, 0, false);
}

function checkOperator(
  op: string,
  args: unknown,
  inItem: boolean,
  visit: ((v: ExprVisit) => string | null) | undefined,
): string | null {
  const first = Array.isArray(args) ? args[0] : args;
  if (op === "var" || op === "val") {
    const segments = pathSegments(op, args);
    if (segments === null) return null; // a computed path: checked when it runs (it reads facts only)
    const bad = segments.find((s) => FORBIDDEN.has(s));
    if (bad !== undefined) return `"${bad}" cannot appear in a path`;
    return visit?.({ path: segments.join("."), inItem }) ?? null;
  }
  if (op === "ref") {
    if (typeof first !== "string") return 'ref names a named expression: {"ref": "name"} or {"ref": ["name", value]}';
    return visit?.({ ref: first, inItem }) ?? null;
  }
  return null;
}

/** The literal segments of a `var` / `val` path, or null when any part is computed. */
function pathSegments(op: string, args: unknown): string[] | null {
  const first = Array.isArray(args) ? args[0] : args;
  if (op === "var") {
    if (typeof first === "number") return [String(first)];
    if (typeof first !== "string") return first === undefined || first === null ? [] : null;
    return first === "" ? [] : first.split(".");
  }
  const parts = Array.isArray(args) ? args : [args];
  // val [[n], …] climbs out of iterations: what it reads is not the facts' top level.
  if (Array.isArray(parts[0])) return null;
  if (!parts.every((p) => typeof p === "string" || typeof p === "number")) return null;
  return parts.map(String);
}
