import type { Attending, Gone, Presence } from "../../engine/presence";
import type { Rng } from "../../engine/rng";
import type { DeckType } from "./content/schema";
import type { RaceCard } from "./options";

/** The seat the platform gives the game's creator: the gamemaster (docs/games/serpent-race.md, Decisions D10). */
export const GM_SEAT = "GM";
export const MIN_PLAYERS = 2;
/** Chat lines longer than this are refused; the platform rate-limits how often. */
export const CHAT_MAX = 500;
/**
 * Chat lines one person may send within CHAT_WINDOW_MS
 * (docs/games/serpent-race.md, Decisions D11: chat is rate-limited).
 */
export const CHAT_BURST = 5;
export const CHAT_WINDOW_MS = 10_000;
/** Chat lines kept for the state sync of someone who (re)joins. */
export const CHAT_KEPT = 30;
/** Dice for a joker's movement (the document: "always 6"). */
export const JOKER_DICE = 6;
/** A card's movement may land once more (a joker); a joker's movement never does. */
export const MAX_LANDING_DEPTH = 1;

export type FieldType = "regular" | "positive" | "negative" | "luck";

/** The document's `GameField`, plus the pattern modifier of its zone (a display aid). */
export interface GameField {
  position: number;
  type: FieldType;
  stepValue: number;
  patternModifier: number;
}

/** The document's phases: "waiting" is the lobby. */
export type Phase = "waiting" | "active" | "ended";

export type CardTypeName = "QUIZ" | "SENTENCE_PAIRING" | "OWN_ANSWER" | "TRUE_FALSE" | "CLOSER" | "JOKER" | "LUCK";

export interface Tally {
  right: number;
  wrong: number;
}

/**
 * A player, in the engine's presence words: active (connected), disconnected (their socket
 * gone: the race plays on, and their rolls wait `graceSeconds` before they are skipped), or
 * left (out of the turn order, kept for the record).
 */
export interface Player extends Attending {
  /** The platform seat ("P1"…), which is also the player's id on the wire. */
  seat: string;
  name: string;
  position: number;
  ready: boolean;
  presence: Presence;
  absentSince: number | null;
  /** Turns still owed (EXTRA_TURN) and still to be skipped (LOSE_TURN). */
  extraTurns: number;
  turnsToLose: number;
  /** Answers right and wrong per card type, for the end-of-game report. */
  answers: Partial<Record<CardTypeName, Tally>>;
}

/** A card in play: its deck type and the card itself (shared, never changed). */
export interface CardEntry {
  deckType: DeckType;
  card: RaceCard;
}

/**
 * Where a card's movement starts from. For a question card: the pre-roll position, the roll
 * and the field it landed on (docs/games/serpent-race.md, Decisions D5). For a joker: the
 * field it was drawn on, with the joker's fixed 6.
 */
export interface Landing {
  start: number;
  dice: number;
  /** The field the card was drawn on. */
  position: number;
  fieldType: "positive" | "negative" | "luck";
  /** 0: the roll's landing; 1: a secondary landing (a joker). */
  depth: number;
}

/** What a question card showed its player: the scrambled right parts or words. */
export interface Prepared {
  /** New-format pairs: `rights[i]` is the index of the stored pair whose right part is shown in row i. */
  rights?: number[];
  /** Legacy sentences: the words in the order shown. */
  words?: string[];
}

/**
 * What the current player is doing now. Every stage but "roll" has a deadline (`at`); a roll
 * has one only while its player is away and someone else is here (`graceSeconds`): then
 * the turn is skipped, so a phone that never comes back cannot freeze the race.
 */
export type Stage =
  | { kind: "roll"; at: number | null }
  | { kind: "drawing"; at: number; deck: "positive" | "negative" | "luck" | "joker"; landing: Landing }
  | { kind: "answer"; at: number; card: number; cardId: string; landing: Landing; prepared: Prepared }
  | { kind: "guess"; at: number; joker: boolean; landing: Landing; stepValue: number; patternModifier: number }
  | { kind: "decision"; at: number; card: number; requestId: string; landing: Landing };

export interface ChatLine {
  playerId: string;
  playerName: string;
  message: string;
  at: number;
}

export interface Settings {
  maxPlayers: number;
  boardSize: number;
  physicalDice: boolean;
  answerSeconds: number;
  decisionSeconds: number;
  guessSeconds: number;
  drawDelaySeconds: number;
  /** The engine's grace window: how long the roll of a player who is away waits before it is skipped. */
  graceSeconds: number;
  loginType: 0 | 1 | 2;
  createdBy: string | null;
  orgId: string | null;
}

export interface Gamemaster extends Attending {
  name: string;
  absentSince: number | null;
}

/** Still in the race (or the lobby): not left. */
export const stillIn = (p: Player): boolean => p.presence !== "left";

export interface SerpentState {
  v: 1;
  roomId: string;
  gameId: string;
  settings: Settings;
  timeScale: number;
  phase: Phase;
  /** In join order; in the lobby a player who leaves is removed. */
  players: Player[];
  /** The gamemaster: active or disconnected (leaving only marks them away). */
  gamemaster: Gamemaster | null;
  /** Player seats that left for good (or were removed): never seated again (the platform offers the next). */
  gone: Gone;
  /** Generated at start; shared by working copies (never changed after). */
  board: GameField[] | null;
  generatedAt: number | null;
  /** Seats in turn order; a player who leaves mid-game is taken out. */
  sequence: string[];
  /** Index into `sequence` of whoever plays now, or -1. */
  current: number;
  turnNumber: number;
  /** Whether the current turn is an extra one (EXTRA_TURN). */
  extraTurn: boolean;
  stage: Stage | null;
  /** Undrawn card indices per deck type (draws take from the end). */
  piles: Record<DeckType, number[]>;
  /** The card drawn last per deck type, so a reshuffle does not deal it again at once. */
  lastDrawn: Record<DeckType, number | null>;
  nextRequest: number;
  /** Cards drawn so far: the n-th card drawn goes out as `c<n>`, the game's own id for it. */
  drawn: number;
  /** The last timeout, so an input arriving after it is told "timeout_expired". */
  expired: { kind: "answer" | "guess" | "decision"; seat: string } | null;
  winner: string | null;
  startedAt: number | null;
  endedAt: number | null;
  chat: ChatLine[];
  rng: Rng;
  /** Every playable card of the room's decks; shared by working copies (never changed). */
  cards: readonly CardEntry[];
}

export function playerOf(s: SerpentState, seat: string): Player | undefined {
  return s.players.find((p) => p.seat === seat);
}

/** The player whose turn it is (during the race). */
export function currentPlayer(s: SerpentState): Player | undefined {
  const seat = s.sequence[s.current];
  return seat === undefined ? undefined : playerOf(s, seat);
}

export const who = (p: Player) => ({ playerId: p.seat, playerName: p.name });
