import { z } from "zod";
import { withOldNames } from "../../engine/renamed-keys";
import { CardType, ConsequenceCode, DeckTypeCode } from "./content/schema";

/**
 * The room options. Decks arrive by content: the platform resolves the deck ids a game was
 * created with (and their stored versions) to the document's `GameDeck` objects before
 * setup, so the rules never read a database and a replay finds the same cards.
 *
 * The deck schema here is looser than the shipped content's (content/schema.ts): decks
 * that users build through the REST API need no `topic`, any non-empty `cardid` and no
 * display name, and unknown fields (`played`, `playerid`, …) are dropped.
 */

export const ConsequenceOption = z.object({
  type: ConsequenceCode,
  /** Steps or turns; the document's default is 1. */
  value: z.number().int().min(0).max(1000).optional(),
});
export type ConsequenceOption = z.infer<typeof ConsequenceOption>;

const Text = z.string().max(2000);
const base = { cardid: z.string().min(1).max(200), question: Text.default("") };

const QuizOptionSchema = z.object({ answer: z.string().trim().min(1).max(4), text: Text, correct: z.boolean() });

export const QuizCardOption = z.object({
  ...base,
  type: z.literal(CardType.QUIZ),
  answer: z
    .array(QuizOptionSchema)
    .min(2)
    .max(8)
    .refine((os) => os.some((o) => o.correct), "a quiz card needs a correct option")
    .refine(
      (os) => new Set(os.map((o) => o.answer.toUpperCase())).size === os.length,
      "quiz option letters must differ",
    ),
});
export const PairingCardOption = z.object({
  ...base,
  type: z.literal(CardType.SENTENCE_PAIRING),
  answer: z.union([z.array(z.object({ left: Text.min(1), right: Text.min(1) })).min(2), Text.trim().min(1)]),
});
export const OwnAnswerCardOption = z.object({
  ...base,
  type: z.literal(CardType.OWN_ANSWER),
  answer: z.array(Text.min(1)).min(1),
});
export const TrueFalseCardOption = z.object({ ...base, type: z.literal(CardType.TRUE_FALSE), answer: z.boolean() });
export const CloserCardOption = z.object({
  ...base,
  type: z.literal(CardType.CLOSER),
  answer: z.object({ correct: z.number().finite(), percent: z.number().finite().min(0) }),
});
export const JokerCardOption = z.object({
  ...base,
  type: z.literal(CardType.JOKER),
  consequence: ConsequenceOption.nullable().default(null),
});
export const LuckCardOption = z.object({ ...base, type: z.literal(CardType.LUCK), consequence: ConsequenceOption });

export const RaceCard = z.discriminatedUnion("type", [
  QuizCardOption,
  PairingCardOption,
  OwnAnswerCardOption,
  TrueFalseCardOption,
  CloserCardOption,
  JokerCardOption,
  LuckCardOption,
]);
export type RaceCard = z.infer<typeof RaceCard>;
export type QuestionCard = Extract<RaceCard, { type: 0 | 1 | 2 | 3 | 4 }>;

export const RaceDeck = z.object({
  deckid: z.string().min(1).max(200),
  name: z.string().max(200).optional(),
  decktype: DeckTypeCode,
  cards: z.array(RaceCard).max(5000),
});
export type RaceDeck = z.infer<typeof RaceDeck>;

/** The document's `LoginType`: 0 PUBLIC, 1 PRIVATE, 2 ORGANIZATION (the platform's business). */
export const LoginType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * The board's fields: 100 (docs/games/serpent-race.md, Decisions D4) unless the
 * gamemaster picks another size (ours, beyond the document: a short board makes a short
 * race).
 */
export const BOARD_SIZE = { min: 10, max: 200, default: 100 } as const;
export const BoardSize = z.number().int().min(BOARD_SIZE.min).max(BOARD_SIZE.max);

/**
 * The timers a gamemaster may choose when creating a game (ours, beyond the document, which
 * fixes 60, 120, 30 and 2 s): whole seconds within these ranges, the document's when left out.
 * A class of younger pupils may need longer to answer; a quick revision round, less.
 */
export const TIMER_SECONDS = {
  answerSeconds: { min: 5, max: 600, default: 60 },
  decisionSeconds: { min: 10, max: 600, default: 120 },
  guessSeconds: { min: 5, max: 300, default: 30 },
  drawDelaySeconds: { min: 1, max: 10, default: 2 },
} as const;

const Seconds = (d: number) => z.number().positive().max(86_400).default(d);

/**
 * The engine's one grace window is `graceSeconds`; this game first called it
 * `absentSkipSeconds`, which is still taken (a log's options may say so) and still what the
 * state sync shows.
 */
export const OLD_NAMES = { absentSkipSeconds: "graceSeconds" } as const;

/** The race's options as an object schema (a hosted room extends it); parse with `SerpentOptions`. */
export const RaceOptions = z.object({
  /** The game's decks, by content (see above). */
  decks: z.array(RaceDeck).max(100).default([]),
  maxPlayers: z.number().int().min(2).max(10).default(10),
  /** 100 fields by default (docs/games/serpent-race.md, Decisions D4). */
  boardSize: BoardSize.default(BOARD_SIZE.default),
  /** The server rolls unless the room plays with physical dice (docs/games/serpent-race.md, Decisions D1). */
  physicalDice: z.boolean().default(false),
  /** The document's three timeouts and its draw delay, in seconds (scaled by the time scale). */
  answerSeconds: Seconds(TIMER_SECONDS.answerSeconds.default),
  decisionSeconds: Seconds(TIMER_SECONDS.decisionSeconds.default),
  guessSeconds: Seconds(TIMER_SECONDS.guessSeconds.default),
  drawDelaySeconds: Seconds(TIMER_SECONDS.drawDelaySeconds.default),
  /**
   * Not in the document: how long the race waits for a player who is away (their socket
   * gone) when their turn comes to roll, before it skips that turn. Only while someone else
   * in the race is connected: with everyone away, the race waits.
   */
  graceSeconds: Seconds(30),
  /** Opaque to the rules, carried for the platform (and shown in the state sync). */
  loginType: LoginType.default(0),
  createdBy: z.string().max(200).nullable().default(null),
  orgId: z.string().max(200).nullable().default(null),
  /** The document's game UUID, for `boardData.gameId`; the room code stands in when absent. */
  gameId: z.string().max(200).optional(),
});
export const SerpentOptions = withOldNames(OLD_NAMES, RaceOptions);
export type SerpentOptions = z.infer<typeof SerpentOptions>;
