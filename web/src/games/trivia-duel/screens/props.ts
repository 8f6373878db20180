import type { Perspective } from "../perspective";
import type { TriviaClient } from "../reducer";

import type { ClientIntent } from "../wire";

/** What every phase screen gets from the room page. */
export interface ScreenProps {
  s: TriviaClient;
  p: Perspective;
  send(intent: ClientIntent): void;
}

/** A deadline to count down to, or none while the duel's clock is stopped (RULINGS #8: it moves on when the clock restarts). */
export function running(s: TriviaClient, deadline: number | null): number | null {
  return s.clockStopped ? null : deadline;
}
