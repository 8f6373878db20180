import { z } from "zod";

/**
 * The document's question schema (`id: string`, here 1–64 characters), plus an optional
 * per-question strict-matching flag. Uploaded questions take any id; the shipped bank
 * keeps its own `q_category_topic` pattern (BankQuestion).
 */
export const Question = z.object({
  id: z.string().min(1).max(64),
  category: z.string().min(1),
  /** Pyramidal: the hardest facts first, the giveaway last. */
  clue: z.string().min(1),
  /** Lowercase, trimmed forms a player may type (spellings, transliterations, with and without titles). */
  acceptedAnswers: z.array(z.string().min(1)).min(1),
  displayAnswer: z.string().min(1),
  strict: z.boolean().optional(),
});
export type Question = z.infer<typeof Question>;

export const BankQuestion = Question.extend({ id: z.string().regex(/^q_[a-z0-9_]+$/) });

export const QuestionFile = z.array(BankQuestion);
