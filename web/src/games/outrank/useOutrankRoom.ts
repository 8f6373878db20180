import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { errorText } from "../../kit/api";
import { type ConnectionStatus, leaveThenDisconnect, useConnection } from "../../kit/connection";
import { saveName } from "../../kit/identity";
import { connectNamespace } from "../../kit/socket";
import { play } from "../../kit/sound";
import { forgetSeat, loadSeat, saveSeat, takeSeat } from "./api";
import { initialClient, type OutrankAction, type OutrankClient, outrankReducer } from "./reducer";
import { type Action, type ClientMessage, isServerMessage, type OutrankEvent, type ServerMessage } from "./wire";

export interface OutrankRoom {
  state: OutrankClient;
  connection: ConnectionStatus;
  /** Send one action; its requestId ties the server's ack or error back to it. */
  send(action: Action): void;
  dispatch(a: OutrankAction): void;
  /** A watcher takes a seat: the server signs a token, and the socket reconnects with it. */
  sit(name: string): Promise<void>;
  sitting: boolean;
  /** Give the seat up for good (waits for the server's answer), and forget its token. */
  leave(): Promise<void>;
}

let counter = 0;
const requestId = () => `r${Date.now().toString(36)}-${++counter}`;

/**
 * One socket to /outrank for the room page. The handshake carries the room and, once this
 * browser has one, the seat token (read again on every reconnect, so a dropped line or a
 * reload takes the same seat back); without a token the socket watches.
 */
export function useOutrankRoom(roomId: string): OutrankRoom {
  const [state, dispatch] = useReducer(outrankReducer, roomId, initialClient);
  const [sitting, setSitting] = useState(false);
  const [socket, setSocket] = useState<Socket | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const connection = useConnection(socket);
  // Sounds need to know whose turn is ours; the latest view, without re-subscribing.
  const viewRef = useRef(state.view);
  viewRef.current = state.view;

  useEffect(() => {
    const auth = (cb: (data: object) => void) => {
      const seat = loadSeat(roomId);
      cb(seat ? { roomId, token: seat.token, name: seat.name } : { roomId });
    };
    const s = connectNamespace("/outrank", { auth });
    socketRef.current = s;
    setSocket(s);
    s.on("disconnect", () => dispatch({ kind: "disconnected" }));
    s.on("message", (msg: unknown) => {
      if (!isServerMessage(msg)) return;
      dispatch({ kind: "server", msg, at: Date.now() });
      cue(msg, viewRef.current);
    });
    return () => {
      s.removeAllListeners();
      s.disconnect();
      socketRef.current = null;
    };
  }, [roomId]);

  // A seat the lead took away, that we gave up, or whose token the server no longer knows
  // cannot be proven again: drop its token (and, for a bad token, come back as a watcher).
  useEffect(() => {
    if (state.removed) forgetSeat(roomId);
  }, [state.removed, roomId]);
  useEffect(() => {
    if (!state.badToken) return;
    forgetSeat(roomId);
    const s = socketRef.current;
    s?.disconnect();
    s?.connect();
  }, [state.badToken, roomId]);

  const send = useCallback((action: Action) => {
    const s = socketRef.current;
    if (!s?.connected) {
      dispatch({ kind: "toast", code: "offline", message: "Not connected right now; try again in a moment." });
      return;
    }
    const id = requestId();
    const msg: ClientMessage = { type: "action", action, requestId: id };
    s.emit("message", msg);
    dispatch({ kind: "sent", requestId: id, action });
  }, []);

  const sit = useCallback(
    async (name: string) => {
      setSitting(true);
      try {
        const token = await takeSeat(roomId, name);
        saveSeat(roomId, { token, name });
        saveName(name);
        // Reconnect so the handshake carries the new token and the server seats us.
        const s = socketRef.current;
        s?.disconnect();
        s?.connect();
      } catch (e) {
        dispatch({ kind: "toast", code: "seat", message: `Could not take a seat: ${errorText(e)}` });
      } finally {
        setSitting(false);
      }
    },
    [roomId],
  );

  const leave = useCallback(async () => {
    const s = socketRef.current;
    forgetSeat(roomId);
    dispatch({ kind: "left" });
    if (s) await leaveThenDisconnect(s, { type: "leave", requestId: requestId() } satisfies ClientMessage);
  }, [roomId]);

  return { state, connection, send, dispatch, sit, sitting, leave };
}

/** Short sounds (the kit's, with its mute switch) for what happens at the table. */
function cue(msg: ServerMessage, v: OutrankClient["view"]): void {
  if (msg.type !== "event") return;
  const e: OutrankEvent = msg.event;
  const meId = v && v.you !== null ? v.players[v.you]?.id : undefined;
  switch (e.type) {
    case "guessResolved":
      play(e.correct ? "right" : "wrong");
      break;
    case "cashedOut":
      play("right");
      break;
    case "roundEnded":
      if (e.bonus) play("tick");
      break;
    case "turnChanged":
      // Online: your own turn. One table: every turn (the device is passed on).
      if (v?.mode === "table" || e.playerId === meId) play("turn");
      break;
    case "gameEnded":
      play("buzz");
      break;
  }
}
