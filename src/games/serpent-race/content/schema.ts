import { z } from "zod";

/** The document's `CardType` enum, with its numeric values. */
export const CardType = {
  QUIZ: 0,
  SENTENCE_PAIRING: 1,
  OWN_ANSWER: 2,
  TRUE_FALSE: 3,
  CLOSER: 4,
  JOKER: 5,
  LUCK: 6,
} as const;
export type CardType = (typeof CardType)[keyof typeof CardType];

/** The document's `ConsequenceType` enum (4 is unused there, so it is absent here too). */
export const ConsequenceType = {
  MOVE_FORWARD: 0,
  MOVE_BACKWARD: 1,
  LOSE_TURN: 2,
  EXTRA_TURN: 3,
  GO_TO_START: 5,
} as const;
export type ConsequenceType = (typeof ConsequenceType)[keyof typeof ConsequenceType];

/** The document's `DeckType` enum: which field (or landing) draws from the deck. */
export const DeckType = { POSITIVE: 0, NEGATIVE: 1, LUCK: 2, JOKER: 3 } as const;
export type DeckType = (typeof DeckType)[keyof typeof DeckType];

/** Not in the document: the school subject a question belongs to, for deck building and checks. */
export const Topic = z.enum(["science", "geography", "history", "language"]);
export type Topic = z.infer<typeof Topic>;

export const QuizOption = z.strictObject({
  answer: z.enum(["A", "B", "C", "D"]),
  text: z.string().min(1),
  correct: z.boolean(),
});
export type QuizOption = z.infer<typeof QuizOption>;

/** A stored left/right pair (the "new" sentence-pairing format). */
export const SentencePair = z.strictObject({ left: z.string().min(1), right: z.string().min(1) });
export type SentencePair = z.infer<typeof SentencePair>;

/** A luck consequence's type as the document numbers it. */
export const ConsequenceCode = z.union([
  z.literal(ConsequenceType.MOVE_FORWARD),
  z.literal(ConsequenceType.MOVE_BACKWARD),
  z.literal(ConsequenceType.LOSE_TURN),
  z.literal(ConsequenceType.EXTRA_TURN),
  z.literal(ConsequenceType.GO_TO_START),
]);

export const Consequence = z.strictObject({
  type: ConsequenceCode,
  /** Steps or turns; the document's default is 1. */
  value: z.number().int().positive().optional(),
});
export type Consequence = z.infer<typeof Consequence>;

const base = {
  cardid: z.string().regex(/^[a-z]+-\d{3}$/),
  question: z.string().min(1),
};
const questionBase = { ...base, topic: Topic };

export const QuizCard = z.strictObject({
  ...questionBase,
  type: z.literal(CardType.QUIZ),
  answer: z.array(QuizOption).length(4),
});
/** `answer` is either pairs (new format) or the sentence whose words are scrambled (legacy format). */
export const SentencePairingCard = z.strictObject({
  ...questionBase,
  type: z.literal(CardType.SENTENCE_PAIRING),
  answer: z.union([z.array(SentencePair).min(2), z.string().min(1)]),
});
export const OwnAnswerCard = z.strictObject({
  ...questionBase,
  type: z.literal(CardType.OWN_ANSWER),
  /** Every answer that counts as right. */
  answer: z.array(z.string().min(1)).min(1),
});
export const TrueFalseCard = z.strictObject({
  ...questionBase,
  type: z.literal(CardType.TRUE_FALSE),
  answer: z.boolean(),
});
/** Right when the guess is within `percent` % of `correct`. */
export const CloserCard = z.strictObject({
  ...questionBase,
  type: z.literal(CardType.CLOSER),
  answer: z.strictObject({ correct: z.number().finite(), percent: z.number().finite() }),
});
/** A task the gamemaster approves or rejects; it has no stored answer. */
export const JokerCard = z.strictObject({
  ...questionBase,
  type: z.literal(CardType.JOKER),
  consequence: Consequence.nullable(),
});
/** Applied at once when drawn; `question` is the text shown to the table. */
export const LuckCard = z.strictObject({
  ...base,
  type: z.literal(CardType.LUCK),
  consequence: Consequence,
});

export const GameCard = z.discriminatedUnion("type", [
  QuizCard,
  SentencePairingCard,
  OwnAnswerCard,
  TrueFalseCard,
  CloserCard,
  JokerCard,
  LuckCard,
]);
export type GameCard = z.infer<typeof GameCard>;

/** A deck's type as the document numbers it. */
export const DeckTypeCode = z.union([
  z.literal(DeckType.POSITIVE),
  z.literal(DeckType.NEGATIVE),
  z.literal(DeckType.LUCK),
  z.literal(DeckType.JOKER),
]);

/** The document's `GameDeck`, plus a display name. */
export const GameDeck = z.strictObject({
  deckid: z.uuid(),
  name: z.string().min(1),
  decktype: DeckTypeCode,
  cards: z.array(GameCard).min(1),
});
export type GameDeck = z.infer<typeof GameDeck>;
