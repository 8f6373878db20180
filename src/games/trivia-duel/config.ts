import { z } from "zod";
import { renameKeys, withOldNames } from "../../engine/renamed-keys";
import { Question } from "./content/schema";
import { QUESTION_LIMITS } from "./limits";

/**
 * The engine's one grace window is `graceSeconds` (the reconnect window); Trivia's clients
 * have always called it `reconnectGraceSec`, which is still taken, and still what ROOM_STATE shows.
 */
const OLD_NAMES = { reconnectGraceSec: "graceSeconds" } as const;

/** The document's config keys and defaults, plus the durations it states in prose. */
export const TriviaConfig = withOldNames(
  OLD_NAMES,
  z
    .object({
      startingBalance: z.number().int().min(10).max(100_000).default(500),
      questionsPerMatch: z.number().int().min(1).max(50).default(3),
      revealRateCharsPerSec: z.number().positive().max(1000).default(12),
      postClueTimeoutSec: z.number().positive().max(600).default(5),
      answerTimeLimitSec: z.number().positive().max(600).default(5),
      categoryRevealSec: z.number().positive().max(600).default(3),
      betTimeLimitSec: z.number().positive().max(600).default(15),
      foldsPerPlayer: z.number().int().min(0).max(50).default(2),
      resolutionDisplaySec: z.number().positive().max(600).default(3),
      graceSeconds: z.number().positive().max(3600).default(30),
      /** Exact matching only (after normalisation), for rooms that want it. */
      strictMatching: z.boolean().default(false),
      /** Only questions of these categories (added); unset or empty: every category. */
      categories: z.array(z.string().min(1).max(60)).max(30).optional(),
    })
    .strict(),
);
export type TriviaConfig = z.infer<typeof TriviaConfig>;

/**
 * A config as a room's log stored it: parsed when the room was made, so perhaps under an old
 * name, or without a key added since (its default then).
 */
export const loggedConfig = (c: object): TriviaConfig => ({
  ...TriviaConfig.parse({}),
  ...(renameKeys(c, OLD_NAMES) as Partial<TriviaConfig>),
});

/** The config as ROOM_STATE carries it: the grace window under the name clients know. */
export const wireConfig = (c: TriviaConfig) =>
  renameKeys(c, { graceSeconds: "reconnectGraceSec" }) as Omit<TriviaConfig, "graceSeconds"> & {
    reconnectGraceSec: number;
  };

export const BET_TIERS = [5, 10, 25, 50, 100] as const;
export const MIN_TIER = BET_TIERS[0];

/** A hash naming stored content (sha256, base64url): see ContentStore in src/engine/module.ts. */
const ContentHash = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * Room options. A room's own questions are stored once (the platform's content store) and
 * named here by hash (content is referenced, not copied:
 * docs/architecture.md, Decisions D6), so a room costs a few bytes in memory and in its
 * log however many questions it brought.
 */
export const TriviaOptions = z
  .object({
    config: TriviaConfig.default(TriviaConfig.parse({})),
    /** Bring-your-own questions, stored; without them the built-in bank is used. */
    questionSet: z.object({ hash: ContentHash }).strict().optional(),
  })
  .strict();
export type TriviaOptions = z.infer<typeof TriviaOptions>;

/** `POST /api/v1/trivia/rooms`: the config, and the room's own questions if it brings them. */
export const CreateTriviaRoom = z
  .object({
    config: TriviaConfig.default(TriviaConfig.parse({})),
    /** Bring-your-own questions; without them the built-in bank is used. */
    questions: z
      .array(Question)
      .min(QUESTION_LIMITS.minQuestions, `a room's own questions are at least ${QUESTION_LIMITS.minQuestions}`)
      .max(QUESTION_LIMITS.maxQuestions, `a room may bring at most ${QUESTION_LIMITS.maxQuestions} questions`)
      .optional(),
  })
  .strict()
  .refine((o) => !o.questions || o.questions.length >= o.config.questionsPerMatch, {
    message: "fewer questions than questionsPerMatch",
    path: ["questions"],
  })
  .refine((o) => !o.questions || new Set(o.questions.map((q) => q.id)).size === o.questions.length, {
    message: "question ids must be unique",
    path: ["questions"],
  });
export type CreateTriviaRoom = z.infer<typeof CreateTriviaRoom>;

/** What the rules find a room's stored questions with (filled by `prepare` before they run). */
export type QuestionSets = (hash: string) => Question[] | undefined;
