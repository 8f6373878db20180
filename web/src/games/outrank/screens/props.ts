import type { OutrankClient } from "../reducer";
import type { OutrankRoom } from "../useOutrankRoom";
import type { OutrankView } from "../wire";

/** What every screen of a synced room gets: the client state, its view, and the room's handle. */
export interface ScreenProps {
  s: OutrankClient;
  v: OutrankView;
  room: OutrankRoom;
}
