import { z } from "zod";
import {
  CardType,
  CloserCard,
  Consequence,
  DeckType,
  JokerCard,
  LuckCard,
  OwnAnswerCard,
  QuizCard,
  SentencePairingCard,
  TrueFalseCard,
} from "../content/schema";

/**
 * Cards as a teacher writes them into a deck (POST/PUT /api/v1/decks): the document's
 * `GameCard` with every type's answer format checked, a `cardid` optional (the server
 * assigns one) and free of the shipped decks' naming rules, and the topic optional.
 */
const loose = { cardid: z.string().min(1).max(100).optional(), topic: z.string().min(1).max(40).optional() };

const QuizUpload = QuizCard.extend(loose).superRefine((c, ctx) => {
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
  SentencePairingCard.extend(loose),
  OwnAnswerCard.extend(loose),
  TrueFalseCard.extend(loose),
  CloserCard.extend(loose).superRefine((c, ctx) => {
    if (c.answer.percent < 0 || c.answer.percent > 100)
      ctx.addIssue({ code: "custom", path: ["answer", "percent"], message: "percent is between 0 and 100" });
  }),
  JokerCard.extend(loose),
  LuckCard.extend({ cardid: z.string().min(1).max(100).optional(), consequence: Consequence }),
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

/** At most this many cards in one deck, and this many decks per owner. */
/**
 * Per deck, per owner and per request. `ownerBytes` counts every stored version an owner's
 * decks hold (a version stays while an open game names it), so edits cannot fill the disk.
 */
export const DECK_LIMITS = { cards: 500, perOwner: 100, bodyBytes: 512 * 1024, ownerBytes: 25 * 1024 * 1024 };

export const DeckBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    decktype: z.union([
      z.literal(DeckType.POSITIVE),
      z.literal(DeckType.NEGATIVE),
      z.literal(DeckType.LUCK),
      z.literal(DeckType.JOKER),
    ]),
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
