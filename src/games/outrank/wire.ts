import { z } from "zod";
import { HandshakeAuth, RequestId } from "../../engine/envelope-wire";
import { Category } from "./content/schema";
import { EndCondition, Settings, SettingsPatch } from "./settings";

/**
 * Everything Outrank puts on the wire, as zod schemas; types come from `z.infer`, so the
 * web client can `import type` them. The envelope is Card Table's (protocol.ts).
 */

const Id = z.string().min(1).max(100);
const Name = z.string().trim().min(1).max(40);

// ---------------------------------------------------------------- actions (client → server)

/** Every action a client may send (`{type: "action", action, requestId}`). */
export const Action = z.discriminatedUnion("type", [
  z.object({ type: z.literal("startGame") }).strict(),
  z.object({ type: z.literal("selectChallenge"), challengeId: Id }).strict(),
  z.object({ type: z.literal("draftGuess"), tokenId: Id, guess: z.enum(["higher", "lower"]) }).strict(),
  z.object({ type: z.literal("cashOut"), tokenIds: z.array(Id).min(1).max(30), tag: Id }).strict(),
  z.object({ type: z.literal("discard"), tokenIds: z.array(Id).min(1).max(30) }).strict(),
  z.object({ type: z.literal("pass") }).strict(),
  /** Round-end pause: the sender has seen the round's result (a table-mode device: the whole table). */
  z.object({ type: z.literal("nextRound") }).strict(),
  z.object({ type: z.literal("pauseGame") }).strict(),
  z.object({ type: z.literal("resumeGame") }).strict(),
  z.object({ type: z.literal("kickPlayer"), playerId: Id }).strict(),
  z.object({ type: z.literal("endGame") }).strict(),
  z.object({ type: z.literal("configure"), settings: SettingsPatch }).strict(),
  /** Table mode, lobby: the device adds a player sitting at the table. */
  z.object({ type: z.literal("addPlayer"), name: Name }).strict(),
  /** Table mode, lobby: the device removes one. */
  z.object({ type: z.literal("removePlayer"), playerId: Id }).strict(),
]);
export type Action = z.infer<typeof Action>;
export type ActionOf<T extends Action["type"]> = Extract<Action, { type: T }>;
export type Guess = ActionOf<"draftGuess">["guess"];

// ---------------------------------------------------------------- the view (server → client)

const Tags = z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string() });

/**
 * A token. `value` (the current challenge's stat) is there only once it is public: the
 * center token, tokens in hands and this-round piles whose value was shown under this stat,
 * and both tokens of a guess in its `guessResolved` event. Draft-pool tokens never carry it.
 */
export const TokenView = z
  .object({ id: Id, name: z.string(), category: Category, tags: Tags, value: z.number().optional() })
  .strict();
export type TokenView = z.infer<typeof TokenView>;

export const ChallengeView = z
  .object({
    id: Id,
    category: Category,
    stat: z.string(),
    name: z.string(),
    /**
     * Which end of the stat outranks: "higher" (a bigger number ranks higher) or "lower" (a
     * smaller one does). HIGHER and LOWER are calls about rank: on a "lower" card HIGHER
     * claims the drafted number is at most the center's.
     */
    direction: z.enum(["higher", "lower"]),
    statLabel: z.string(),
    unit: z.string(),
  })
  .strict();
export type ChallengeView = z.infer<typeof ChallengeView>;

export const PresenceView = z.enum(["active", "disconnected", "away", "left"]);

export const PlayerView = z
  .object({
    id: Id,
    name: z.string(),
    /** The platform seat playing for them (table mode: the device's, the same for all). */
    seat: z.string(),
    score: z.number(),
    hand: z.array(TokenView),
    thisRound: z.array(TokenView),
    correctGuesses: z.number(),
    cashOuts: z.number(),
    longestStreak: z.number(),
    /**
     * Out of the round being drafted: passed, or out by a wrong guess (`status` says which).
     * Only ever true while drafting; false in every other phase.
     */
    passed: z.boolean(),
    status: z.enum(["in", "passed", "out"]),
    /** In the round-end pause: has said they are ready for the next round (false in every other phase). */
    ready: z.boolean(),
    presence: PresenceView,
    isLead: z.boolean(),
  })
  .strict();
export type PlayerView = z.infer<typeof PlayerView>;

export const StandingView = z
  .object({
    playerId: Id,
    rank: z.number(),
    score: z.number(),
    tokens: z.number(),
    correctGuesses: z.number(),
    left: z.boolean(),
  })
  .strict();

export const EndReason = z.enum(["points", "rounds", "time", "depletion", "lead", "abandoned"]);

export const ResultView = z
  .object({
    reason: EndReason,
    standings: z.array(StandingView),
    winners: z.array(Id),
    decidedBy: z.enum(["score", "tokens", "correctGuesses", "shared"]),
  })
  .strict();
export type ResultView = z.infer<typeof ResultView>;

/** One seat's view: the document's `gameState` names, plus what a client needs to play. */
export const OutrankView = z
  .object({
    roomId: z.string(),
    mode: z.enum(["online", "table"]),
    content: z.string(),
    phase: z.enum(["lobby", "challenge", "drafting", "roundEnd", "gameEnd"]),
    /** Why the game is paused, or null. */
    paused: z.enum(["lead", "insufficient"]).nullable(),
    round: z.number(),
    /** Indexes into `players` (null: nobody). */
    currentPlayer: z.number().nullable(),
    firstGuesser: z.number().nullable(),
    players: z.array(PlayerView),
    currentChallenge: ChallengeView.nullable(),
    centerToken: TokenView.nullable(),
    draftPool: z.array(TokenView),
    retiredCount: z.number(),
    /** Tokens not yet drawn, per category. */
    supplyCounts: z.record(z.string(), z.number()),
    lastToPass: z.number().nullable(),
    /** Your index in `players`; in table mode the player the device acts for now. Null: watching. */
    you: z.number().nullable(),
    /** The seat this view was made for (null: a spectator). */
    seat: z.string().nullable(),
    /** The lead's seat. */
    lead: z.string().nullable(),
    /** What the First Guesser may choose now (in the challenge and round-end phases). */
    challenges: z.array(ChallengeView),
    settings: Settings,
    turnEndsAt: z.number().nullable(),
    /** When the round-end pause gives way to the next challenge. */
    phaseEndsAt: z.number().nullable(),
    /** With the time limit: when the last round begins to be the last (null otherwise). */
    timeLimitEndsAt: z.number().nullable(),
    result: ResultView.nullable(),
    serverNow: z.number(),
  })
  .strict();
export type OutrankView = z.infer<typeof OutrankView>;

// ---------------------------------------------------------------- events (server → client)

export const PassReason = z.enum(["pass", "timeout", "absent"]);

export const OutrankEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("playerJoined"), player: z.object({ id: Id, name: z.string(), seat: z.string() }) }),
  z.object({ type: z.literal("playerLeft"), playerId: Id, reason: z.enum(["left", "kicked", "removed"]) }),
  z.object({ type: z.literal("presenceChanged"), playerId: Id, presence: PresenceView }),
  z.object({ type: z.literal("leadChanged"), seat: z.string() }),
  z.object({ type: z.literal("settingsChanged"), settings: Settings }),
  z.object({ type: z.literal("gameStarted"), order: z.array(Id), firstGuesser: Id }),
  z.object({
    type: z.literal("challengeSelected"),
    round: z.number(),
    playerId: Id,
    challenge: ChallengeView,
    center: TokenView,
    poolCount: z.number(),
    /** Tokens drawn for this round (13 for a fresh pool, the refill for a kept one). */
    drawn: z.number(),
    auto: z.boolean(),
  }),
  z.object({ type: z.literal("turnChanged"), playerId: Id }),
  z.object({
    type: z.literal("guessResolved"),
    playerId: Id,
    guess: z.enum(["higher", "lower"]),
    /** Both tokens with their values: the reveal. */
    drafted: TokenView,
    center: TokenView,
    correct: z.boolean(),
    /** Wrong: the this-round tokens that went back to the draft pool. */
    returned: z.array(Id),
    score: z.number(),
  }),
  z.object({
    type: z.literal("cashedOut"),
    playerId: Id,
    tokenIds: z.array(Id),
    tag: z.string(),
    points: z.number(),
    score: z.number(),
  }),
  z.object({ type: z.literal("discarded"), playerId: Id, tokenIds: z.array(Id) }),
  z.object({ type: z.literal("passed"), playerId: Id, reason: PassReason }),
  z.object({ type: z.literal("markerMoved"), playerId: Id }),
  z.object({
    type: z.literal("roundEnded"),
    round: z.number(),
    reason: z.enum(["allOut", "poolEmpty"]),
    /** The last-standing bonus (+1), if anyone earned it. */
    bonus: z.object({ playerId: Id, points: z.number() }).nullable(),
  }),
  z.object({ type: z.literal("gamePaused"), reason: z.enum(["lead", "insufficient"]) }),
  z.object({ type: z.literal("gameResumed") }),
  z.object({ type: z.literal("gameEnded"), result: ResultView }),
]);
export type OutrankEvent = z.infer<typeof OutrankEvent>;

// ---------------------------------------------------------------- envelope

export { HandshakeAuth, RequestId };

/** Card Table's envelope (src/engine/envelope-wire.ts), typed with Outrank's actions. */
export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("action"), action: Action, requestId: RequestId }).strict(),
  /** Give up the seat for good. */
  z.object({ type: z.literal("leave"), requestId: RequestId.optional() }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const ServerMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state"), state: OutrankView }),
  z.object({ type: z.literal("event"), event: OutrankEvent }),
  z.object({ type: z.literal("error"), requestId: z.string(), error: z.string(), message: z.string() }),
  z.object({ type: z.literal("ack"), requestId: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** REST: `POST /api/v1/outrank/rooms`. */
export const CreateOutrankRoom = z
  .object({ settings: SettingsPatch.optional(), mode: z.enum(["online", "table"]).optional() })
  .strict();
export type CreateOutrankRoom = z.infer<typeof CreateOutrankRoom>;

export { EndCondition };
