import type { Perspective } from "../perspective";
import type { TriviaClient } from "../reducer";
import type { ClientIntent } from "../wire";

/** What every phase screen gets from the room page. */
export interface ScreenProps {
  s: TriviaClient;
  p: Perspective;
  send(intent: ClientIntent): void;
}
