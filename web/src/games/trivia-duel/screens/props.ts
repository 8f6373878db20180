import type { Perspective } from "../perspective";
import type { TriviaClient } from "../reducer";

import type { ClientIntent } from "../wire";

/** What every phase screen gets from the room page. */
export interface ScreenProps {
  s: TriviaClient;
  p: Perspective;
  send(intent: ClientIntent): void;
}

/**
 * How every countdown on the page runs: on the server's clock, and frozen where it stood
 * while the duel waits (docs/games/trivia-duel.md, Decisions D8: the server moves each
 * deadline on when its clock restarts; a page that lost its line waits for the new ones).
 */
export function clockOf(s: TriviaClient): { offset: number; frozenAt: number | null } {
  return { offset: s.clockOffset, frozenAt: s.frozenAt };
}
