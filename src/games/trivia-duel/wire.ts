import { z } from "zod";

/**
 * Every message the server sends in Trivia Duel, as zod schemas: the document's messages
 * with the fields our decisions add (docs/protocols/trivia-duel.md). Types come from the schemas
 * and the web client imports them type-only, so the two sides cannot drift; the property
 * test parses every message the rules send with `ServerMessage`.
 */
export const Seat = z.enum(["P1", "P2"]);
export type Seat = z.infer<typeof Seat>;
const perSeat = <T extends z.ZodType>(t: T) => z.object({ P1: t, P2: t });
export type PerSeat<T> = { P1: T; P2: T };

export const Phase = z.enum(["WAITING", "CATEGORY", "BETTING", "CLUE", "ANSWER", "RESOLUTION", "COMPLETE"]);
export type Phase = z.infer<typeof Phase>;
export const BuzzerStatus = z.enum(["AVAILABLE", "BUZZED", "FAILED"]);
export type BuzzerStatus = z.infer<typeof BuzzerStatus>;
export const Outcome = z.enum(["P1_WIN", "P2_WIN", "DRAW", "P1_FOLD", "P2_FOLD"]);
export type Outcome = z.infer<typeof Outcome>;
export const BetAction = z.enum(["BET", "MATCH", "RAISE", "FOLD"]);
export type BetAction = z.infer<typeof BetAction>;

const time = z.number();
const money = z.int();

export const RecapEntry = z.object({
  questionIndex: z.int(),
  category: z.string(),
  outcome: Outcome,
  correctAnswer: z.string(),
  answers: perSeat(z.string().nullable()),
  balanceChanges: perSeat(money),
});
export type RecapEntry = z.infer<typeof RecapEntry>;

export const PlayerPresence = z.object({
  joined: z.boolean(),
  connected: z.boolean(),
  reconnectDeadline: time.nullable(),
  /** What the player calls themselves; null when they gave no name. */
  name: z.string().nullable(),
});
export type PlayerPresence = z.infer<typeof PlayerPresence>;

export const BettingView = z.object({
  firstActor: Seat,
  awaitingAction: Seat.nullable(),
  availableActions: z.array(BetAction),
  betOptions: z.array(money),
  raiseOptions: z.array(money),
  effectiveStack: money,
  bets: perSeat(money.nullable()),
  contributions: perSeat(money),
  raises: z.int(),
  deadline: time.nullable(),
});
export type BettingView = z.infer<typeof BettingView>;

export const ClueView = z.object({
  /** Only the text revealed so far (docs/games/trivia-duel.md, Decisions D1). */
  clue: z.string(),
  revealIndex: z.int(),
  clueLength: z.int(),
  revealRate: z.number(),
  complete: z.boolean(),
  /** End of the post-clue buzz window, once the clue is complete. */
  deadline: time.nullable(),
});
export type ClueView = z.infer<typeof ClueView>;

export const BuzzerView = z.object({
  P1: BuzzerStatus,
  P2: BuzzerStatus,
  currentlyAnswering: Seat.nullable(),
  answerDeadline: time.nullable(),
});
export type BuzzerView = z.infer<typeof BuzzerView>;

export const MatchResult = z.object({
  winner: z.union([Seat, z.literal("TIE")]),
  finalBalances: perSeat(money),
  forfeitedBy: Seat.nullable(),
});
export type MatchResult = z.infer<typeof MatchResult>;

export const Tally = z.object({ P1: z.int(), P2: z.int(), ties: z.int() });
export type Tally = z.infer<typeof Tally>;

/** The room's settings as ROOM_STATE carries them (config.ts is the source of their defaults). */
export const ConfigView = z.looseObject({
  startingBalance: money,
  questionsPerMatch: z.int(),
  foldsPerPlayer: z.int(),
  betTimeLimitSec: z.number(),
  answerTimeLimitSec: z.number(),
  strictMatching: z.boolean(),
  categories: z.array(z.string()).optional(),
});

export const RoomStateMsg = z.object({
  type: z.literal("ROOM_STATE"),
  roomId: z.string(),
  you: Seat.nullable(),
  serverNow: time,
  phase: Phase,
  matchNumber: z.int(),
  balances: perSeat(money),
  questionIndex: z.int(),
  questionsPerMatch: z.int(),
  foldsRemaining: perSeat(z.int()),
  players: perSeat(PlayerPresence),
  /** The duel's clock stands still while a player is away (docs/games/trivia-duel.md, Decisions D8). */
  clockStopped: z.boolean(),
  /** Matches won by each seat, and ties, since these two sat down. */
  tally: Tally,
  config: ConfigView,
  category: z.string().nullable(),
  firstActor: Seat.nullable(),
  categoryEndsAt: time.nullable(),
  pot: money,
  betting: BettingView.nullable(),
  clue: ClueView.nullable(),
  buzzer: BuzzerView.nullable(),
  /** The last question's result, while it is on show; the server adds nextPhaseAt. */
  resolution: RecapEntry.partial().extend({ nextPhaseAt: time.nullable() }).nullable(),
  result: MatchResult.nullable(),
  recap: z.array(RecapEntry),
  playAgain: perSeat(z.boolean()),
});
export type RoomStateMsg = z.infer<typeof RoomStateMsg>;

export const ServerMessage = z.discriminatedUnion("type", [
  RoomStateMsg,
  z.object({ type: z.literal("PLAYER_JOINED"), player: Seat, name: z.string().nullable() }),
  z.object({ type: z.literal("PLAYER_LEFT"), player: Seat }),
  z.object({
    type: z.literal("PLAYER_DISCONNECTED"),
    player: Seat,
    reconnectDeadline: time.nullable(),
    clockStopped: z.boolean(),
  }),
  z.object({ type: z.literal("PLAYER_RECONNECTED"), player: Seat, name: z.string().nullable() }),
  z.object({ type: z.literal("MATCH_STARTED"), matchNumber: z.int(), questionsPerMatch: z.int() }),
  z.object({
    type: z.literal("PHASE_CATEGORY"),
    questionIndex: z.int(),
    questionsPerMatch: z.int(),
    category: z.string(),
    firstActor: Seat,
    endsAt: time,
  }),
  z.object({
    type: z.literal("PHASE_BETTING"),
    questionIndex: z.int(),
    firstActor: Seat,
    awaitingAction: Seat.nullable(),
    availableActions: z.array(BetAction),
    betOptions: z.array(money),
    effectiveStack: money,
    pot: money,
    deadline: time.nullable(),
  }),
  z.object({ type: z.literal("BETTING_SKIPPED"), questionIndex: z.int(), effectiveStack: money }),
  z.object({
    type: z.literal("BET_PLACED"),
    player: Seat,
    action: BetAction,
    amount: money,
    pot: money,
    awaitingAction: Seat.nullable(),
    availableActions: z.array(BetAction),
    raiseOptions: z.array(money),
    balances: perSeat(money),
    foldsRemaining: perSeat(z.int()),
    deadline: time.nullable(),
    auto: z.literal(true).optional(),
  }),
  z.object({ type: z.literal("BET_TIMEOUT"), player: Seat }),
  z.object({
    type: z.literal("PHASE_CLUE"),
    questionIndex: z.int(),
    clue: z.string(),
    clueLength: z.int(),
    revealRate: z.number(),
    tickMs: z.number(),
    pot: money,
  }),
  z.object({ type: z.literal("CLUE_TICK"), revealIndex: z.int(), clue: z.string() }),
  z.object({ type: z.literal("CLUE_COMPLETE"), deadline: time }),
  z.object({ type: z.literal("BUZZED"), player: Seat, answerDeadline: time, revealIndex: z.int() }),
  z.object({
    type: z.literal("ANSWER_SUBMITTED"),
    player: Seat,
    answer: z.string(),
    correct: z.boolean(),
    timedOut: z.literal(true).optional(),
  }),
  z.object({ type: z.literal("CLUE_RESUMED"), revealIndex: z.int(), clue: z.string(), deadline: time.nullable() }),
  z.object({
    type: z.literal("PHASE_RESOLUTION"),
    questionIndex: z.int(),
    outcome: Outcome,
    correctAnswer: z.string(),
    P1Answer: z.string().nullable(),
    P2Answer: z.string().nullable(),
    balanceChanges: perSeat(money),
    newBalances: perSeat(money),
    nextPhaseAt: time,
  }),
  z.object({
    type: z.literal("PHASE_COMPLETE"),
    winner: z.union([Seat, z.literal("TIE")]),
    finalBalances: perSeat(money),
    forfeit: z.literal(true).optional(),
    forfeitedBy: Seat.optional(),
    recap: z.array(RecapEntry),
    tally: Tally,
  }),
  z.object({ type: z.literal("PLAY_AGAIN_REQUESTED"), player: Seat, ready: perSeat(z.boolean()) }),
  z.object({ type: z.literal("SPECTATING"), roomId: z.string() }),
  z.object({ type: z.literal("ERROR"), code: z.string(), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerMessageType = ServerMessage["type"];

/**
 * What a client may send: the document's messages, plus PLAY_AGAIN
 * (docs/games/trivia-duel.md, Decisions D10) and LEAVE.
 */
export type { TriviaIntent as ClientIntent } from "./protocol";
export type ClientMessage =
  | import("./protocol").TriviaIntent
  | { type: "JOIN_ROOM"; roomId: string; playerId: string; name?: string; create?: boolean }
  | { type: "LEAVE" };
