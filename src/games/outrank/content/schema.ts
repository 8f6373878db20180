import { z } from "zod";

/** The four token categories the document names. */
export const Category = z.enum(["movies", "countries", "sports", "companies"]);
export type Category = z.infer<typeof Category>;

/** The document gives every token four tags, one from each of the dimensions A to D. */
export const TAG_DIMENSIONS = ["A", "B", "C", "D"] as const;
export const TagDimension = z.enum(TAG_DIMENSIONS);
export type TagDimension = z.infer<typeof TagDimension>;

const statKey = z.string().regex(/^[a-z][A-Za-z0-9]*$/);

/** One comparable number every token of a category carries. */
export const StatDefinition = z.object({
  key: statKey,
  label: z.string().min(1),
  /** What the number counts: "USD", "km²", "year", "minutes"… */
  unit: z.string().min(1),
  /** Where the number comes from and how it was rounded. */
  note: z.string().min(1),
});
export type StatDefinition = z.infer<typeof StatDefinition>;

export const Token = z.object({
  id: z.string().regex(/^[a-z]+-[a-z0-9-]+$/),
  name: z.string().min(1),
  category: Category,
  stats: z.record(statKey, z.number().finite().nonnegative()),
  tags: z.strictObject({ A: z.string().min(1), B: z.string().min(1), C: z.string().min(1), D: z.string().min(1) }),
});
export type Token = z.infer<typeof Token>;

/** One `tokens/<category>.json` file: the category's stats, its tag dimensions and its tokens. */
export const TokenFile = z.object({
  category: Category,
  label: z.string().min(1),
  /** The date the figures in this file are correct as of (YYYY-MM-DD). */
  asOf: z.iso.date(),
  stats: z.array(StatDefinition).min(3),
  tagDimensions: z.array(z.object({ dimension: TagDimension, label: z.string().min(1) })).length(TAG_DIMENSIONS.length),
  tokens: z.array(Token),
});
export type TokenFile = z.infer<typeof TokenFile>;

/** A challenge card: the category the pool is drawn from and the stat the guesses compare. */
export const Challenge = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  category: Category,
  stat: statKey,
  /** Shown to players, e.g. "Movies - Box Office". */
  name: z.string().min(1),
  /**
   * Which end of the stat outranks the other (the document's `direction`): "higher" (the
   * default) when a bigger number ranks higher, "lower" when a smaller one does. HIGHER
   * and LOWER are calls about rank, so on a "lower" card HIGHER claims a smaller number.
   */
  direction: z.enum(["higher", "lower"]).optional(),
});
export type Challenge = z.infer<typeof Challenge>;

export const ChallengeFile = z.array(Challenge);
