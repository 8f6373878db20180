import type { Pause } from "../../engine/pause";
import type { Presence } from "../../engine/presence";
import type { Rng } from "../../engine/rng";
import type { Card, CardPack } from "./content/schema";
import type { DieDef, DieFace, GameDefinition } from "./definition";
import type { AnonymizedSubmission, GameEvent } from "./events";
import type { Settings } from "./settings";
import type { VocabState } from "./vocab/state";

export type { Card, CardPack };

/** The engine's presence words; "away" is a player's own step back here (the engine's "chosen" away). */
export type PlayerPresence = Presence;
export type GameStatus = "lobby" | "playing" | "paused" | "ended";

/**
 * The player id of Rando, the virtual player `randoSubmit` seats (a player id, not a variant
 * id: which variant brings Rando is the definition's to say); never a seat id ("P1", …).
 */
export const RANDO = "rando";

export interface Player {
  id: string;
  name: string;
  avatarUrl?: string;
  isLead: boolean;
  presence: PlayerPresence;
  lastSeen: number;
  joinedAt: number;
  /** Join order, to break joinedAt ties in lead succession. */
  seq: number;
  /** When the player stopped being active (away / disconnected); cleared on return. */
  absentSince?: number | null;
  hand: Card[];
  slots: Record<string, Card[]>;
  score: number;
  /** The rando variant's virtual player. */
  virtual?: true;
}

export interface Deck {
  id: string;
  /** Ordered, index 0 = top. */
  cards: Card[];
  discardPile: Card[];
}

export interface DieState {
  definition: DieDef;
  currentFace?: DieFace;
  rolledAt?: number;
}

export interface Roles {
  lead: string | null;
  judge: string | null;
  /** Whose turn it is, for turn-based definitions (role "turn"). */
  turn: string | null;
}

/** One entry of a judged round, in the shuffled (anonymous) order. Server-only. */
export interface Entry {
  playerId: string;
  slot: string;
}

export interface RoundState {
  /** When each player's submission (and wager) was complete, keyed by slot then player. */
  submittedAt: Record<string, Record<string, number>>;
  /** Players skipped this round (timed out): no longer expected to submit. */
  skipped: string[];
  /** The submit timeout fired: the round moves on even if nobody answered. */
  timedOut?: boolean;
  /** The anonymous order; index i is display index i + 1. The index→player map never leaves the server. */
  shuffledOrder?: Entry[];
  /** Display index (1-based) of the winning entry. */
  winningIndex?: number;
  winnerId?: string;
  /** Set once judging is over: a winner, or none (judge skipped, nothing to judge). */
  outcome?: "winner" | "none";
  /** gambling: the prompt card each gambler staked this round. */
  stakes: Record<string, string>;
  /** voting: each voter's display index. Never sent: only who has voted, until the count. */
  votes?: Record<string, number>;
  /** voting: the count, once the vote is closed. */
  placings?: Placing[];
  /** Answers withdrawn for holding a vetoed card (withdrawn.ts). Never sent: they name authors. */
  withdrawn?: Entry[];
}

/** voting: an answer's place in the count (display index, author, votes, points). */
export interface Placing {
  index: number;
  playerId: string;
  votes: number;
  points: number;
}

/** The last judged round, kept for display after the table moves on, with every answer's author. */
export interface LastRound {
  round: number;
  prompt?: Card;
  submissions: AnonymizedSubmission[];
  winnerId?: string;
  winningIndex?: number;
  /** voting: each answer's votes and points, best first. */
  placings?: Placing[];
  /** gambling: each staked point, kept by a gambler whose answer won, lost to the winner, or returned. */
  wagers?: { playerId: string; outcome: "kept" | "lost" | "returned"; to?: string }[];
}

/** Why a game is paused: the lead's pause, too few players here, a phase that pauses at its timeout, or no cards left. */
export type PauseState = Pause<"lead" | "insufficient" | "timeout" | "exhausted">;

/**
 * The shape of the state: 2 since its definition is always in today's form (Decisions D20);
 * a state stored with 1 may carry one in the old form, read by legacy-state.ts.
 */
export const STATE_VERSION = 2;

export interface CardTableState {
  v: typeof STATE_VERSION;
  gameId: string;
  definitionId: string;
  /** The first player to join (the document's gameCreated names them). */
  hostId: string | null;
  definition: GameDefinition;
  status: GameStatus;
  pause: PauseState | null;
  /** Paused time so far. */
  pausedMs: number;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  resumedAt?: number;
  settings: Settings;
  activeVariants: string[];
  roles: Roles;
  players: Player[];
  turnOrder: string[];
  currentPhase: string;
  phaseStartedAt: number;
  /** When the phase timeout fires, if it has one and the game is not paused. */
  phaseDeadline: number | null;
  round: number;
  decks: Record<string, Deck>;
  globalSlots: Record<string, Card[]>;
  dice: Record<string, DieState>;
  /** Cards turned face up / face down by reveal / hide, overriding their slot's visibility. */
  faces: Record<string, "up" | "down">;
  roundState: RoundState;
  lastRound?: LastRound;
  history: GameEvent[];
  /** Seats that may not come back: kicked, or left. */
  gone: Record<string, "left" | "kicked">;
  /** The lead closed the table to newcomers (docs/games/card-table.md, Decisions D5). */
  locked?: boolean;
  /** Cards in play since the decks were built, vetoed ones included; the conservation check counts against it. */
  cardCount: number;
  /** Cards the lead vetoed (vetoes.ts): out of play for the room, kept here so every card stays counted. */
  vetoed?: Card[];
  /** Packs carried whole in the options of rooms created before packs were stored by reference (replays of old logs). */
  inlinePacks?: CardPack[];
  /** Uploaded packs the room may use, by id and version (their cards are read at game start). */
  packRefs?: { id: string; version: number }[];
  /** Packs sent with the room, stored and named by hash (their cards are read at game start). */
  inlineRefs?: { id: string; hash: string }[];
  /** The rules vocabulary's variables and turns (vocab/state.ts); absent until first set. */
  vocab?: VocabState;
  nextSeq: number;
  timeScale: number;
  rng: Rng;
}

export function emptyRound(): RoundState {
  return { submittedAt: {}, skipped: [], stakes: {} };
}
