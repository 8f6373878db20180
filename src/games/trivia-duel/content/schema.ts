import { z } from "zod";

/**
 * The document's question schema (`id: string`, here 1–64 characters; every text bounded,
 * so a room's own questions stay small), plus an optional per-question strict-matching flag. Uploaded questions take any id; the shipped bank
 * keeps its own `q_category_topic` pattern (BankQuestion).
 */
export const Question = z.object({
  id: z.string().min(1).max(64),
  category: z.string().min(1).max(60),
  /** Pyramidal: the hardest facts first, the giveaway last (the shipped bank's run 250-450 characters). */
  clue: z.string().min(1).max(1000),
  /** Lowercase, trimmed forms a player may type (spellings, transliterations, with and without titles). */
  acceptedAnswers: z.array(z.string().min(1).max(100)).min(1).max(20),
  displayAnswer: z.string().min(1).max(100),
  strict: z.boolean().optional(),
});
export type Question = z.infer<typeof Question>;

export const BankQuestion = Question.extend({ id: z.string().regex(/^q_[a-z0-9_]+$/) });

export const QuestionFile = z.array(BankQuestion);
