/**
 * The document's two matrices, as the client needs them to know what comes next when the
 * event that says so goes to someone else (a guess request goes to the guessing player only).
 */

/** `determineGuessRequirement`: positive + right and negative + wrong ask for a position guess. */
export function guessFollows(fieldType: string, answerCorrect: boolean): boolean {
  if (fieldType === "positive") return answerCorrect;
  if (fieldType === "negative") return !answerCorrect;
  return false;
}

/** The joker matrix: positive + approved and negative + rejected ask for a joker guess (dice 6). */
export const jokerGuessFollows = (fieldType: string, approved: boolean): boolean => guessFollows(fieldType, approved);
