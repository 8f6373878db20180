import { z } from "zod";
import { ConsequenceOption } from "./options";

/**
 * Everything SerpentRace puts on the wire, as zod schemas; types come from `z.infer`.
 *
 * Client → server: the document's Socket.IO events, each as `{ event, data }` with the
 * event name and its payload (the platform's wire adapter builds these). `gameCode` is
 * accepted in every payload, as the document sends it, and ignored: the socket's room says
 * which game it is.
 *
 * Server → client: each outbound message is `{ event, data }`, which the platform emits as
 * the named Socket.IO event with `data` as its payload. `timestamp` is an ISO string.
 */

// ---------------------------------------------------------------- client → server (intents)

const GameCode = z.string().max(64).optional();
const Position = z.number().int().min(-100_000).max(100_000);

/** The document's `ChatMessageData` text before the rules trim and check it. */
const ChatText = z.string().max(10_000);

export const Intent = z.discriminatedUnion("event", [
  /** The gamemaster starts the race (sent by the platform for `POST /game/:gameId/start`). */
  z.strictObject({ event: z.literal("start"), data: z.object({ gameCode: GameCode }).default({}) }),
  z.strictObject({ event: z.literal("game:ready"), data: z.object({ gameCode: GameCode, ready: z.boolean() }) }),
  /** `diceValue` counts only in a physical-dice room (docs/games/serpent-race.md, Decisions D1). */
  z.strictObject({
    event: z.literal("game:dice-roll"),
    data: z.object({ gameCode: GameCode, diceValue: z.number().optional() }).default({}),
  }),
  /** `answer`'s shape depends on the card type (see answers.ts). */
  z.strictObject({
    event: z.literal("game:card-answer"),
    data: z.object({ gameCode: GameCode, answer: z.unknown() }),
  }),
  z.strictObject({
    event: z.literal("game:position-guess"),
    data: z.object({ gameCode: GameCode, guessedPosition: Position }),
  }),
  z.strictObject({
    event: z.literal("game:joker-position-guess"),
    data: z.object({ gameCode: GameCode, guessedPosition: Position }),
  }),
  z.strictObject({
    event: z.literal("game:gamemaster-decision"),
    data: z.object({
      gameCode: GameCode,
      requestId: z.string().min(1).max(100),
      decision: z.enum(["approve", "reject"]),
    }),
  }),
  z.strictObject({ event: z.literal("game:chat"), data: z.object({ gameCode: GameCode, message: ChatText }) }),
  z.strictObject({ event: z.literal("game:leave"), data: z.object({ gameCode: GameCode }).default({}) }),
  /**
   * Ours, the gamemaster's: skip the roll of `playerId`, whose turn it is (naming them means
   * a click that arrives after the turn moved on skips nobody else).
   */
  z.strictObject({
    event: z.literal("game:skip-turn"),
    data: z.object({ gameCode: GameCode, playerId: z.string().min(1).max(20) }),
  }),
  /** Ours, the gamemaster's: take a player out of the game for good (a name in the lobby, a pupil gone home). */
  z.strictObject({
    event: z.literal("game:remove-player"),
    data: z.object({ gameCode: GameCode, playerId: z.string().min(1).max(20) }),
  }),
]);
export type Intent = z.infer<typeof Intent>;
export type IntentEvent = Intent["event"];
export type IntentOf<E extends IntentEvent> = Extract<Intent, { event: E }>;

// ---------------------------------------------------------------- shared shapes

const Timestamp = z.string();
const Id = z.string();
const FieldTypeSchema = z.enum(["regular", "positive", "negative", "luck"]);

export const GameFieldSchema = z.strictObject({
  position: z.number().int(),
  type: FieldTypeSchema,
  stepValue: z.number().int().min(0).max(3),
  /** Not in the document: the modifier of the field's zone, a display aid. */
  patternModifier: z.number().int(),
});

export const BoardData = z.strictObject({
  gameId: z.string(),
  fields: z.array(GameFieldSchema),
  generationComplete: z.boolean(),
  generatedAt: Timestamp,
});
export type BoardData = z.infer<typeof BoardData>;

/** A quiz option as a player sees it: never its `correct` flag. */
export const QuizOptionView = z.strictObject({ answer: z.string(), text: z.string() });
/** A pair as shown: left parts in order, right parts scrambled. */
export const SentencePairView = z.strictObject({ id: z.string(), left: z.string(), right: z.string() });

/**
 * `game:card-drawn-self`'s card: what the player needs to answer, never the answer
 * (docs/games/serpent-race.md, Decisions D7). CLOSER's tolerance is withheld too: it is
 * part of the stored answer.
 */
export const CardData = z.strictObject({
  cardid: z.string(),
  question: z.string(),
  type: z.number().int(),
  timeLimit: z.number(),
  answerOptions: z.array(QuizOptionView).optional(),
  sentencePairs: z.array(SentencePairView).optional(),
  words: z.array(z.string()).optional(),
});
export type CardData = z.infer<typeof CardData>;

export const PlayerPosition = z.strictObject({
  playerId: Id,
  playerName: z.string(),
  boardPosition: z.number().int(),
  turnOrder: z.number().int(),
});

export const CalculationSchema = z.strictObject({
  startPosition: z.number().int(),
  diceRoll: z.number().int(),
  stepValue: z.number().int(),
  patternModifier: z.number().int(),
  calculatedPosition: z.number().int(),
  penalty: z.number().int(),
});

const JokerCardView = z.strictObject({ question: z.string(), consequence: ConsequenceOption.nullable() });
const TallySchema = z.strictObject({ right: z.number().int(), wrong: z.number().int() });
const Answers = z.record(z.string(), TallySchema);

/** Per player at the end (not in the document): where they finished and how they answered. */
export const ReportLine = z.strictObject({
  playerId: Id,
  playerName: z.string(),
  boardPosition: z.number().int(),
  answers: Answers,
});

const GuessRequestView = z.strictObject({
  currentPosition: z.number().int(),
  diceRoll: z.number().int(),
  fieldStepValue: z.number().int(),
  patternModifier: z.number().int(),
  timeLimit: z.number(),
});

/**
 * What the current player is doing. Everyone sees the kind, the player, the deadline, the
 * card's question and type and the joker; the card's answer UI (`cardData`, no answers)
 * goes to everyone too, as it holds nothing secret; the guess inputs go to the guessing
 * player and the decision request to the gamemaster.
 */
export const PendingView = z.strictObject({
  kind: z.enum(["roll", "drawing", "answer", "guess", "jokerGuess", "decision"]),
  playerId: Id,
  playerName: z.string(),
  deadline: Timestamp.nullable(),
  fieldType: FieldTypeSchema.nullable(),
  card: z.strictObject({ cardType: z.string(), question: z.string() }).nullable(),
  cardData: CardData.nullable(),
  jokerCard: JokerCardView.nullable(),
  guessRequest: GuessRequestView.nullable(),
  decisionRequest: z
    .strictObject({ requestId: z.string(), timeLimit: z.number(), jokerCard: JokerCardView })
    .nullable(),
});

/**
 * Ours, on every event but `game:chat`, `game:error` and `game:cleanup-complete`: what the
 * race waits for once the step that sent the event is over (`game:state`'s `pending`, for
 * the event's audience: the guess inputs only in the guessing player's own events, the
 * decision request only in the gamemaster's), or null. A client sets its `pending` from it
 * and never has to work out a deadline, a draw or a guess from the rules.
 */
const Pending = PendingView.nullable();

/**
 * Ours: the lobby's counts once the step is over, on the events that change who is in it
 * (`game:player-ready` has them from the document).
 */
const LobbyCounts = { readyCount: z.number().int(), allReady: z.boolean() };

/**
 * An event's payload: its own fields, then the `pending` its step left and when it was sent,
 * which every event but `game:chat`, `game:error` and `game:cleanup-complete` carries.
 */
function stepEvent<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({ ...shape, pending: Pending, timestamp: Timestamp });
}

/** A request for a position guess, after a card and after a joker alike: its inputs, as `pending` holds them. */
const GuessRequestEvent = stepEvent({ message: z.string(), ...GuessRequestView.shape });

// ---------------------------------------------------------------- server → client (events)

/** Payload schemas by event name: the document's fields, plus the additions each says. */
export const ServerEvents = {
  "game:player-joined": stepEvent({
    playerId: Id,
    playerName: z.string(),
    playerCount: z.number().int(),
    ...LobbyCounts,
  }),
  /** Not in the document: a player gave up their seat (`left`) or the gamemaster removed them (`removed`). */
  "game:player-left": stepEvent({
    playerId: Id,
    playerName: z.string(),
    playerCount: z.number().int(),
    reason: z.enum(["left", "removed"]),
    ...LobbyCounts,
  }),
  /** Not in the document: a player's socket went or came back (the projector shows it). */
  "game:player-connection": stepEvent({
    playerId: Id,
    playerName: z.string(),
    connected: z.boolean(),
  }),
  "game:player-ready": stepEvent({
    playerId: Id,
    playerName: z.string(),
    ready: z.boolean(),
    readyCount: z.number().int(),
    totalPlayers: z.number().int(),
    allReady: z.boolean(),
  }),
  "game:started": stepEvent({
    message: z.string(),
    boardData: BoardData,
    turnSequence: z.array(Id),
    currentPlayer: Id,
    currentPlayerName: z.string(),
    /** Ours: the turn this event starts. */
    turnNumber: z.number().int(),
  }),
  "game:your-turn": stepEvent({
    message: z.string(),
    canRoll: z.boolean(),
    isExtraTurn: z.boolean().optional(),
  }),
  "game:dice-rolled": stepEvent({
    playerId: Id,
    playerName: z.string(),
    diceValue: z.number().int().min(1).max(6),
  }),
  "game:player-moved": stepEvent({
    playerId: Id,
    playerName: z.string(),
    oldPosition: z.number().int(),
    newPosition: z.number().int(),
    diceValue: z.number().int(),
  }),
  "game:card-drawn": stepEvent({
    playerName: z.string(),
    playerId: Id,
    cardType: z.string(),
    question: z.string(),
    fieldType: FieldTypeSchema,
  }),
  "game:card-drawn-self": stepEvent({ cardData: CardData }),
  /** `answer` is the player's answer as the rules read it (normalised), not the raw payload. */
  "game:answer-submitted": stepEvent({
    playerName: z.string(),
    playerId: Id,
    answer: z.unknown(),
    message: z.string(),
  }),
  "game:answer-validated": stepEvent({
    playerName: z.string(),
    playerId: Id,
    isCorrect: z.boolean(),
    correctAnswer: z.unknown(),
    message: z.string(),
  }),
  "game:position-guess-request": GuessRequestEvent,
  "game:position-guess-broadcast": stepEvent({
    playerId: Id,
    playerName: z.string(),
    guessedPosition: z.number().int(),
    message: z.string(),
  }),
  "game:guess-result": stepEvent({
    playerId: Id,
    playerName: z.string(),
    guessedPosition: z.number().int(),
    actualPosition: z.number().int(),
    finalPosition: z.number().int(),
    guessCorrect: z.boolean(),
    penaltyApplied: z.boolean(),
    calculation: CalculationSchema,
    message: z.string(),
  }),
  "game:no-movement": stepEvent({
    playerId: Id,
    playerName: z.string(),
    reason: z.string(),
    message: z.string(),
  }),
  "game:penalty-avoided": stepEvent({
    playerId: Id,
    playerName: z.string(),
    message: z.string(),
  }),
  /** Named by the document's flow (luck cards) without a payload; this is ours. */
  "game:card-result": stepEvent({
    playerId: Id,
    playerName: z.string(),
    cardid: z.string(),
    cardType: z.literal("LUCK"),
    question: z.string(),
    consequence: ConsequenceOption,
  }),
  "game:luck-consequence": stepEvent({
    playerId: Id,
    playerName: z.string(),
    consequenceType: z.enum(["MOVE_FORWARD", "MOVE_BACKWARD", "LOSE_TURN", "EXTRA_TURN", "GO_TO_START"]),
    value: z.number().int(),
    newPosition: z.number().int().optional(),
    turnsToLose: z.number().int().optional(),
    extraTurns: z.number().int().optional(),
    message: z.string(),
  }),
  "game:joker-drawn": stepEvent({
    playerName: z.string(),
    playerId: Id,
    jokerCard: JokerCardView,
    waitingForGamemaster: z.boolean(),
  }),
  "game:gamemaster-decision-request": stepEvent({
    requestId: z.string(),
    playerName: z.string(),
    playerId: Id,
    jokerCard: JokerCardView,
    timeLimit: z.number(),
  }),
  "game:gamemaster-decision-result": stepEvent({
    playerName: z.string(),
    playerId: Id,
    gamemasterName: z.string(),
    decision: z.enum(["approve", "reject"]),
    approved: z.boolean(),
    consequence: z.number().int().nullable(),
    description: z.string(),
  }),
  "game:joker-position-guess-request": GuessRequestEvent,
  /**
   * When the joker moves nobody (`moved: false`: the decision said so, or the guess timed
   * out) there was no guess: `guessedPosition` and `calculation` are null and
   * `actualPosition` and `finalPosition` are where the player stays.
   */
  "game:joker-complete": stepEvent({
    playerId: Id,
    playerName: z.string(),
    guessedPosition: z.number().int().nullable(),
    actualPosition: z.number().int(),
    finalPosition: z.number().int(),
    guessCorrect: z.boolean(),
    penaltyApplied: z.boolean(),
    moved: z.boolean(),
    calculation: CalculationSchema.nullable(),
    message: z.string(),
  }),
  "game:turn-changed": stepEvent({
    currentPlayer: Id,
    currentPlayerName: z.string(),
    turnNumber: z.number().int(),
    message: z.string(),
  }),
  "game:extra-turn-remaining": stepEvent({
    playerId: Id,
    playerName: z.string(),
    remainingExtraTurns: z.number().int(),
    message: z.string(),
    /** Ours: the turn this event starts. */
    turnNumber: z.number().int(),
  }),
  /**
   * `reason` is ours: `lost-turns` (the document's skip, LOSE_TURN owed), `away` (the
   * player's turn came while they were disconnected, and `absentSkipSeconds` passed) or
   * `gamemaster` (the gamemaster skipped them with `game:skip-turn`).
   */
  "game:players-skipped": stepEvent({
    skippedPlayers: z.array(
      z.strictObject({ playerId: Id, playerName: z.string(), remainingTurnsToLose: z.number().int() }),
    ),
    reason: z.enum(["lost-turns", "away", "gamemaster"]),
    message: z.string(),
  }),
  /** `winner` and `winnerName` are null only when every player left; `report` is ours. */
  "game:ended": stepEvent({
    winner: Id.nullable(),
    winnerName: z.string().nullable(),
    message: z.string(),
    finalPositions: z.array(PlayerPosition),
    report: z.array(ReportLine),
  }),
  "game:cleanup-complete": z.strictObject({ gameCode: z.string(), message: z.string(), timestamp: Timestamp }),
  "game:card-error": stepEvent({
    playerName: z.string(),
    playerId: Id,
    error: z.string(),
  }),
  "game:joker-error": stepEvent({
    playerName: z.string(),
    playerId: Id,
    error: z.string(),
  }),
  /** `playerId` is ours (the document names the player only). */
  "game:card-timeout": stepEvent({
    playerId: Id,
    playerName: z.string(),
    message: z.string(),
  }),
  "game:gamemaster-timeout": stepEvent({
    requestId: z.string(),
    playerId: Id,
    playerName: z.string(),
    message: z.string(),
  }),
  "game:guess-timeout": stepEvent({
    playerId: Id,
    playerName: z.string(),
    message: z.string(),
  }),
  /** Not in the document (it has only the client's `GameChatData`): a chat line for everyone. */
  "game:chat": z.strictObject({
    playerId: Id,
    playerName: z.string(),
    message: z.string(),
    timestamp: Timestamp,
  }),
  /** A refusal, to the sender only: the platform sends it for a rule error (`errorEvent`). */
  "game:error": z.strictObject({ message: z.string(), code: z.string().optional(), timestamp: Timestamp }),
} as const;

export type ServerEventName = keyof typeof ServerEvents;
export type ServerEventData<E extends ServerEventName> = z.infer<(typeof ServerEvents)[E]>;

/** What `stampStep` (view.ts) adds to an event once its step is over: the rules leave these out. */
type StepFacts<E extends ServerEventName> =
  | "pending"
  | (E extends "game:started" | "game:extra-turn-remaining" ? "turnNumber" : never)
  | (E extends "game:player-joined" | "game:player-left" ? keyof typeof LobbyCounts : never);

/** An event's payload as the rules emit it: the clock stamps `timestamp`, the step's end the rest. */
export type EmitData<E extends ServerEventName> = Omit<ServerEventData<E>, "timestamp" | StepFacts<E>>;

// ---------------------------------------------------------------- the state sync (view)

const Role = z.enum(["player", "gamemaster", "spectator"]);

export const PlayerView = z.strictObject({
  playerId: Id,
  playerName: z.string(),
  boardPosition: z.number().int(),
  /** Index in the turn sequence, or -1 (the lobby, or left). */
  turnOrder: z.number().int(),
  ready: z.boolean(),
  connected: z.boolean(),
  left: z.boolean(),
  extraTurns: z.number().int(),
  turnsToLose: z.number().int(),
  answers: Answers,
});

/** `game:state`, not in the document: one role's full state, for a join or a reconnect. */
export const StateData = z.strictObject({
  gameCode: z.string(),
  gameId: z.string(),
  phase: z.enum(["waiting", "active", "ended"]),
  you: z.strictObject({ seat: z.string().nullable(), role: Role, playerId: Id.nullable() }),
  settings: z.strictObject({
    maxPlayers: z.number().int(),
    boardSize: z.number().int(),
    physicalDice: z.boolean(),
    loginType: z.number().int(),
    answerSeconds: z.number(),
    decisionSeconds: z.number(),
    guessSeconds: z.number(),
    drawDelaySeconds: z.number(),
    /** Ours: how long the turn of a player who is away waits before it is skipped. */
    absentSkipSeconds: z.number(),
    /**
     * Ours: what every duration above is multiplied by (1 in production). The sync's
     * `timeLimit`s are the seconds left, so a client learns the scale here.
     */
    timeScale: z.number(),
  }),
  gamemaster: z.strictObject({ name: z.string(), connected: z.boolean() }).nullable(),
  players: z.array(PlayerView),
  readyCount: z.number().int(),
  allReady: z.boolean(),
  boardData: BoardData.nullable(),
  turnSequence: z.array(Id),
  currentPlayer: Id.nullable(),
  currentPlayerName: z.string().nullable(),
  turnNumber: z.number().int(),
  isExtraTurn: z.boolean(),
  pending: PendingView.nullable(),
  winner: Id.nullable(),
  winnerName: z.string().nullable(),
  finalPositions: z.array(PlayerPosition).nullable(),
  chat: z.array(ServerEvents["game:chat"]),
  serverTime: Timestamp,
});
export type StateData = z.infer<typeof StateData>;

// ---------------------------------------------------------------- envelopes

type Envelope<E extends ServerEventName> = { event: E; data: ServerEventData<E> };
export type ServerEvent = { [E in ServerEventName]: Envelope<E> }[ServerEventName];
export type StateMessage = { event: "game:state"; data: StateData };

const eventNames = Object.keys(ServerEvents) as ServerEventName[];

/** Any message the rules send (an event or the state sync), checked by name then payload. */
export const ServerMessage = z.discriminatedUnion("event", [
  ...eventNames.map((name) => z.strictObject({ event: z.literal(name), data: ServerEvents[name] })),
  z.strictObject({ event: z.literal("game:state"), data: StateData }),
] as unknown as [z.ZodObject, ...z.ZodObject[]]);

/** The document's `game:error` for a refusal: what the platform sends the refused socket. */
export function errorEvent(code: string, message: string, now: number): Envelope<"game:error"> {
  return { event: "game:error", data: { message, code, timestamp: new Date(now).toISOString() } };
}
