/**
 * A small list of words that have no place in a family party game. It is a tripwire for
 * slips while writing or importing cards, not a moderation system: matching is whole-word
 * and case-insensitive, so "shell" or "skill" never trip "hell" or "kill".
 */
export const DENIED_WORDS: readonly string[] = [
  "beer",
  "blood",
  "bloody",
  "booze",
  "cocaine",
  "corpse",
  "crap",
  "damn",
  "drunk",
  "drugs",
  "gore",
  "gun",
  "guns",
  "hell",
  "kill",
  "killed",
  "killing",
  "murder",
  "naked",
  "nude",
  "porn",
  "sex",
  "sexy",
  "suicide",
  "vodka",
  "whiskey",
  "wine",
];

const pattern = new RegExp(`\\b(${DENIED_WORDS.join("|")})\\b`, "gi");

/** The denied words a text contains, lowercased, in order of appearance. */
export function deniedWordsIn(text: string): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1]!.toLowerCase());
}
