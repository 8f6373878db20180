import type { RuleError } from "../../engine/errors";
import type { Catalog, CatalogChallenge } from "./catalog";
import { refuse } from "./codes";
import { canFill } from "./pool";
import { activeCount, indexOfId } from "./roster";
import { applyPatch, type Settings, type SettingsPatch } from "./settings";
import { MAX_PLAYERS, MIN_PLAYERS, type OutrankState, type Phase, type Player } from "./state";
import type { Action } from "./wire";

/** What validation found, handed to apply so it never has to look again. */
export interface Resolved {
  /** Index of the player acting (the current player, the chooser), or -1 for the lead's actions. */
  actor: number;
  /** selectChallenge: the challenge. */
  challenge?: CatalogChallenge;
  /** draftGuess: where the token sits in the draft pool. */
  poolIndex?: number;
  /** kickPlayer / removePlayer: the target's index. */
  target?: number;
  /** configure: the settings it makes. */
  settings?: Settings;
  /** Accepted, but changes nothing (configure to the settings already in force). */
  noop?: true;
}

type PlayType = "selectChallenge" | "draftGuess" | "cashOut" | "discard" | "pass" | "nextRound";
type LeadAction = Extract<Action, { type: Exclude<Action["type"], PlayType> }>;
type PlayAction = Extract<Action, { type: Exclude<PlayType, "nextRound"> }>;

const LEAD_ONLY = new Set<Action["type"]>([
  "startGame",
  "pauseGame",
  "resumeGame",
  "kickPlayer",
  "endGame",
  "configure",
  "addPlayer",
  "removePlayer",
]);

const isLead = (a: Action): a is LeadAction => LEAD_ONLY.has(a.type);

const IN_GAME: Phase[] = ["challenge", "drafting", "roundEnd"];

/** The refusal for an action that does not belong to the current phase. */
function phase(s: OutrankState, allowed: readonly Phase[]): RuleError | null {
  if (allowed.includes(s.phase)) return null;
  if (allowed.includes("lobby")) return refuse("game_already_started", "That belongs to the lobby.");
  if (s.phase === "lobby") return refuse("game_not_started", "The game has not started.");
  if (s.phase === "gameEnd") return refuse("game_ended", "The game is over.");
  return refuse("wrong_phase", `That cannot be done during ${s.phase}.`);
}

/** The seat's own player online; the device, speaking for the table, in table mode (-2). */
function seatIndex(s: OutrankState, from: string): number {
  if (s.mode === "table") return s.device === from ? -2 : -1;
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i] as Player;
    if (p.seat === from) return p.presence === "left" ? -1 : i;
  }
  return -1;
}

/** Reads and refuses; never changes anything. */
export function validate(s: OutrankState, from: string, a: Action, catalog: Catalog): RuleError | Resolved {
  const me = seatIndex(s, from);
  if (me === -1) return refuse("not_a_player", "You are not seated at this table.");
  if (a.type === "nextRound") return nextRound(s, me);
  if (isLead(a)) {
    if ((a.type === "addPlayer" || a.type === "removePlayer") && s.mode !== "table")
      return refuse("not_table_mode", "Players are added by name only at a one-device table.");
    if (s.lead !== from) return refuse("not_lead", "Only the lead can do that.");
    return leadAction(s, from, a);
  }
  return playAction(s, me, a, catalog);
}

function playAction(s: OutrankState, me: number, a: PlayAction, catalog: Catalog): RuleError | Resolved {
  // Play: the marker holder chooses, the current player drafts; a table-mode device acts for them.
  const allowed: Phase[] = a.type === "selectChallenge" ? ["challenge", "roundEnd"] : ["drafting"];
  const bad = phase(s, allowed);
  if (bad) return bad;
  if (s.pause) return refuse("game_paused", "The game is paused.");
  const actor = a.type === "selectChallenge" ? s.firstGuesser : s.current;
  if (me !== -2 && me !== actor) return refuse("not_your_turn", "It is not your turn.");
  const p = s.players[actor];
  if (!p) return refuse("not_your_turn", "It is not your turn.");
  switch (a.type) {
    case "selectChallenge": {
      const challenge = catalog.challengeById.get(a.challengeId);
      if (!challenge) return refuse("unknown_challenge", `There is no challenge "${a.challengeId}".`);
      if (!canFill(s, challenge.category))
        return refuse("category_exhausted", `${challenge.category} cannot fill a pool any more.`);
      return { actor, challenge };
    }
    case "draftGuess": {
      const poolIndex = s.pool.indexOf(a.tokenId);
      if (poolIndex < 0) return refuse("not_in_pool", `${a.tokenId} is not in the draft pool.`);
      if (p.hand.length + p.thisRound.length >= s.settings.handLimit)
        return refuse("hand_full", `You hold ${s.settings.handLimit} tokens: cash out, discard or pass.`);
      return { actor, poolIndex };
    }
    case "cashOut": {
      if (a.tokenIds.length < 2) return refuse("set_too_small", "A set is at least two tokens.");
      if (a.tokenIds.length > 4) return refuse("set_too_large", "A set is at most four tokens.");
      const held = holds(p, a.tokenIds);
      if (held) return held;
      for (const id of a.tokenIds)
        if (!catalog.tokens.get(id)?.tagValues.includes(a.tag))
          return refuse("tag_not_shared", `${id} does not carry the tag "${a.tag}".`);
      return { actor };
    }
    case "discard": {
      const held = holds(p, a.tokenIds);
      if (held) return held;
      if (p.hand.length + p.thisRound.length < s.settings.handLimit)
        return refuse("not_at_limit", "You may discard only at the hand limit.");
      return { actor };
    }
    case "pass":
      return { actor };
  }
}

/**
 * Ready for the next round: any seated player during the round-end pause, the table-mode
 * device for the whole table, paused or not (it only records that they have seen the result).
 * Asking again changes nothing; one that arrives after the next round began (the countdown or
 * the chooser was quicker) is refused `wrong_phase`, which a client may take as done.
 */
function nextRound(s: OutrankState, me: number): RuleError | Resolved {
  const bad = phase(s, ["roundEnd"]);
  if (bad) return bad;
  if (me === -2)
    return s.players.every((p) => p.ready || p.presence === "left") ? { actor: me, noop: true } : { actor: me };
  return (s.players[me] as Player).ready ? { actor: me, noop: true } : { actor: me };
}

/** Every token named once, each in the player's hand or this-round pile. */
function holds(p: Player, ids: readonly string[]): RuleError | null {
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k] as string;
    if (ids.indexOf(id) !== k) return refuse("duplicate_token", `${id} is named twice.`);
    if (!p.hand.includes(id) && !p.thisRound.includes(id)) return refuse("token_not_held", `You do not hold ${id}.`);
  }
  return null;
}

function leadAction(s: OutrankState, from: string, a: LeadAction): RuleError | Resolved {
  switch (a.type) {
    case "startGame": {
      const bad = phase(s, ["lobby", "gameEnd"]);
      if (bad) return bad;
      const players = s.players.filter((p) => p.presence !== "left");
      if (players.length < MIN_PLAYERS) return refuse("not_enough_players", "At least two players are needed.");
      if (players.length > MAX_PLAYERS) return refuse("too_many_players", "At most six players can play.");
      if (s.settings.firstGuesser === "youngest" && !players.some((p) => p.id === s.settings.youngest))
        return refuse("youngest_not_set", "Choose the youngest player first (or start with a random First Guesser).");
      return { actor: -1 };
    }
    case "pauseGame": {
      const bad = phase(s, IN_GAME);
      if (bad) return bad;
      return s.pause ? refuse("game_paused", "The game is already paused.") : { actor: -1 };
    }
    case "resumeGame": {
      if (s.phase === "lobby") return refuse("game_not_started", "The game has not started.");
      if (s.phase === "gameEnd") return refuse("game_ended", "The game is over.");
      if (!s.pause) return refuse("not_paused", "The game is not paused.");
      if (activeCount(s) < MIN_PLAYERS) return refuse("not_enough_players", "Two players must be connected.");
      return { actor: -1 };
    }
    case "endGame": {
      const bad = phase(s, IN_GAME);
      return bad ?? { actor: -1 };
    }
    case "kickPlayer":
    case "removePlayer": {
      if (a.type === "removePlayer") {
        const bad = phase(s, ["lobby"]);
        if (bad) return bad;
      }
      const target = indexOfId(s, a.playerId);
      const p = s.players[target];
      if (!p || p.presence === "left") return refuse("unknown_player", `There is no player ${a.playerId}.`);
      if (s.mode === "online" && p.seat === from) return refuse("cannot_kick_self", "The lead cannot kick themselves.");
      return { actor: -1, target };
    }
    case "configure": {
      const bad = phase(s, ["lobby"]);
      if (bad) return bad;
      return configured(s, a.settings);
    }
    case "addPlayer": {
      const bad = phase(s, ["lobby"]);
      if (bad) return bad;
      if (s.players.length >= MAX_PLAYERS) return refuse("too_many_players", "A table holds six players.");
      const name = a.name.replace(/\s+/g, " ").trim().toLowerCase();
      if (s.players.some((p) => p.name.toLowerCase() === name))
        return refuse("name_taken", `Someone here is already called ${a.name}.`);
      return { actor: -1 };
    }
  }
}

function configured(s: OutrankState, patch: SettingsPatch): RuleError | Resolved {
  let settings: Settings;
  try {
    settings = applyPatch(s.settings, patch);
  } catch {
    return refuse("bad_settings", "Those settings are not valid.");
  }
  if (settings.youngest !== null && indexOfId(s, settings.youngest) < 0)
    return refuse("bad_settings", `There is no player ${settings.youngest} to be the youngest.`);
  if (JSON.stringify(settings) === JSON.stringify(s.settings)) return { actor: -1, noop: true };
  return { actor: -1, settings };
}
