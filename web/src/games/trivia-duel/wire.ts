/**
 * Trivia Duel as the client sees it on the wire. Written by hand from the server's
 * protocol (src/games/trivia-duel/protocol.ts, view.ts, messages.ts, flow.ts, betting.ts,
 * answering.ts, presence.ts, rules.ts) so the browser bundle never pulls in server code.
 */

export type Seat = "P1" | "P2";
export type PerSeat<T> = { P1: T; P2: T };
export type Phase = "WAITING" | "CATEGORY" | "BETTING" | "CLUE" | "ANSWER" | "RESOLUTION" | "COMPLETE";
export type BuzzerStatus = "AVAILABLE" | "BUZZED" | "FAILED";
export type Outcome = "P1_WIN" | "P2_WIN" | "DRAW" | "P1_FOLD" | "P2_FOLD";
export type BetAction = "BET" | "MATCH" | "RAISE" | "FOLD";

export interface RecapEntry {
  questionIndex: number;
  category: string;
  outcome: Outcome;
  correctAnswer: string;
  answers: PerSeat<string | null>;
  balanceChanges: PerSeat<number>;
}

export interface PlayerPresence {
  joined: boolean;
  connected: boolean;
  reconnectDeadline: number | null;
}

export interface BettingView {
  firstActor: Seat;
  awaitingAction: Seat | null;
  availableActions: string[];
  betOptions: number[];
  raiseOptions: number[];
  effectiveStack: number;
  bets: PerSeat<number | null>;
  contributions: PerSeat<number>;
  raises: number;
  deadline: number | null;
}

export interface ClueView {
  /** Only the text revealed so far (RULINGS #1). */
  clue: string;
  revealIndex: number;
  clueLength: number;
  revealRate: number;
  complete: boolean;
  /** End of the post-clue buzz window, once the clue is complete. */
  deadline: number | null;
}

export interface BuzzerView {
  P1: BuzzerStatus;
  P2: BuzzerStatus;
  currentlyAnswering: Seat | null;
  answerDeadline: number | null;
}

export interface MatchResult {
  winner: Seat | "TIE";
  finalBalances: PerSeat<number>;
  forfeitedBy: Seat | null;
}

export interface RoomStateMsg {
  type: "ROOM_STATE";
  roomId: string;
  you: Seat | null;
  serverNow: number;
  phase: Phase;
  matchNumber: number;
  balances: PerSeat<number>;
  questionIndex: number;
  questionsPerMatch: number;
  foldsRemaining: PerSeat<number>;
  players: PerSeat<PlayerPresence>;
  config: { startingBalance: number; foldsPerPlayer: number; [key: string]: unknown };
  category: string | null;
  categoryEndsAt: number | null;
  pot: number;
  betting: BettingView | null;
  clue: ClueView | null;
  buzzer: BuzzerView | null;
  /** The last question's result, while it is on show; the server adds nextPhaseAt. */
  resolution: (Partial<RecapEntry> & { nextPhaseAt: number | null }) | null;
  result: MatchResult | null;
  recap: RecapEntry[];
  playAgain: PerSeat<boolean>;
}

export type ServerMessage =
  | RoomStateMsg
  | { type: "PLAYER_JOINED"; player: Seat }
  | { type: "PLAYER_LEFT"; player: Seat }
  | { type: "PLAYER_DISCONNECTED"; player: Seat; reconnectDeadline: number | null }
  | { type: "PLAYER_RECONNECTED"; player: Seat }
  | { type: "MATCH_STARTED"; matchNumber: number; questionsPerMatch: number }
  | {
      type: "PHASE_CATEGORY";
      questionIndex: number;
      questionsPerMatch: number;
      category: string;
      firstActor: Seat;
      endsAt: number;
    }
  | {
      type: "PHASE_BETTING";
      questionIndex: number;
      firstActor: Seat;
      awaitingAction: Seat | null;
      availableActions: string[];
      betOptions: number[];
      effectiveStack: number;
      pot: number;
      deadline: number | null;
    }
  | { type: "BETTING_SKIPPED"; questionIndex: number; effectiveStack: number }
  | {
      type: "BET_PLACED";
      player: Seat;
      action: BetAction;
      amount: number;
      pot: number;
      awaitingAction: Seat | null;
      availableActions: string[];
      raiseOptions: number[];
      balances: PerSeat<number>;
      foldsRemaining: PerSeat<number>;
      deadline: number | null;
      auto?: boolean;
    }
  | { type: "BET_TIMEOUT"; player: Seat }
  | {
      type: "PHASE_CLUE";
      questionIndex: number;
      clue: string;
      clueLength: number;
      revealRate: number;
      tickMs: number;
      pot: number;
    }
  | { type: "CLUE_TICK"; revealIndex: number; clue: string }
  | { type: "CLUE_COMPLETE"; deadline: number }
  | { type: "BUZZED"; player: Seat; answerDeadline: number; revealIndex: number }
  | { type: "ANSWER_SUBMITTED"; player: Seat; answer: string; correct: boolean; timedOut?: boolean }
  | { type: "CLUE_RESUMED"; revealIndex: number; clue: string; deadline: number | null }
  | {
      type: "PHASE_RESOLUTION";
      questionIndex: number;
      outcome: Outcome;
      correctAnswer: string;
      P1Answer: string | null;
      P2Answer: string | null;
      balanceChanges: PerSeat<number>;
      newBalances: PerSeat<number>;
      nextPhaseAt: number;
    }
  | {
      type: "PHASE_COMPLETE";
      winner: Seat | "TIE";
      finalBalances: PerSeat<number>;
      forfeit?: boolean;
      forfeitedBy?: Seat;
      recap: RecapEntry[];
    }
  | { type: "PLAY_AGAIN_REQUESTED"; player: Seat; ready: PerSeat<boolean> }
  | { type: "SPECTATING"; roomId: string }
  | { type: "ERROR"; code: string; message: string };

/** What the client may send (JOIN_ROOM and LEAVE are sent by the room hook itself). */
export type ClientIntent =
  | { type: "BET"; amount: number }
  | { type: "MATCH" }
  | { type: "RAISE"; amount: number }
  | { type: "FOLD" }
  | { type: "BUZZ" }
  | { type: "ANSWER"; text: string }
  | { type: "PLAY_AGAIN" };

export type ClientMessage = ClientIntent | { type: "JOIN_ROOM"; roomId: string; playerId: string } | { type: "LEAVE" };

export const other = (s: Seat): Seat => (s === "P1" ? "P2" : "P1");

/** Mirrors the server's ROOM_ID rule, so a bad link is caught before connecting. */
export { ROOM_CODE } from "../../kit/JoinByCode";

/** Longest answer the server reads (protocol.ts MAX_ANSWER). */
export const MAX_ANSWER = 200;

const SERVER_TYPES = new Set<string>([
  "ROOM_STATE",
  "PLAYER_JOINED",
  "PLAYER_LEFT",
  "PLAYER_DISCONNECTED",
  "PLAYER_RECONNECTED",
  "MATCH_STARTED",
  "PHASE_CATEGORY",
  "PHASE_BETTING",
  "BETTING_SKIPPED",
  "BET_PLACED",
  "BET_TIMEOUT",
  "PHASE_CLUE",
  "CLUE_TICK",
  "CLUE_COMPLETE",
  "BUZZED",
  "ANSWER_SUBMITTED",
  "CLUE_RESUMED",
  "PHASE_RESOLUTION",
  "PHASE_COMPLETE",
  "PLAY_AGAIN_REQUESTED",
  "SPECTATING",
  "ERROR",
]);

/** A cheap shape check: the server is trusted, but a message from a newer server is skipped, not crashed on. */
export function isServerMessage(x: unknown): x is ServerMessage {
  return typeof x === "object" && x !== null && SERVER_TYPES.has((x as { type?: unknown }).type as string);
}
