/**
 * Text limits the server enforces and the web client shows. This module imports nothing,
 * so the browser bundle may import it as it is: the two sides read one constant.
 */

/** Longest answer the server reads; anything longer is refused before it reaches the rules. */
export const MAX_ANSWER = 200;
/** Longest name a player may give (after trimming). */
export const MAX_NAME = 24;
