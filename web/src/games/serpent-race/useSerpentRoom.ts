import { useCallback, useEffect } from "react";
import { accessToken, useAccount } from "../../kit/account";
import { type Room, useRoom } from "../../kit/room";
import { play } from "../../kit/sound";
import { saveEnded, serpentSeats } from "./api";
import { initialClient, type SerpentAction, type SerpentClient, serpentReducer } from "./reducer";
import { isServerMessage, type ServerMessage } from "./wire";

/** Who this page is in the race: a seated player, the gamemaster (an account), or a screen that watches. */
export type RoomRole = "player" | "gamemaster" | "spectator";

export interface SerpentRoom extends Omit<Room<SerpentClient, SerpentAction>, "leave"> {
  /** Send one of the document's events; resolves true when the server accepted it. */
  send(event: string, data?: Record<string, unknown>): Promise<boolean>;
  /** Give the place up for good (waits for the server), and forget the game token. */
  leave(): Promise<void>;
}

/** The access token if signed in (renewed when it is about to expire), else nothing. */
const signedIn = async (): Promise<{ token?: string }> => {
  const token = await accessToken().catch(() => null);
  return token ? { token } : {};
};

/**
 * One socket to /game for the room page. The handshake is read again on every reconnect:
 * a player's stored game token, the gamemaster's access token or, for a screen that
 * watches, the code with what gives it the right to watch a PRIVATE or ORGANIZATION game
 * (the projector link's `key`, or the signed-in account). Every reconnect brings a
 * `game:state`, so a refresh or a lost line puts the page back where the race is.
 */
export function useSerpentRoom(code: string, role: RoomRole, watchKey: string | null = null): SerpentRoom {
  // A screen refused for want of an account watches once one signs in here.
  const account = useAccount();
  const watcher = role === "spectator" ? (account?.id ?? "") : "";
  const room = useRoom({
    namespace: "/game",
    session: [code, role, watchKey, watcher].join("\n"),
    room: code,
    init: () => initialClient(code),
    reducer: serpentReducer,
    handshake: async () => {
      if (role === "gamemaster") return { gameCode: code, ...(await signedIn()) };
      if (role === "spectator") {
        const { token } = await signedIn();
        return { gameCode: code, ...(watchKey ? { key: watchKey } : {}), ...(token ? { accessToken: token } : {}) };
      }
      const seat = serpentSeats.load(code);
      return seat ? { token: seat.token } : { gameCode: code };
    },
    read: (event, data) => (isServerMessage(event, data) ? ({ event, data } as ServerMessage) : null),
    refused: (m) => m.event === "game:error",
    heard: (msg) => {
      if (msg.event === "game:ended") saveEnded(code, msg.data);
    },
  });

  // The reducer says which prompts and results deserve a sound (once each: a prompt sent
  // again after a reconnect stays silent); each cue id plays once.
  const cue = room.state.cue;
  useEffect(() => {
    if (cue) play(cue.sound);
  }, [cue]);

  const { ask } = room;
  const send = useCallback(
    async (event: string, data: Record<string, unknown> = {}) => {
      // A refusal also arrives as game:error, which the reducer shows; here only the outcome.
      const answer = await ask(event, { gameCode: code, ...data });
      return answer !== null && (answer.reply as { ok?: boolean } | undefined)?.ok !== false;
    },
    [ask, code],
  );

  const leaveRoom = room.leave;
  const leave = useCallback(async () => {
    await leaveRoom("game:leave", { gameCode: code });
    serpentSeats.forget(code);
  }, [leaveRoom, code]);

  return { ...room, send, leave };
}
