import type { RuleError } from "../../engine/errors";
import type { Action, ActionOf } from "./actions";
import { refuse } from "./codes";
import type { PackLibrary } from "./deck";
import { available, resolvePacks } from "./deck";
import type { GameDefinition, Role } from "./definition";
import { currentPhase } from "./phases";
import { active, holdsRole } from "./roles";
import { applyPatch, type SettingsPatch } from "./settings";
import type { CardTableState, GameStatus, Player } from "./state";
import { answerSlots, isComplete, wagersOpen } from "./submissions";
import { vetoRefusal } from "./vetoes";
import type { Evaluator } from "./vocab/engine";
import type { Facts } from "./vocab/facts";
import { moveRefusal } from "./vocab/moves";
import { isVoting } from "./voting";
import { isWithdrawn } from "./withdrawn";
import { writeInRefusal } from "./write-ins";
import { capacityOf, HAND, playerOf, zoneCards, zoneDef } from "./zones";

type AdminType =
  | "startGame"
  | "pauseGame"
  | "resumeGame"
  | "endGame"
  | "kickPlayer"
  | "setPhase"
  | "configure"
  | "lockTable"
  | "vetoCard";
type PlayType = Exclude<Action["type"], AdminType | "setPresence">;

/** Lead-only actions; they are not tied to a phase (setPhase is checked against the phase's transitions). */
const ADMIN = new Set<string>([
  "startGame",
  "pauseGame",
  "resumeGame",
  "endGame",
  "kickPlayer",
  "setPhase",
  "configure",
  "lockTable",
  "vetoCard",
]);
const isAdmin = (a: Action): a is Extract<Action, { type: AdminType }> => ADMIN.has(a.type);

const ANY: GameStatus[] = ["lobby", "playing", "paused", "ended"];
const STATUSES: Partial<Record<Action["type"], GameStatus[]>> = {
  startGame: ["lobby"],
  configure: ["lobby"],
  pauseGame: ["playing"],
  resumeGame: ["paused"],
  endGame: ["playing", "paused"],
  kickPlayer: ANY,
  setPresence: ANY,
  lockTable: ["lobby", "playing", "paused"],
  // Over too: a card vetoed on the final scoreboard stays out of the rematch.
  vetoCard: ["playing", "paused", "ended"],
  // A rematch leaves END by the lead's manual transition.
  setPhase: ["playing", "ended"],
};

/** Step 1: is the game in a status where this action means anything? */
function checkStatus(status: GameStatus, type: Action["type"]): RuleError | null {
  if ((STATUSES[type] ?? ["playing"]).includes(status)) return null;
  if ((type === "startGame" || type === "configure") && status !== "ended")
    return refuse("game_already_started", "The game has already started.");
  if (type === "resumeGame" && status === "playing") return refuse("not_paused", "The game is not paused.");
  if (status === "lobby") return refuse("game_not_started", "The game has not started.");
  if (status === "paused") return refuse("game_paused", "The game is paused.");
  return refuse("game_ended", "The game is over.");
}

/** The refusal for lacking a role, named after what the phase wanted. */
function roleRefusal(roles: Role[]): RuleError {
  const only = roles.length === 1 ? roles[0] : undefined;
  if (only === "judge") return refuse("not_judge", "Only the judge can do that now.");
  if (only === "turn") return refuse("not_your_turn", "It is not your turn.");
  if (only === "lead") return refuse("not_lead", "Only the game lead can do that.");
  if (only === "submitters") return refuse("not_submitter", "Only players answering this round can do that.");
  return refuse("not_permitted", "You cannot do that now.");
}

/**
 * The document's four steps: status, phase, role, validity (the engine's, then the phase's
 * move rules). Null means the action may be applied. `vocab` lets a caller checking many
 * actions share one step budget and one set of facts (legal-actions.ts).
 */
export function validate(
  s: CardTableState,
  from: string,
  a: Action,
  library: PackLibrary,
  vocab?: { ev: Evaluator; base: Facts },
): RuleError | null {
  const me = playerOf(s, from);
  if (!me || me.virtual || me.presence === "left") return refuse("not_a_player", "You are not seated at this table.");
  const status = checkStatus(s.status, a.type);
  if (status) return status;
  if (a.type === "setPresence") return null;
  if (isAdmin(a)) {
    if (s.roles.lead !== from) return refuse("not_lead", "Only the game lead can do that.");
    return adminValidity(s, from, a, library);
  }
  const type: PlayType = a.type;
  const phase = currentPhase(s);
  if (!phase.allowedActions.includes(type))
    return refuse("action_not_allowed", `${type} is not allowed during ${phase.name}.`);
  if (me.presence !== "active") return refuse("player_away", "You are marked away; come back to play.");
  const roles = phase.actionRoles?.[type] ?? phase.activeRoles;
  if (!roles.some((r) => holdsRole(s, from, r)))
    return type === "selectWinner" && isVoting(s) && s.roundState.votes?.[from] !== undefined
      ? refuse("already_voted", "You have voted this round.")
      : roleRefusal(roles);
  return actionValidity(s, me, a, vocab);
}

/** Step 4 alone: the engine's checks of what the action names, then the phase's move rules. */
export function actionValidity(
  s: CardTableState,
  me: Player,
  a: Action,
  vocab?: { ev: Evaluator; base: Facts },
): RuleError | null {
  return validity(s, me, a) ?? moveRefusal(s, me, a, vocab);
}

/** Slots the engine runs for a judged round; players never move cards in or out of them directly. */
function managed(s: CardTableState, zone: string): boolean {
  const j = s.definition.judging;
  return !!j && [j.promptSlot, j.potSlot, j.scoreSlot].includes(zone);
}

/** A card a player may take from a zone: their hand, their own slot, or a global slot. */
function takeable(s: CardTableState, me: Player, zone: string, cardId: string): RuleError | null {
  if (zone !== HAND && !zoneDef(s, zone)) return refuse("unknown_zone", `There is no zone "${zone}".`);
  if (managed(s, zone)) return refuse("slot_locked", `Cards in ${zone} are moved by the game.`);
  if (answerSlots(s).includes(zone)) return refuse("submission_locked", "A played answer cannot be taken back.");
  const cards = zoneCards(s, zone, me);
  if (!cards?.some((c) => c.id === cardId)) return refuse("card_not_found", `No card ${cardId} in ${zone}.`);
  return null;
}

/** Room for `count` cards of `type` in a zone. */
function fits(s: CardTableState, me: Player, zone: string, type: string, count: number): RuleError | null {
  const def = zoneDef(s, zone);
  if (!def) return refuse("unknown_slot", `There is no slot "${zone}".`);
  if (managed(s, zone)) return refuse("slot_locked", `Cards in ${zone} are moved by the game.`);
  if (def.allowedCardTypes && !def.allowedCardTypes.includes(type))
    return refuse("card_type_not_allowed", `${def.name} does not take ${type} cards.`);
  const cards = zoneCards(s, zone, me) ?? [];
  if (cards.length + count > capacityOf(s, def)) return refuse("slot_full", `${def.name} is full.`);
  return null;
}

function validity(s: CardTableState, me: Player, a: Action): RuleError | null {
  switch (a.type) {
    case "draw": {
      const deck = s.definition.decks[a.deckId];
      if (!deck || !s.decks[a.deckId]) return refuse("unknown_deck", `There is no deck "${a.deckId}".`);
      if (answerSlots(s).includes(a.toZone)) return refuse("slot_locked", "Answers are played from the hand.");
      if (s.definition.judging && a.toZone === HAND) return refuse("slot_locked", "Hands are refilled by the game.");
      const room = drawFits(s, me, a.toZone, deck.cardType, a.count);
      if (room) return room;
      if (available(s, a.deckId) < a.count) return refuse("deck_exhausted", `The ${deck.displayName} deck is empty.`);
      return null;
    }
    case "play":
      return playValidity(s, me, a);
    case "discard": {
      const bad = takeable(s, me, a.fromZone, a.cardId);
      if (bad) return bad;
      if (a.toDeckId !== undefined && !s.decks[a.toDeckId])
        return refuse("unknown_deck", `There is no deck "${a.toDeckId}".`);
      return null;
    }
    case "reveal":
    case "hide": {
      const where = slotHolding(s, me, a.cardId);
      if (where === null) return refuse("card_not_found", `No card ${a.cardId} on the table.`);
      // Turning an answer face up would name its author.
      if (managed(s, where) || answerSlots(s).includes(where))
        return refuse("slot_locked", `Cards in ${where} are turned by the game.`);
      return null;
    }
    case "shuffle":
      return s.decks[a.deckId] ? null : refuse("unknown_deck", `There is no deck "${a.deckId}".`);
    case "roll":
      return s.dice[a.dieId] ? null : refuse("unknown_die", `There is no die "${a.dieId}".`);
    case "selectWinner":
      return winnerValidity(s, me, a);
    case "score":
      return playerOf(s, a.playerId)?.presence === "left" || !playerOf(s, a.playerId)
        ? refuse("unknown_player", `No player ${a.playerId}.`)
        : null;
    default:
      return null;
  }
}

/** The prompt slot is filled by the judge's draw; everything else by the general slot rules. */
function drawFits(s: CardTableState, me: Player, zone: string, type: string, count: number): RuleError | null {
  const j = s.definition.judging;
  if (j && zone === j.promptSlot) {
    const def = zoneDef(s, zone);
    if (def?.allowedCardTypes && !def.allowedCardTypes.includes(type))
      return refuse("card_type_not_allowed", `${def.name} does not take ${type} cards.`);
    const cards = s.globalSlots[zone] ?? [];
    return def && cards.length + count > capacityOf(s, def) ? refuse("slot_full", `${def.name} is full.`) : null;
  }
  if (zone === HAND) {
    const def = zoneDef(s, HAND);
    if (def?.allowedCardTypes && !def.allowedCardTypes.includes(type))
      return refuse("card_type_not_allowed", `Your hand does not take ${type} cards.`);
    return def && me.hand.length + count > capacityOf(s, def) ? refuse("slot_full", "Your hand is full.") : null;
  }
  return fits(s, me, zone, type, count);
}

function playValidity(s: CardTableState, me: Player, a: ActionOf<"play">): RuleError | null {
  const bad = takeable(s, me, a.fromZone, a.cardId);
  if (bad) return bad;
  const card = zoneCards(s, a.fromZone, me)?.find((c) => c.id === a.cardId);
  if (!card) return refuse("card_not_found", `No card ${a.cardId} in ${a.fromZone}.`);
  const writing = writeInRefusal(s, card, a.text);
  if (writing) return writing;
  const room = a.toSlot === HAND ? drawFits(s, me, HAND, card.type, 1) : fits(s, me, a.toSlot, card.type, 1);
  if (room) return room;
  const target = zoneCards(s, a.toSlot, me) ?? [];
  if (a.position !== undefined && a.position > target.length)
    return refuse("bad_position", `Position ${a.position} is past the end of ${a.toSlot}.`);
  const j = s.definition.judging;
  if (j && answerSlots(s).includes(a.toSlot)) {
    if (s.roundState.shuffledOrder !== undefined) return refuse("submission_locked", "Answers are already in.");
    if (a.toSlot === j.wagerSlot) {
      // The definition says when wagers are open (CAH: under its gambling variant).
      if (!wagersOpen(s)) return refuse("variant_inactive", "Wagers are not on at this table.");
      if (!isComplete(s, me, j.submissionSlot))
        return refuse("submission_incomplete", "Play your answer before wagering on a second one.");
      if (s.roundState.stakes[me.id] === undefined && (me.slots[j.scoreSlot]?.length ?? 0) === 0)
        return refuse("no_points_to_wager", "You need a point to wager.");
    }
  }
  return null;
}

function winnerValidity(s: CardTableState, me: Player, a: ActionOf<"selectWinner">): RuleError | null {
  const r = s.roundState;
  if (r.shuffledOrder === undefined) return refuse("nothing_to_judge", "There are no submissions to judge.");
  if (r.outcome !== undefined) return refuse("already_selected", "This round is already decided.");
  const index = winnerIndex(a);
  const e = index === null ? undefined : r.shuffledOrder[index - 1];
  if (!e) return refuse("unknown_submission", "There is no such submission.");
  if (isWithdrawn(s, e)) return refuse("answer_withdrawn", "That answer was withdrawn: it held a vetoed card.");
  if (e.playerId === me.id) return refuse("own_submission", "You cannot pick your own answer.");
  return null;
}

/** The display index a selectWinner names, by `index` or by `playerId` holding the index. */
export function winnerIndex(a: ActionOf<"selectWinner">): number | null {
  if (a.index !== undefined) return a.index;
  if (a.playerId !== undefined && /^[1-9][0-9]{0,3}$/.test(a.playerId)) return Number(a.playerId);
  return null;
}

/** The slot (own player slot or global) holding a card, if any. */
export function slotHolding(s: CardTableState, me: Player, cardId: string): string | null {
  for (const [id, cards] of Object.entries(s.globalSlots)) if (cards.some((c) => c.id === cardId)) return id;
  for (const [id, cards] of Object.entries(me.slots)) if (cards.some((c) => c.id === cardId)) return id;
  return null;
}

/** Variant ids must exist, and variants of one group exclude each other. */
export function checkVariants(def: GameDefinition, ids: string[]): RuleError | null {
  const groups = new Map<string, string>();
  for (const id of ids) {
    const v = def.variants.find((x) => x.id === id);
    if (!v) return refuse("unknown_variant", `There is no variant "${id}".`);
    if (v.group !== undefined) {
      const other = groups.get(v.group);
      if (other !== undefined) return refuse("conflicting_variants", `${other} and ${id} cannot both be on.`);
      groups.set(v.group, id);
    }
  }
  return null;
}

function adminValidity(s: CardTableState, from: string, a: Action, library: PackLibrary): RuleError | null {
  switch (a.type) {
    case "startGame": {
      if (active(s).length < s.definition.minPlayers)
        return refuse("not_enough_players", `At least ${s.definition.minPlayers} players are needed.`);
      const packs = resolvePacks(s, library);
      if (!Array.isArray(packs)) return packs;
      const types = new Set(Object.values(s.definition.decks).map((d) => d.cardType));
      const cards = packs.reduce((n, p) => n + [...types].reduce((m, t) => m + (p.cards[t]?.length ?? 0), 0), 0);
      if (types.size > 0 && cards === 0) return refuse("no_cards", "The selected packs hold no cards for this game.");
      const start = currentPhase(s).transitions.some(
        (t) => t.condition.type === "action" && t.condition.action === "startGame",
      );
      return start ? null : refuse("no_such_transition", "This phase has no way to start the game.");
    }
    case "resumeGame":
      if (s.pause?.reason === "insufficient" && active(s).length < s.definition.minPlayers)
        return refuse("not_enough_players", `At least ${s.definition.minPlayers} players are needed.`);
      if (s.pause?.reason === "exhausted") return refuse("deck_exhausted", "The cards ran out; the game can only end.");
      return null;
    case "kickPlayer": {
      const target = playerOf(s, a.playerId);
      if (!target || target.virtual || target.presence === "left")
        return refuse("unknown_player", `No player ${a.playerId}.`);
      return target.id === from ? refuse("cannot_kick_self", "The lead cannot kick themselves.") : null;
    }
    case "setPhase": {
      if (!s.definition.phases.some((p) => p.id === a.phaseId))
        return refuse("unknown_phase", `There is no phase "${a.phaseId}".`);
      const ok = currentPhase(s).transitions.some(
        (t) => t.to === a.phaseId && (!t.automatic || t.condition.type === "manual"),
      );
      return ok ? null : refuse("no_such_transition", `The game cannot be moved to ${a.phaseId} now.`);
    }
    case "configure":
      return configureValidity(s, a.settings, library);
    case "vetoCard":
      return vetoRefusal(s, a.cardId);
    default:
      return null;
  }
}

function configureValidity(s: CardTableState, patch: SettingsPatch, library: PackLibrary): RuleError | null {
  let next: ReturnType<typeof applyPatch>;
  try {
    next = applyPatch(s.settings, patch);
  } catch {
    return refuse("bad_settings", "Those settings are not valid.");
  }
  const variants = checkVariants(s.definition, next.activeVariants);
  if (variants) return variants;
  if ((next.endCondition === "points" || next.endCondition === "rounds") && next.endValue === undefined)
    return refuse("bad_settings", "An end condition needs an end value.");
  const packs = resolvePacks({ ...s, settings: next }, library);
  return Array.isArray(packs) ? null : packs;
}
