import { z } from "zod";
import {
  CardType,
  CloserCard,
  Consequence,
  DeckType,
  DeckTypeCode,
  JokerCard,
  LuckCard,
  OwnAnswerCard,
  QuizCard,
  QuizOption,
  SentencePair,
  SentencePairingCard,
  TrueFalseCard,
} from "../content/schema";

/**
 * How long each text of an uploaded deck may be, in characters (the shipped decks stay well
 * within them: their longest question is about 120, their longest option about 50). Every
 * text has a limit, so no field can carry a file's worth of text into the race's messages.
 */
export const TEXT_LIMITS = {
  name: 80,
  question: 500,
  /** A quiz option, an accepted answer, either side of a pair. */
  option: 200,
  /** A legacy pairing card's sentence. */
  sentence: 300,
  cardid: 100,
  topic: 40,
  /** Accepted answers of an own-answer card, pairs of a pairing card. */
  answers: 20,
  pairs: 12,
} as const;

const text = (max: number, what: string) =>
  z.string().min(1, `${what} is empty`).max(max, `${what} is at most ${max} characters`);
const Question = text(TEXT_LIMITS.question, "a question");
const Option = text(TEXT_LIMITS.option, "an answer");

/**
 * Cards as a teacher writes them into a deck (POST/PUT /api/v1/decks): the document's
 * `GameCard` with every type's answer format checked, a `cardid` optional (the server
 * assigns one) and free of the shipped decks' naming rules, the topic optional, and every
 * text within `TEXT_LIMITS`.
 */
const loose = {
  cardid: text(TEXT_LIMITS.cardid, "a card id").optional(),
  topic: text(TEXT_LIMITS.topic, "a subject").optional(),
  question: Question,
};

const QuizUpload = QuizCard.extend({
  ...loose,
  answer: z.array(QuizOption.extend({ text: Option })).length(4),
}).superRefine((c, ctx) => {
  const letters = c.answer
    .map((o) => o.answer)
    .sort()
    .join("");
  if (letters !== "ABCD")
    ctx.addIssue({ code: "custom", path: ["answer"], message: "a quiz has options A, B, C and D" });
  if (c.answer.filter((o) => o.correct).length !== 1)
    ctx.addIssue({ code: "custom", path: ["answer"], message: "exactly one quiz option is correct" });
});

export const UploadCard = z.discriminatedUnion("type", [
  QuizUpload,
  SentencePairingCard.extend({
    ...loose,
    answer: z.union([
      z
        .array(SentencePair.extend({ left: Option, right: Option }))
        .min(2)
        .max(TEXT_LIMITS.pairs, `a pairing card has at most ${TEXT_LIMITS.pairs} pairs`),
      text(TEXT_LIMITS.sentence, "a sentence"),
    ]),
  }),
  OwnAnswerCard.extend({
    ...loose,
    answer: z
      .array(Option)
      .min(1)
      .max(TEXT_LIMITS.answers, `an own-answer card has at most ${TEXT_LIMITS.answers} accepted answers`),
  }),
  TrueFalseCard.extend(loose),
  CloserCard.extend(loose).superRefine((c, ctx) => {
    if (c.answer.percent < 0 || c.answer.percent > 100)
      ctx.addIssue({ code: "custom", path: ["answer", "percent"], message: "percent is between 0 and 100" });
  }),
  JokerCard.extend(loose),
  LuckCard.extend({ cardid: loose.cardid, question: Question, consequence: Consequence }),
]);
export type UploadCard = z.infer<typeof UploadCard>;

const QUESTION = [CardType.QUIZ, CardType.SENTENCE_PAIRING, CardType.OWN_ANSWER, CardType.TRUE_FALSE, CardType.CLOSER];
/** Which card types each deck type may hold (the document: question decks for fields, luck and joker decks apart). */
export const ALLOWED_TYPES: Record<number, readonly CardType[]> = {
  [DeckType.POSITIVE]: QUESTION,
  [DeckType.NEGATIVE]: QUESTION,
  [DeckType.LUCK]: [CardType.LUCK],
  [DeckType.JOKER]: [CardType.JOKER],
};

/**
 * Per deck, per owner and per request. `ownerBytes` counts every byte of every stored version
 * an owner's decks hold, names and cards alike (a version stays while an open game names
 * it), so neither edits nor long texts can fill the disk.
 */
export const DECK_LIMITS = { cards: 500, perOwner: 100, bodyBytes: 512 * 1024, ownerBytes: 25 * 1024 * 1024 };

export const DeckBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "a deck needs a name")
      .max(TEXT_LIMITS.name, `a deck's name is at most ${TEXT_LIMITS.name} characters`),
    decktype: DeckTypeCode,
    cards: z.array(UploadCard).min(1).max(DECK_LIMITS.cards),
    /** Who may use it: only you, an organisation you belong to (`orgid`), or everyone. */
    visibility: z.enum(["private", "org", "public"]).default("private"),
    orgid: z.string().min(1).max(100).nullable().optional(),
  })
  .superRefine((d, ctx) => {
    const allowed = ALLOWED_TYPES[d.decktype]!;
    d.cards.forEach((c, i) => {
      if (!allowed.includes(c.type))
        ctx.addIssue({
          code: "custom",
          path: ["cards", i, "type"],
          message: `type ${c.type} does not belong in this deck type`,
        });
    });
    const ids = d.cards.map((c) => c.cardid).filter((id): id is string => id !== undefined);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["cards"], message: "cardids repeat" });
    if (d.visibility === "org" && !d.orgid)
      ctx.addIssue({ code: "custom", path: ["orgid"], message: "an organisation deck names its orgid" });
  });
export type DeckBody = z.infer<typeof DeckBody>;

/** A deck listing's page: this many decks unless `limit` asks for fewer or more, never more than `max`. */
export const DECK_PAGE = { default: 50, max: 100 } as const;

/** GET /api/v1/decks's query (strings on the wire; the route reads them with this). */
export const DeckListQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `a whole number from 1 to ${DECK_PAGE.max}`)
    .refine((v) => Number(v) >= 1 && Number(v) <= DECK_PAGE.max, `a whole number from 1 to ${DECK_PAGE.max}`)
    .optional()
    .describe(`decks on a page, 1 to ${DECK_PAGE.max}; ${DECK_PAGE.default} when left out`),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,400}$/, "not a cursor this server gave")
    .optional()
    .describe("the nextCursor of the page before, for the page after it"),
});
