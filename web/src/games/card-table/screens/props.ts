import type { CardsClient } from "../reducer";
import type { CardsRoomHandle } from "../useCardsRoom";
import type { GameStateView } from "../wire";

/** What every screen of a synced room gets: the client state, the view it holds, and the room's handle. */
export interface ScreenProps {
  s: CardsClient;
  v: GameStateView;
  room: CardsRoomHandle;
}
