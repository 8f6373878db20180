import type { RuleError } from "../../engine/errors";
import { type Rng, rngNext } from "../../engine/rng";
import type { Action } from "./actions";
import type { Card } from "./content/schema";
import type { SlotDefinition } from "./definition";
import { currentPhase } from "./phases";
import { holdsRole } from "./roles";
import type { CardTableState, Player } from "./state";
import { actionValidity, validate } from "./validate";
import type { Evaluator, Json } from "./vocab/engine";
import { type Facts, factsFor } from "./vocab/facts";
import { actionFacts, choicesOf, moveOf, needsChoice } from "./vocab/moves";
import { idsOf, type MoveRule } from "./vocab/schema";
import { newEvaluator } from "./vocab/session";
import { isBlank, WRITE_IN_MAX } from "./write-ins";
import { HAND, playerOf, zoneCards, zoneDef } from "./zones";

/**
 * Every seat's `legalActions` (docs/protocols/card-table.md): the concrete game actions the
 * seat may take now, with real card ids, each one the rules would accept as it stands.
 * Candidates are built from the phase's allowed actions (narrowed by its move rules) and
 * the cards the seat can see, then kept only if `validate` accepts them, so the list and
 * the rules never disagree. An action with a free value is listed once, with `field` (the
 * action field the value goes in) and the `choices` or the `range` it may take.
 * Table administration is not a game move and is not listed: the lead's start, pause,
 * end, kick, settings, lock and phase changes, and any action the seat could take only as
 * the lead (CAH's reassigning of the judge, the sandbox's score corrections); nor is presence.
 */
export type LegalAction = Action & {
  field?: "choice" | "delta" | "text";
  choices?: Json[];
  range?: { min: number; max: number };
  /** A blank card's play: the text the player writes, up to this many characters (write-ins.ts). */
  maxLength?: number;
};

/** The cards of a zone the seat may see: a seat never learns a hidden card's id from its legal actions. */
export type Seen = (def: SlotDefinition | undefined, owner: Player | null, cards: Card[]) => Card[];

const ADMIN = new Set(["startGame", "pauseGame", "resumeGame", "endGame", "kickPlayer", "setPhase"]);
/** Refusals that hold for every candidate of one action type (the seat, not the action): stop trying that type. */
const SEAT_WIDE = new Set([
  "not_a_player",
  "game_not_started",
  "game_already_started",
  "game_paused",
  "game_ended",
  "action_not_allowed",
  "player_away",
  "not_lead",
  "not_judge",
  "not_your_turn",
  "not_submitter",
  "not_permitted",
]);
/** Refusals about the zones an action names, whatever its card: stop trying that group. */
const ZONE_WIDE = new Set([
  "unknown_zone",
  "unknown_slot",
  "unknown_deck",
  "slot_locked",
  "slot_full",
  "submission_locked",
  "submission_incomplete",
  "no_points_to_wager",
  "variant_inactive",
  "deck_exhausted",
]);
/** validate reads packs only for startGame, which is never listed. */
const NO_PACKS = () => undefined;

/** Zones cards may be taken from, and put into. */
function zonesFrom(s: CardTableState, m: MoveRule | undefined): string[] {
  return idsOf(m?.from) ?? [HAND, ...s.definition.slots.filter((d) => d.id !== HAND).map((d) => d.id)];
}
function zonesTo(s: CardTableState, m: MoveRule | undefined): string[] {
  return idsOf(m?.to) ?? [HAND, ...s.definition.slots.filter((d) => d.id !== HAND).map((d) => d.id)];
}

function visibleIn(s: CardTableState, me: Player, zone: string, seen: Seen): readonly Card[] {
  const cards = (zoneCards(s, zone, me) ?? []) as Card[];
  if (zone === HAND) return cards;
  const def = zoneDef(s, zone);
  // What the seat sees of the zone: its own cards where visible, a placeholder where not.
  const shown = seen(def, def?.scope === "player" ? me : null, cards);
  return shown.filter((c, i) => c === cards[i]);
}

/** Actions naming the same zones, made one at a time (most groups stop at their first). */
interface Group {
  size: number;
  make(i: number): Action;
}
const one = (a: Action): Group => ({ size: 1, make: () => a });
const each = <T>(items: readonly T[], make: (x: T) => Action): Group => ({
  size: items.length,
  make: (i) => make(items[i] as T),
});

/**
 * Every action of one type worth asking validate about, in groups that name the same zones
 * (a play from one zone to one slot, say): a refusal about the zones rather than the card
 * ends its group (ZONE_WIDE), so a locked or full slot costs one check, not one per card.
 */
function candidates(s: CardTableState, me: Player, type: Action["type"], seen: Seen): Group[] {
  const m = moveOf(s, type);
  const out: Group[] = [];
  switch (type) {
    case "draw":
      for (const deckId of idsOf(m?.deck) ?? Object.keys(s.decks))
        for (const toZone of zonesTo(s, m)) out.push(one({ type, deckId, count: m?.count ?? 1, toZone }));
      return out;
    case "play": {
      const targets = zonesTo(s, m);
      for (const fromZone of zonesFrom(s, m)) {
        const cards = visibleIn(s, me, fromZone, seen);
        if (cards.length === 0) continue;
        for (const toSlot of targets)
          if (toSlot !== fromZone) out.push(each(cards, (c) => ({ type, cardId: c.id, fromZone, toSlot })));
      }
      return out;
    }
    case "discard":
      for (const fromZone of zonesFrom(s, m))
        out.push(each(visibleIn(s, me, fromZone, seen), (c) => ({ type, cardId: c.id, fromZone })));
      return out;
    case "reveal":
    case "hide":
      for (const def of s.definition.slots)
        if (def.id !== HAND) out.push(each(visibleIn(s, me, def.id, seen), (c) => ({ type, cardId: c.id })));
      return out;
    case "shuffle":
      return [each(idsOf(m?.deck) ?? Object.keys(s.decks), (deckId) => ({ type, deckId }))];
    case "roll":
      return [each(idsOf(m?.die) ?? Object.keys(s.dice), (dieId) => ({ type, dieId }))];
    case "selectWinner":
      return [{ size: s.roundState.shuffledOrder?.length ?? 0, make: (i) => ({ type, index: i + 1 }) }];
    case "nextTurn":
      return [one({ type })];
    case "score": {
      const seated = s.players.filter((p) => !p.virtual && p.presence !== "left");
      return [each(seated, (p) => ({ type, playerId: p.id, delta: 1 }))];
    }
    default:
      return out;
  }
}

export function legalActions(s: CardTableState, seat: string | null, seen: Seen): LegalAction[] {
  const me = playerOf(s, seat);
  if (!me || me.virtual || me.presence !== "active" || s.status !== "playing") return [];
  const phase = currentPhase(s);
  // One step budget and one set of facts for the whole list, made only if the phase has move rules.
  let vocab: { ev: Evaluator; base: Facts } | undefined;
  const shared = () => {
    vocab ??= { ev: newEvaluator(s.definition), base: factsFor(s, me.id) };
    return vocab;
  };
  // The first action of a type goes through every step; once the seat passes steps 1–3 for
  // that type (status, phase, role), the others need only step 4.
  let seatChecked = false;
  const accepts = (a: Action) => {
    const vocabulary = phase.moves ? shared() : undefined;
    if (seatChecked) return actionValidity(s, me, a, vocabulary);
    const bad = validate(s, me.id, a, NO_PACKS, vocabulary);
    seatChecked = bad === null || !SEAT_WIDE.has(bad.error.code);
    return bad;
  };
  const out: LegalAction[] = [];
  for (const type of phase.allowedActions) {
    if (ADMIN.has(type)) continue;
    const players = (phase.actionRoles?.[type] ?? phase.activeRoles).filter((r) => r !== "lead");
    if (!players.some((r) => holdsRole(s, me.id, r))) continue;
    const choice = moveOf(s, type)?.choice;
    seatChecked = false;
    typeLoop: for (const group of candidates(s, me, type, seen)) {
      for (let i = 0; i < group.size; i++) {
        const a = group.make(i);
        if (choice) {
          const { ev, base } = shared();
          const f = { ...base, ...actionFacts(s, me, a) };
          if (needsChoice(ev, choice, f)) {
            const listed = withChoice(a, choicesOf(ev, choice, f), accepts);
            if (listed) out.push(listed);
            continue;
          }
        }
        if (a.type === "play" && blankIn(s, me, a)) {
          // Tried with a stand-in text: the card is listed for the player to write on.
          if (accepts({ ...a, text: "a" }) === null) out.push({ ...a, field: "text", maxLength: WRITE_IN_MAX });
          continue;
        }
        const bad = accepts(a);
        if (bad === null) {
          out.push(a.type === "score" ? { ...a, field: "delta", range: { min: -1000, max: 1000 } } : a);
          continue;
        }
        if (SEAT_WIDE.has(bad.error.code)) break typeLoop;
        if (ZONE_WIDE.has(bad.error.code)) break;
      }
    }
  }
  return out;
}

/** The action listed with the choices the rules accept (or its range, if its lowest value is accepted); null if none. */
function withChoice(
  a: Action,
  offer: ReturnType<typeof choicesOf>,
  accepts: (a: Action) => RuleError | null,
): LegalAction | null {
  if ("range" in offer) {
    const { min, max } = offer.range;
    return min <= max && accepts({ ...a, choice: min } as Action) === null
      ? { ...a, field: "choice", range: offer.range }
      : null;
  }
  const ok = offer.choices.filter((c) => accepts({ ...a, choice: c } as Action) === null);
  return ok.length > 0 ? { ...a, field: "choice", choices: ok } : null;
}

/**
 * A listed action as a player would send it, its free value (if it takes one) the
 * `index(n)`-th (below n) of those offered: the bots of the tests, the upload trial, the
 * benchmark and the socket bots.
 */
export function asSent(a: LegalAction, index: (n: number) => number): Record<string, unknown> {
  const { field, choices, range, ...action } = a;
  if (field === undefined) return action;
  const { maxLength: _max, ...rest } = action;
  if (field === "text") return { ...rest, text: `written answer ${index(1000)}` };
  const value = choices ? choices[index(choices.length)] : range ? range.min + index(range.max - range.min + 1) : null;
  return { ...rest, [field]: value };
}

/** Whether a play names a blank card of the seat's. */
function blankIn(s: CardTableState, me: Player, a: Extract<Action, { type: "play" }>): boolean {
  const card = zoneCards(s, a.fromZone, me)?.find((c) => c.id === a.cardId);
  return card !== undefined && isBlank(card);
}

/** `asSent` with the free value picked at random among those offered. */
export const withRandomChoice = (a: LegalAction, rng: Rng): Record<string, unknown> =>
  asSent(a, (n) => rngNext(rng) % n);
