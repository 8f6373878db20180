import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { accessToken } from "../../kit/account";
import { type ConnectionStatus, useConnection } from "../../kit/connection";
import { connectNamespace } from "../../kit/socket";
import { play } from "../../kit/sound";
import { forgetSeat, loadSeat, saveEnded } from "./api";
import { initialClient, type SerpentAction, type SerpentClient, serpentReducer } from "./reducer";
import { isServerMessage, type ServerMessage } from "./wire";

/** Who this page is in the race: a seated player, the gamemaster (an account), or a screen that watches. */
export type RoomRole = "player" | "gamemaster" | "spectator";

export interface SerpentRoom {
  state: SerpentClient;
  connection: ConnectionStatus;
  dispatch(a: SerpentAction): void;
  /** Send one of the document's events; resolves true when the server accepted it. */
  send(event: string, data?: Record<string, unknown>): Promise<boolean>;
  /** Give the place up for good (waits for the server), and forget the game token. */
  leave(): Promise<void>;
}

const ACK_MS = 8000;

/**
 * One socket to /game for the room page. The handshake is read again on every reconnect:
 * a player's stored game token, the gamemaster's access token (renewed when it is about
 * to expire) or, for a projector, the code alone. Every reconnect brings a `game:state`,
 * so a refresh or a lost line puts the page back where the race is.
 */
export function useSerpentRoom(code: string, role: RoomRole): SerpentRoom {
  const [state, dispatch] = useReducer(serpentReducer, code, initialClient);
  const [socket, setSocket] = useState<Socket | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const connection = useConnection(socket);

  useEffect(() => {
    const auth = (cb: (data: object) => void) => {
      if (role === "gamemaster") {
        accessToken()
          .then((token) => cb(token ? { token, gameCode: code } : { gameCode: code }))
          .catch(() => cb({ gameCode: code }));
        return;
      }
      const seat = role === "player" ? loadSeat(code) : null;
      cb(seat ? { token: seat.token } : { gameCode: code });
    };
    const s = connectNamespace("/game", { auth });
    socketRef.current = s;
    setSocket(s);
    s.onAny((event: string, data: unknown) => {
      if (!isServerMessage(event, data)) return;
      const msg = { event, data } as ServerMessage;
      dispatch({ kind: "server", msg, at: Date.now() });
      if (msg.event === "game:ended") saveEnded(code, msg.data);
    });
    return () => {
      s.removeAllListeners();
      s.offAny();
      s.disconnect();
      socketRef.current = null;
    };
  }, [code, role]);

  // The reducer says which prompts and results deserve a sound (once each: a prompt sent
  // again after a reconnect stays silent); each cue id plays once.
  const cue = state.cue;
  useEffect(() => {
    if (cue) play(cue.sound);
  }, [cue]);

  const send = useCallback(
    (event: string, data: Record<string, unknown> = {}) => {
      const s = socketRef.current;
      if (!s?.connected) {
        dispatch({ kind: "toast", code: "offline", message: "Not connected right now; try again in a moment." });
        return Promise.resolve(false);
      }
      return new Promise<boolean>((resolve) => {
        s.timeout(ACK_MS).emit(event, { gameCode: code, ...data }, (err: unknown, res?: { ok?: boolean }) => {
          // A refusal also arrives as game:error, which the reducer shows; here only the outcome.
          resolve(!err && res?.ok !== false);
        });
      });
    },
    [code],
  );

  const leave = useCallback(async () => {
    const s = socketRef.current;
    if (s?.connected)
      await new Promise<void>((resolve) => {
        s.timeout(1500).emit("game:leave", { gameCode: code }, () => resolve());
      });
    forgetSeat(code);
    s?.disconnect();
  }, [code]);

  return { state, connection, dispatch, send, leave };
}
