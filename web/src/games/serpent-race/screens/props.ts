import type { SerpentClient } from "../reducer";
import type { RoomRole, SerpentRoom } from "../useSerpentRoom";
import type { StateData } from "../wire";

/** What every room screen gets: the socket, the client state, its synced view, and who we are. */
export interface RoomProps {
  room: SerpentRoom;
  s: SerpentClient;
  v: StateData;
  role: RoomRole;
}
