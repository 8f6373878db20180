/**
 * Text limits the server enforces and the web client shows. This module imports nothing,
 * so the browser bundle may import it as it is: the two sides read one constant.
 */

/** Longest answer the server reads; anything longer is refused before it reaches the rules. */
export const MAX_ANSWER = 200;
/** Longest name a player may give (after trimming). */
export const MAX_NAME = 24;

/**
 * What a room's own questions may hold (POST /api/v1/trivia/rooms). Every text has a length
 * in characters, and the whole set a size in bytes as stored (UTF-8 JSON): a character may
 * take up to four bytes, so the characters alone would not bound what the owner's quota is
 * charged. The largest set of plain-ASCII text at every limit is about 170 KB.
 */
export const QUESTION_LIMITS = {
  minQuestions: 3,
  maxQuestions: 50,
  idChars: 64,
  categoryChars: 60,
  clueChars: 1000,
  acceptedAnswers: 20,
  answerChars: 100,
  displayAnswerChars: 100,
  setBytes: 192 * 1024,
} as const;
