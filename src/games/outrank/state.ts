import type { Pause as EnginePause } from "../../engine/pause";
import type { Gone, Presence } from "../../engine/presence";
import type { Rng } from "../../engine/rng";
import type { Category } from "./content/schema";
import type { Mode } from "./options";
import type { Settings } from "./settings";

/** The document's phases (its `setup` is the platform's lobby). */
export type Phase = "lobby" | "challenge" | "drafting" | "roundEnd" | "gameEnd";

/** The engine's presence model: an away player's turns are passed for them; one who left stays in the standings. */
export type { Presence };

/** Where a player stands in the current round: still drafting, passed, or out by a wrong guess. */
export type RoundStatus = "in" | "passed" | "out";

export interface Player {
  /** Online: the platform seat ("P1"…). Table mode: a local id ("T1"…). */
  id: string;
  /** The platform seat that acts for this player (table mode: the device's). */
  seat: string;
  name: string;
  presence: Presence;
  /** When the player stopped being active; null while active. */
  absentSince: number | null;
  joinedAt: number;
  /** Join order, for lead succession. */
  seq: number;
  score: number;
  /** Safe tokens from earlier rounds (ids). */
  hand: string[];
  /** Tokens collected this round, at risk until the round ends (ids). */
  thisRound: string[];
  status: RoundStatus;
  // Stats (the document's correctGuesses and cashOuts, and the longest streak) and
  // where the points came from, for the standings and the balance simulator.
  correctGuesses: number;
  wrongGuesses: number;
  cashOuts: number;
  setPoints: number;
  bonusPoints: number;
  /** Correct guesses in a row; a wrong guess ends a streak, passing does not. */
  streak: number;
  longestStreak: number;
  /** Rounds this player opened holding the First Guesser marker. */
  markerRounds: number;
  /** In the round-end pause: has seen the round's result and is ready for the next round. */
  ready: boolean;
}

/** Why the game is paused: the lead paused it, or fewer than two players are connected. */
export type Pause = EnginePause<"lead" | "insufficient">;

export interface Standing {
  playerId: string;
  rank: number;
  score: number;
  /** Tokens held at the end (hand and this round): the first tiebreaker. */
  tokens: number;
  correctGuesses: number;
  left: boolean;
}

export type EndReason = "points" | "rounds" | "time" | "depletion" | "lead" | "abandoned";

export interface GameResult {
  reason: EndReason;
  /** Best first; equal players share a rank. */
  standings: Standing[];
  winners: string[];
  /** What separated the winners from the rest: the score, a tiebreaker, or nothing (shared victory). */
  decidedBy: "score" | "tokens" | "correctGuesses" | "shared";
}

/**
 * The whole game. Tokens are ids into the catalog (shared, frozen content), so a copy of
 * the state never copies a token. Lists the rules only ever replace whole (`supply`,
 * `retired`, `revealed`, `settings`, `pause`, `result`) are shared by working copies; the
 * rest is copied for every input (copy.ts).
 */
export interface OutrankState {
  v: 1;
  roomId: string;
  mode: Mode;
  /** The catalog version the room is played with. */
  content: string;
  settings: Settings;
  createdAt: number;
  timeScale: number;
  phase: Phase;
  pause: Pause | null;
  round: number;
  players: Player[];
  /** The seat with the lead's powers: the first seated player (table mode: the device). */
  lead: string | null;
  /** Table mode: the one seat the whole table plays through. */
  device: string | null;
  /** Index into players of whoever acts now (challenge: the marker holder), or -1. */
  current: number;
  /** Index into players of the First Guesser marker's holder, or -1 before the game. */
  firstGuesser: number;
  /** Whether someone already failed or passed this round (and so took the marker). */
  markerTaken: boolean;
  challengeId: string | null;
  /** The category the pool on the table (center and draft pool) was drawn from. */
  poolCategory: Category | null;
  center: string | null;
  pool: string[];
  /** Undrawn tokens per category (a bag: draws are random). */
  supply: Record<string, string[]>;
  retired: string[];
  /** Tokens whose value for `revealedStat` has been shown to everyone. */
  revealed: string[];
  revealedStat: string | null;
  /** Index of the last player to pass this round (the bonus), or -1. */
  lastToPass: number;
  /** Turns taken this round and in the whole game. */
  turns: number;
  totalTurns: number;
  turnDeadline: number | null;
  /** The round-end pause before the next challenge. */
  phaseDeadline: number | null;
  startedAt: number | null;
  endedAt: number | null;
  /** Paused time so far, which the time limit does not count. */
  pausedMs: number;
  result: GameResult | null;
  /** Seats that may not come back. */
  gone: Gone;
  nextSeq: number;
  rng: Rng;
}

/**
 * Tokens of each category a game is played with: the document's box holds 40 per category,
 * drawn afresh (seeded) from the content for every game, so the content may hold more.
 */
export const BOX_PER_CATEGORY = 40;
export const POOL_DRAW = 13;
/** Later rounds refill the draft pool to at least this many; a category that cannot is exhausted. */
export const REFILL_TO = 8;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
