/**
 * Room codes as every game accepts them: 3 to 32 letters, digits, `-` or `_`, read
 * case-insensitively (stored upper case). Generated codes are six characters without
 * look-alikes; protocol clients that create rooms by joining (Trivia Duel) may pick their own.
 * One pattern for every wire adapter, REST route and the web client (this file imports
 * nothing, so the browser bundle can take it as it is).
 */
export const ROOM_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
