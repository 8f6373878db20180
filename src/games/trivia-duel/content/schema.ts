import { z } from "zod";

/** The document's question schema, plus an optional per-question strict-matching flag. */
export const Question = z.object({
  id: z.string().regex(/^q_[a-z0-9_]+$/),
  category: z.string().min(1),
  /** Pyramidal: the hardest facts first, the giveaway last. */
  clue: z.string().min(1),
  /** Lowercase, trimmed forms a player may type (spellings, transliterations, with and without titles). */
  acceptedAnswers: z.array(z.string().min(1)).min(1),
  displayAnswer: z.string().min(1),
  strict: z.boolean().optional(),
});
export type Question = z.infer<typeof Question>;

export const QuestionFile = z.array(Question);
