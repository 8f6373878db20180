import type { Effect, GameDefinition } from "../definition";
import type { Expr } from "./engine";
import { type ExprVisit, exprProblem } from "./expr-check";
import { FACT_ROOTS } from "./facts";
import { idsOf } from "./schema";

/**
 * The vocabulary's checks of a whole definition, run by its schema (so at upload and at
 * start-up): every expression's paths name slots, decks, dice and variables the definition
 * has, every named expression exists and none refers to itself, moves name zones that
 * exist, and effects name phases, zones and variables that exist.
 */

type Path = (string | number)[];
type Issue = (message: string, path?: Path) => void;

/** Every effect in a list, nested ones (`do`, `else`) included, with its path. */
export function forEachEffect(list: readonly Effect[], path: Path, f: (e: Effect, path: Path) => void): void {
  list.forEach((e, i) => {
    const at = [...path, i];
    f(e, at);
    if (e.type === "if") {
      forEachEffect(e.do, [...at, "do"], f);
      if (e.else) forEachEffect(e.else, [...at, "else"], f);
    }
    if (e.type === "forEachPlayer") forEachEffect(e.do, [...at, "do"], f);
  });
}

/** Every effect list of a definition: each phase's onEnter and afterAction lists. */
export function everyEffect(d: GameDefinition, f: (e: Effect, path: Path) => void): void {
  d.phases.forEach((p, i) => {
    forEachEffect(p.onEnter ?? [], ["phases", i, "onEnter"], f);
    for (const [a, list] of Object.entries(p.afterAction ?? {}))
      forEachEffect(list ?? [], ["phases", i, "afterAction", a], f);
  });
}

interface Names {
  globalSlots: Set<string>;
  playerSlots: Set<string>;
  decks: Set<string>;
  dice: Set<string>;
  globalVars: Set<string>;
  playerVars: Set<string>;
  named: Set<string>;
  phases: Set<string>;
}

function namesOf(d: GameDefinition): Names {
  const vars = Object.entries(d.vars ?? {});
  return {
    globalSlots: new Set(d.slots.filter((s) => s.scope === "global").map((s) => s.id)),
    playerSlots: new Set(d.slots.filter((s) => s.scope === "player").map((s) => s.id)),
    decks: new Set(Object.keys(d.decks)),
    dice: new Set((d.dice ?? []).map((x) => x.id)),
    globalVars: new Set(vars.filter(([, v]) => v.scope === "global").map(([k]) => k)),
    playerVars: new Set(vars.filter(([, v]) => v.scope === "player").map(([k]) => k)),
    named: new Set(Object.keys(d.named ?? {})),
    phases: new Set(d.phases.map((p) => p.id)),
  };
}

/** What a literal path names that the definition lacks, or null. */
function pathProblem(n: Names, path: string): string | null {
  const [root, a, b, c] = path.split(".");
  if (root === undefined || root === "") return null;
  if (!FACT_ROOTS.has(root)) return `no fact "${root}" (in "${path}")`;
  const missing = (set: Set<string>, id: string | undefined, what: string) =>
    id !== undefined && !set.has(id) ? `no ${what} "${id}" (in "${path}")` : null;
  if (root === "slots") return missing(n.globalSlots, a, "global slot");
  if (root === "decks") return missing(n.decks, a, "deck");
  if (root === "dice") return missing(n.dice, a, "die");
  if (root === "vars") return missing(n.globalVars, a, "table variable");
  // my.slots.x, my.vars.x; players.<seat>.slots.x, players.<seat>.vars.x
  const [field, id] = root === "my" ? [a, b] : root === "players" ? [b, c] : [undefined, undefined];
  if (field === "slots" && id !== "hand") return missing(n.playerSlots, id, "player slot");
  if (field === "vars") return missing(n.playerVars, id, "player variable");
  return null;
}

/** Check one expression in the definition's terms. */
function checkExpr(n: Names, e: Expr | undefined, path: Path, issue: Issue): void {
  if (e === undefined) return;
  const bad = exprProblem(e, (v: ExprVisit) => {
    if (v.ref !== undefined) return n.named.has(v.ref) ? null : `no named expression "${v.ref}"`;
    if (v.path !== undefined && !v.inItem) return pathProblem(n, v.path);
    return null;
  });
  if (bad) issue(bad, path);
}

/** Named expressions may use one another, but never in a circle. */
function namedCycle(d: GameDefinition): string | null {
  const named = d.named ?? {};
  const refs = new Map<string, string[]>();
  for (const [name, e] of Object.entries(named)) {
    const out: string[] = [];
    exprProblem(e, (v) => {
      if (v.ref !== undefined) out.push(v.ref);
      return null;
    });
    refs.set(name, out);
  }
  const state = new Map<string, "open" | "done">();
  const visit = (name: string, trail: string[]): string | null => {
    if (state.get(name) === "done") return null;
    if (state.get(name) === "open") return [...trail, name].join(" → ");
    state.set(name, "open");
    for (const next of refs.get(name) ?? []) {
      const loop = visit(next, [...trail, name]);
      if (loop) return loop;
    }
    state.set(name, "done");
    return null;
  };
  for (const name of refs.keys()) {
    const loop = visit(name, []);
    if (loop) return loop;
  }
  return null;
}

/** A zone `move` names: "hand", a slot, "deck:<id>" or "discard:<id>". */
function zoneProblem(n: Names, zone: string): string | null {
  if (zone === "hand" || n.globalSlots.has(zone) || n.playerSlots.has(zone)) return null;
  const [kind, id] = zone.split(":");
  if ((kind === "deck" || kind === "discard") && id !== undefined && n.decks.has(id)) return null;
  return `no zone "${zone}" (a player's "hand", a slot id, "deck:<id>" or "discard:<id>")`;
}

function checkEffect(n: Names, e: Effect, path: Path, issue: Issue): void {
  switch (e.type) {
    case "set":
      if (!n.globalVars.has(e.var) && !n.playerVars.has(e.var)) issue(`no variable "${e.var}"`, path);
      checkExpr(n, e.value, [...path, "value"], issue);
      checkExpr(n, e.player, [...path, "player"], issue);
      return;
    case "addScore":
      checkExpr(n, e.amount, [...path, "amount"], issue);
      checkExpr(n, e.player, [...path, "player"], issue);
      return;
    case "if":
      checkExpr(n, e.cond, [...path, "cond"], issue);
      return;
    case "forEachPlayer":
      checkExpr(n, e.except, [...path, "except"], issue);
      return;
    case "move":
      for (const z of [e.from, e.to]) {
        const bad = zoneProblem(n, z);
        if (bad) issue(bad, path);
      }
      checkExpr(n, e.count, [...path, "count"], issue);
      checkExpr(n, e.player, [...path, "player"], issue);
      return;
    case "startTurns":
      checkExpr(n, e.seat, [...path, "seat"], issue);
      return;
    case "goto":
      if (!n.phases.has(e.phase)) issue(`goto an unknown phase ${e.phase}`, path);
      return;
    default:
      return;
  }
}

export function checkVocabulary(d: GameDefinition, issue: Issue): void {
  const n = namesOf(d);
  for (const [name, e] of Object.entries(d.named ?? {})) checkExpr(n, e, ["named", name], issue);
  const loop = namedCycle(d);
  if (loop) issue(`named expressions refer to each other in a circle: ${loop}`, ["named"]);
  for (const [name, v] of Object.entries(d.vars ?? {}))
    if (v.scope === "global" && v.visibility === "owner") issue(`table variable ${name} has no owner`, ["vars", name]);
  d.phases.forEach((p, i) => {
    p.transitions.forEach((t, j) => {
      if (t.condition.type === "expr") checkExpr(n, t.condition.expr, ["phases", i, "transitions", j], issue);
    });
    for (const [type, m] of Object.entries(p.moves ?? {})) {
      if (!m) continue;
      const at: Path = ["phases", i, "moves", type];
      if (!(p.allowedActions as string[]).includes(type))
        issue(`a move rule for ${type}, which the phase does not allow`, at);
      for (const z of [...(idsOf(m.from) ?? []), ...(idsOf(m.to) ?? [])])
        if (z !== "hand" && !n.globalSlots.has(z) && !n.playerSlots.has(z)) issue(`no zone "${z}"`, at);
      for (const x of idsOf(m.deck) ?? []) if (!n.decks.has(x)) issue(`no deck "${x}"`, at);
      for (const x of idsOf(m.die) ?? []) if (!n.dice.has(x)) issue(`no die "${x}"`, at);
      checkExpr(n, m.who, [...at, "who"], issue);
      checkExpr(n, m.if, [...at, "if"], issue);
      if (m.choice) {
        checkExpr(n, m.choice.if, [...at, "choice", "if"], issue);
        checkExpr(n, m.choice.choices, [...at, "choice", "choices"], issue);
        checkExpr(n, m.choice.range?.min, [...at, "choice", "range", "min"], issue);
        checkExpr(n, m.choice.range?.max, [...at, "choice", "range", "max"], issue);
      }
    }
  });
  everyEffect(d, (e, path) => checkEffect(n, e, path, issue));
}
