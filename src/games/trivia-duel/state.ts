import { scaledMs } from "../../engine/context";
import type { Pause } from "../../engine/pause";
import { type Attending, graceEnds, type Presence } from "../../engine/presence";
import type { Rng } from "../../engine/rng";
import type { TriviaConfig } from "./config";
import type { Question } from "./content/schema";

export const SEATS = ["P1", "P2"] as const;
export type Seat = (typeof SEATS)[number];
export type PerSeat<T> = { P1: T; P2: T };

export type Phase = "WAITING" | "CATEGORY" | "BETTING" | "CLUE" | "ANSWER" | "RESOLUTION" | "COMPLETE";
export type BuzzerStatus = "AVAILABLE" | "BUZZED" | "FAILED";
export type Outcome = "P1_WIN" | "P2_WIN" | "DRAW" | "P1_FOLD" | "P2_FOLD";
export type BetAction = "BET" | "MATCH" | "RAISE" | "FOLD";

export interface Betting {
  firstActor: Seat;
  awaitingAction: Seat | null;
  /** Highest total any player has committed this question. */
  bets: PerSeat<number | null>;
  contributions: PerSeat<number>;
  raises: number;
  /** docs/games/trivia-duel.md, Decisions D3: the smaller balance at the start of the question caps every total. */
  effectiveStack: number;
  deadline: number | null;
}

export interface Clue {
  /** Reveal time banked before the current run (ms of real time, already scaled). */
  bankedMs: number;
  /** When the current reveal run started; null while frozen or complete. */
  runStartedAt: number | null;
  revealIndex: number;
  complete: boolean;
  completeAt: number | null;
  /** Post-clue buzz window end, once the clue is complete. */
  deadline: number | null;
  nextTickAt: number | null;
}

export interface Buzzer {
  status: PerSeat<BuzzerStatus>;
  currentlyAnswering: Seat | null;
  answerDeadline: number | null;
  answers: PerSeat<string | null>;
}

export interface RecapEntry {
  questionIndex: number;
  category: string;
  outcome: Outcome;
  correctAnswer: string;
  answers: PerSeat<string | null>;
  balanceChanges: PerSeat<number>;
}

/**
 * A seat, in the engine's presence words: active, disconnected (the reconnect window runs
 * from `absentSince` while a match is live: docs/games/trivia-duel.md, Decisions D8), left
 * (mid-match: kept for the result). An empty
 * seat is not `joined`; its presence says nobody is here ("left").
 */
export interface SeatRecord extends Attending {
  joined: boolean;
  presence: Presence;
  absentSince: number | null;
  /** What the player calls themselves (JOIN_ROOM's `name`); null: none given. */
  name: string | null;
}

/** Matches won by each seat, and ties, since its current players sat down. */
export interface Tally {
  P1: number;
  P2: number;
  ties: number;
}

export interface TriviaState {
  roomId: string;
  config: TriviaConfig;
  timeScale: number;
  rng: Rng;
  phase: Phase;
  matchNumber: number;
  questionIndex: number;
  /** This match's questions, preloaded. */
  questions: Question[];
  /** Ids of pool questions not yet played in this room, in draw order. */
  unseen: string[];
  /** Bring-your-own questions, when the room has them. */
  customPool: Question[] | null;
  balances: PerSeat<number>;
  foldsRemaining: PerSeat<number>;
  betting: Betting | null;
  clue: Clue | null;
  buzzer: Buzzer | null;
  /** End of the current timed phase (CATEGORY, RESOLUTION). */
  phaseEndsAt: number | null;
  lastResolution: RecapEntry | null;
  recap: RecapEntry[];
  result: { winner: Seat | "TIE"; finalBalances: PerSeat<number>; forfeitedBy: Seat | null } | null;
  players: PerSeat<SeatRecord>;
  playAgain: PerSeat<boolean>;
  /**
   * The duel's clock stops while a player is away (docs/games/trivia-duel.md, "Decisions"):
   * the engine's pause, whose reason is always "away".
   */
  pause: Pause<"away"> | null;
  /** Time the clock has stood still so far. */
  pausedMs: number;
  tally: Tally;
}

export const other = (s: Seat): Seat => (s === "P1" ? "P2" : "P1");
export const emptySeat = (): SeatRecord => ({ joined: false, presence: "left", absentSince: null, name: null });
/** A match is being played (between its start and its end). */
export const live = (s: Pick<TriviaState, "phase">): boolean => s.phase !== "WAITING" && s.phase !== "COMPLETE";
/** Someone sits here and has not left. */
export const holdsSeat = (p: SeatRecord): boolean => p.joined && p.presence !== "left";
export const freshTally = (): Tally => ({ P1: 0, P2: 0, ties: 0 });
export const isSeat = (s: unknown): s is Seat => s === "P1" || s === "P2";
export const perSeat = <T>(f: (s: Seat) => T): PerSeat<T> => ({ P1: f("P1"), P2: f("P2") });
export const pot = (b: Betting | null): number => (b ? b.contributions.P1 + b.contributions.P2 : 0);

/** Seconds of configured time to ms of real time (never below 1 ms: the engine's scaling). */
export const ms = (state: Pick<TriviaState, "timeScale">, seconds: number): number =>
  scaledMs(state.timeScale, seconds);

/** When a seat's reconnect window (the grace) ends: only while a match is live (a disconnect outside one arms nothing). */
export function reconnectDeadline(s: TriviaState, seat: Seat): number | null {
  return live(s) ? graceEnds(s.players[seat], ms(s, s.config.graceSeconds)) : null;
}
