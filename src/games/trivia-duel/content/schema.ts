import { z } from "zod";
import { normalizeAnswer } from "../answer-match";
import { QUESTION_LIMITS as L } from "../limits";

/** Control characters (tabs, line breaks, NUL…) and unpaired surrogates: no question text needs them, and stored JSON cannot hold all of them. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

/**
 * One text field of a question: trimmed, not empty, at most `max` characters, printable.
 * Each refusal names the field in words, so a client sees which text is wrong and why.
 */
function text(what: string, max: number) {
  return z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} is empty`)
    .max(max, `${what} may be at most ${max} characters`)
    .refine((t) => !UNPRINTABLE.test(t), `${what} may not hold control characters (tabs, line breaks, NUL…)`);
}

/**
 * The document's question schema (`id: string`, here 1–64 characters; every text bounded,
 * so a room's own questions stay small), plus an optional per-question strict-matching
 * flag. Unknown keys are refused rather than dropped: nothing a client sends goes unchecked.
 * Uploaded questions take any id; the shipped bank keeps its own `q_category_topic` pattern
 * (BankQuestion).
 */
export const Question = z
  .object({
    id: text("the id", L.idChars),
    category: text("the category", L.categoryChars),
    /** Pyramidal: the hardest facts first, the giveaway last (the shipped bank's run 250-450 characters). */
    clue: text("the clue", L.clueChars),
    /** Lowercase, trimmed forms a player may type (spellings, transliterations, with and without titles). */
    acceptedAnswers: z
      .array(
        text("an accepted answer", L.answerChars).refine(
          (a) => normalizeAnswer(a).length > 0,
          "an accepted answer needs a letter or a digit (nobody could type one without)",
        ),
      )
      .min(1, "a question needs at least one accepted answer")
      .max(L.acceptedAnswers, `a question may have at most ${L.acceptedAnswers} accepted answers`),
    displayAnswer: text("the displayed answer", L.displayAnswerChars),
    strict: z.boolean().optional(),
  })
  .strict();
export type Question = z.infer<typeof Question>;

export const BankQuestion = Question.extend({ id: z.string().regex(/^q_[a-z0-9_]+$/) });

export const QuestionFile = z.array(BankQuestion);

/**
 * A question set as the content store holds it. Sets stored before the stricter text rules
 * above were checked by the older ones only; reading them must not fail, or the rooms that
 * name them would not come back after a restart.
 */
export const StoredQuestion = z.object({
  id: z.string(),
  category: z.string(),
  clue: z.string(),
  acceptedAnswers: z.array(z.string()).min(1),
  displayAnswer: z.string(),
  strict: z.boolean().optional(),
});
