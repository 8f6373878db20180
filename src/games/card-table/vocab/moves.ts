import type { RuleError } from "../../../engine/errors";
import type { Action } from "../actions";
import { refuse } from "../codes";
import type { Card } from "../content/schema";
import { phaseOf } from "../definition";
import type { CardTableState, Player } from "../state";
import { zoneCards } from "../zones";
import type { Evaluator, Json } from "./engine";
import { type Facts, factsFor } from "./facts";
import { type ChoiceRule, idsOf, type MoveRule } from "./schema";
import { newEvaluator } from "./session";

/**
 * A phase's move rules (schema.ts `MoveRule`), checked after the engine's own checks of an
 * action (status, phase, roles, zones, capacity): the zones, decks and dice it may name,
 * `who`, the choice it carries, and `if`.
 */

/**
 * The card an action names: where it is before the action (checking a move) or after it
 * (the effects that follow: a played card in its slot, a discarded one on a discard pile).
 */
function cardOf(s: CardTableState, me: Player, a: Action): Card | null {
  if (a.type !== "play" && a.type !== "discard" && a.type !== "reveal" && a.type !== "hide") return null;
  const find = (cards: readonly Card[] | undefined) => cards?.find((c) => c.id === a.cardId);
  if (a.type === "play") return find(zoneCards(s, a.fromZone, me)) ?? find(zoneCards(s, a.toSlot, me)) ?? null;
  if (a.type === "discard")
    return find(zoneCards(s, a.fromZone, me)) ?? find(Object.values(s.decks).flatMap((d) => d.discardPile)) ?? null;
  for (const cards of [...Object.values(s.globalSlots), ...Object.values(me.slots), me.hand]) {
    const c = find(cards);
    if (c) return c;
  }
  return null;
}

/** What a move's expressions add to the facts: the action, its card, its choice. */
export function actionFacts(s: CardTableState, me: Player, a: Action): Pick<Facts, "action" | "card" | "choice"> {
  const choice = "choice" in a && a.choice !== undefined ? (a.choice as Json) : null;
  return { action: a, card: cardOf(s, me, a), choice };
}

export function moveOf(s: CardTableState, type: Action["type"]): MoveRule | undefined {
  const moves: Partial<Record<string, MoveRule>> | undefined = phaseOf(s.definition, s.currentPhase).moves;
  return moves?.[type];
}

/** The zones, decks or dice an action names, against the move's lists. */
function namesAllowed(m: MoveRule, a: Action): boolean {
  const within = (list: string[] | undefined, id: string) => list === undefined || list.includes(id);
  switch (a.type) {
    case "play":
      return within(idsOf(m.from), a.fromZone) && within(idsOf(m.to), a.toSlot);
    case "discard":
      return within(idsOf(m.from), a.fromZone);
    case "draw":
      return within(idsOf(m.deck), a.deckId) && within(idsOf(m.to), a.toZone) && (m.count ?? a.count) === a.count;
    case "shuffle":
      return within(idsOf(m.deck), a.deckId);
    case "roll":
      return within(idsOf(m.die), a.dieId);
    default:
      return true;
  }
}

/** Whether the move needs a choice for this action. */
export function needsChoice(ev: Evaluator, rule: ChoiceRule | undefined, f: Facts): boolean {
  return rule !== undefined && (rule.if === undefined || ev.test(rule.if, f));
}

/** The choices offered (a list), or the range (numbers from min to max), for these facts. */
export function choicesOf(
  ev: Evaluator,
  rule: ChoiceRule,
  f: Facts,
): { choices: (string | number | boolean)[] } | { range: { min: number; max: number } } {
  if (rule.range) return { range: { min: ev.number(rule.range.min, f), max: ev.number(rule.range.max, f) } };
  const v = ev.value(rule.choices, f);
  const list = Array.isArray(v) ? v : [];
  return {
    choices: list.filter((x): x is string | number | boolean => ["string", "number", "boolean"].includes(typeof x)),
  };
}

function choiceAllowed(ev: Evaluator, rule: ChoiceRule, f: Facts, choice: string | number | boolean): boolean {
  const offer = choicesOf(ev, rule, f);
  if ("range" in offer) return typeof choice === "number" && choice >= offer.range.min && choice <= offer.range.max;
  return offer.choices.includes(choice);
}

/**
 * Why the phase's move rule refuses this action, or null. `base` lets a caller checking
 * many actions for one seat (legal-actions.ts) build the facts once.
 */
export function moveRefusal(
  s: CardTableState,
  me: Player,
  a: Action,
  shared?: { ev: Evaluator; base: Facts },
): RuleError | null {
  const m = moveOf(s, a.type);
  const choice = "choice" in a ? a.choice : undefined;
  if (!m) return choice === undefined ? null : refuse("bad_choice", "This move takes no choice.");
  if (!namesAllowed(m, a)) return refuse("illegal_move", `The rules do not allow that ${a.type} now.`);
  // Built only for a move with a rule: most actions of most games have none.
  const ev = shared?.ev ?? newEvaluator(s.definition);
  const base = shared?.base ?? factsFor(s, me.id);
  if (m.who !== undefined && !ev.test(m.who, base)) return refuse("not_permitted", "You cannot do that now.");
  const f: Facts = { ...base, ...actionFacts(s, me, a) };
  if (needsChoice(ev, m.choice, f)) {
    if (choice === undefined) return refuse("bad_choice", "This move needs a choice.");
    if (!choiceAllowed(ev, m.choice as ChoiceRule, f, choice))
      return refuse("bad_choice", "That choice is not offered.");
  } else if (choice !== undefined) return refuse("bad_choice", "This move takes no choice.");
  if (m.if !== undefined && !ev.test(m.if, f))
    return refuse("illegal_move", `The rules do not allow that ${a.type} now.`);
  return null;
}
