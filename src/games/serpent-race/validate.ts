import type { RuleError } from "../../engine/errors";
import { type From, SYSTEM } from "../../engine/rules";
import { type Judged, judge } from "./answers";
import { refuse } from "./codes";
import type { QuestionCard } from "./options";
import {
  CHAT_BURST,
  CHAT_MAX,
  CHAT_WINDOW_MS,
  currentPlayer,
  GM_SEAT,
  MIN_PLAYERS,
  type Player,
  playerOf,
  type SerpentState,
  stillIn,
} from "./state";
import type { Intent, IntentOf } from "./wire";

/** What validation found, handed to apply so it never has to look again. */
export interface Resolved {
  /** Accepted, and changes nothing (a ready flag already set, a gamemaster already away). */
  noop?: true;
  /** game:dice-roll in a physical-dice room: the player's die. */
  dice?: number;
  /** game:card-answer: the judged answer. */
  judged?: Judged;
  /** game:chat: the trimmed text. */
  text?: string;
}

/** A player seat still in the game (the gamemaster and players who left are not). */
function seated(s: SerpentState, from: From): Player | undefined {
  if (from === SYSTEM || from === GM_SEAT) return undefined;
  const p = playerOf(s, from);
  return p && stillIn(p) ? p : undefined;
}

function racing(s: SerpentState): RuleError | null {
  if (s.phase === "waiting") return refuse("game_not_started", "The race has not started.");
  if (s.phase === "ended") return refuse("game_ended", "The race is over.");
  return null;
}

/**
 * Whether `from`'s answer, guess or decision timed out and nothing new was asked since:
 * `expired` is cleared by the next roll, so this holds between a timeout and that roll.
 */
function late(s: SerpentState, from: From, kind: "answer" | "guess" | "decision"): boolean {
  return s.expired?.kind === kind && s.expired.seat === from;
}

/** Reads and refuses; never changes anything. */
export function validate(s: SerpentState, from: From, intent: Intent, now: number): RuleError | Resolved {
  switch (intent.event) {
    case "start":
      return start(s, from);
    case "game:ready": {
      const p = seated(s, from);
      if (!p) return refuse("not_a_player", "Only players get ready.");
      if (s.phase === "ended") return refuse("game_ended", "The race is over.");
      if (s.phase !== "waiting") return refuse("game_started", "The race has already started.");
      return p.ready === intent.data.ready ? { noop: true } : {};
    }
    case "game:dice-roll":
      return roll(s, from, intent);
    case "game:card-answer":
      return answer(s, from, intent);
    case "game:position-guess":
    case "game:joker-position-guess":
      return guess(s, from, intent.event === "game:joker-position-guess");
    case "game:gamemaster-decision":
      return decision(s, from, intent);
    case "game:chat": {
      if (from !== GM_SEAT && !seated(s, from)) return refuse("not_a_player", "Only the game's people can chat.");
      const text = intent.data.message.trim();
      if (text === "") return refuse("empty_message", "Say something first.");
      if (text.length > CHAT_MAX) return refuse("message_too_long", `A message is at most ${CHAT_MAX} characters.`);
      // The kept lines carry their times, so the limit needs no state of its own and replays alike.
      const recent = s.chat.filter((c) => c.playerId === from && now - c.at < CHAT_WINDOW_MS).length;
      if (recent >= CHAT_BURST)
        return refuse(
          "chat_too_fast",
          `At most ${CHAT_BURST} messages in ${CHAT_WINDOW_MS / 1000} seconds; wait a moment.`,
        );
      return { text };
    }
    case "game:leave":
      if (from === GM_SEAT) return s.gamemaster?.presence === "active" ? {} : { noop: true };
      if (!seated(s, from)) return refuse("not_a_player", "You have no seat in this game.");
      return {};
    case "game:skip-turn":
      return skip(s, from, intent.data.playerId);
    case "game:remove-player": {
      if (from !== GM_SEAT) return refuse("not_gamemaster", "Only the gamemaster removes players.");
      if (s.phase === "ended") return refuse("game_ended", "The race is over.");
      if (!seated(s, intent.data.playerId))
        return refuse("unknown_player", `There is no player ${intent.data.playerId} in this game.`);
      return {};
    }
  }
}

/** The gamemaster skips the roll of the player it names, whose turn it must still be. */
function skip(s: SerpentState, from: From, playerId: string): RuleError | Resolved {
  if (from !== GM_SEAT) return refuse("not_gamemaster", "Only the gamemaster skips a turn.");
  const bad = racing(s);
  if (bad) return bad;
  const cur = currentPlayer(s);
  if (cur?.seat !== playerId) return refuse("not_their_turn", `It is not ${playerId}'s turn any more.`);
  if (s.stage?.kind !== "roll")
    return refuse("not_now", `${cur.name} is playing a card; its own timer ends it if they do not answer.`);
  return {};
}

function start(s: SerpentState, from: From): RuleError | Resolved {
  // The platform may send it on the gamemaster's behalf (POST /game/:gameId/start).
  if (from !== GM_SEAT && from !== SYSTEM) return refuse("not_gamemaster", "Only the gamemaster can start the race.");
  if (s.phase === "ended") return refuse("game_ended", "The race is over.");
  if (s.phase !== "waiting") return refuse("game_started", "The race has already started.");
  if (s.players.length < MIN_PLAYERS) return refuse("not_enough_players", "At least two players are needed.");
  const waiting = s.players.filter((p) => !p.ready);
  if (waiting.length > 0)
    return refuse("players_not_ready", `Not ready yet: ${waiting.map((p) => p.name).join(", ")}.`);
  return {};
}

/** The sender is the current player (or the refusal saying why not). */
function myTurn(s: SerpentState, from: From): RuleError | Player {
  const p = seated(s, from);
  if (!p) return refuse("not_a_player", "Only players play.");
  const bad = racing(s);
  if (bad) return bad;
  if (currentPlayer(s)?.seat !== p.seat) return refuse("not_your_turn", "It is not your turn.");
  return p;
}

function roll(s: SerpentState, from: From, intent: IntentOf<"game:dice-roll">): RuleError | Resolved {
  const p = myTurn(s, from);
  if ("error" in p) return p;
  if (s.stage?.kind !== "roll") return refuse("not_now", "Finish the card in play first.");
  if (!s.settings.physicalDice) return {};
  const v = intent.data.diceValue;
  if (v === undefined || !Number.isInteger(v) || v < 1 || v > 6)
    return refuse("invalid_dice", "Send the value your die shows: a whole number from 1 to 6.");
  return { dice: v };
}

function answer(s: SerpentState, from: From, intent: IntentOf<"game:card-answer">): RuleError | Resolved {
  if (late(s, from, "answer") && s.stage?.kind !== "answer")
    return refuse("timeout_expired", "Time ran out for that card.");
  const p = myTurn(s, from);
  if ("error" in p) return p;
  const st = s.stage;
  if (st?.kind !== "answer") return refuse("no_pending_card", "No card is waiting for your answer.");
  const card = (s.cards[st.card] as { card: QuestionCard }).card;
  const judged = judge(card, intent.data.answer);
  if ("invalid" in judged) return refuse("invalid_answer_format", judged.invalid);
  return { judged };
}

function guess(s: SerpentState, from: From, joker: boolean): RuleError | Resolved {
  if (late(s, from, "guess") && s.stage?.kind !== "guess")
    return refuse("timeout_expired", "Time ran out for that guess.");
  const p = myTurn(s, from);
  if ("error" in p) return p;
  const st = s.stage;
  if (st?.kind !== "guess" || st.joker !== joker)
    return refuse("no_pending_guess", joker ? "No joker guess is waiting." : "No position guess is waiting.");
  return {};
}

function decision(s: SerpentState, from: From, intent: IntentOf<"game:gamemaster-decision">): RuleError | Resolved {
  if (from !== GM_SEAT) return refuse("not_gamemaster", "Only the gamemaster decides jokers.");
  const bad = racing(s);
  if (bad) return bad;
  const st = s.stage;
  if (st?.kind !== "decision") {
    if (late(s, from, "decision")) return refuse("timeout_expired", "Time ran out for that decision.");
    return refuse("no_pending_decision", "No joker is waiting for a decision.");
  }
  if (st.requestId !== intent.data.requestId)
    return refuse("unknown_request", `The pending request is ${st.requestId}, not ${intent.data.requestId}.`);
  return {};
}
