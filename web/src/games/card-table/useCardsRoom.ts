import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { connectNamespace } from "../../kit/socket";
import { ApiError, takeSeat } from "./api";
import { type CardsAction, type CardsClient, cardsReducer, initialCardsState } from "./reducer";
import { forgetSeat, loadSeat, rememberName, saveSeat } from "./seat-token";
import { type Action, type ClientMessage, isServerMessage } from "./wire";

export interface CardsRoomHandle {
  state: CardsClient;
  /** Send one action; its requestId ties the server's ack or error back to it. */
  send(action: Action): void;
  /** Play cards one after another, in order (a pick-2 answer is two plays). */
  play(cardIds: string[], slot: string): void;
  dispatch(a: CardsAction): void;
  /** A newcomer takes a seat: the server signs a token, and the socket reconnects with it. */
  sit(name: string): Promise<void>;
  sitting: boolean;
  /** Give up the seat for good and forget its token. */
  leave(): void;
}

let counter = 0;
const requestId = () => `r${Date.now().toString(36)}-${++counter}`;

/**
 * One socket to /cards for the room page. The handshake carries the room and, once this
 * browser has one, the seat token; without a token the socket simply watches.
 */
export function useCardsRoom(roomId: string): CardsRoomHandle {
  const [state, dispatch] = useReducer(cardsReducer, roomId, initialCardsState);
  const [sitting, setSitting] = useState(false);
  const socketRef = useRef<Socket | null>(null);

  useEffect(() => {
    // A function, so every reconnect reads the token as it is now (e.g. just after sitting down).
    const auth = (cb: (data: object) => void) => {
      const seat = loadSeat(roomId);
      cb(seat ? { roomId, token: seat.token, name: seat.name } : { roomId });
    };
    const socket = connectNamespace("/cards", { auth });
    socketRef.current = socket;
    socket.on("connect", () => dispatch({ kind: "connection", status: "online" }));
    socket.on("disconnect", () => dispatch({ kind: "connection", status: "offline" }));
    socket.on("connect_error", () => dispatch({ kind: "connection", status: "offline" }));
    socket.on("message", (msg: unknown) => {
      if (isServerMessage(msg)) dispatch({ kind: "server", msg, at: Date.now() });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [roomId]);

  // A seat the lead took away (or that we gave up) cannot be proven again: drop its token.
  useEffect(() => {
    if (state.removed) forgetSeat(roomId);
  }, [state.removed, roomId]);

  const send = useCallback((action: Action) => {
    const socket = socketRef.current;
    if (!socket?.connected) {
      dispatch({ kind: "toast", code: "offline", message: "Not connected right now; try again in a moment." });
      return;
    }
    const id = requestId();
    const msg: ClientMessage = { type: "action", action, requestId: id };
    socket.send(msg);
    dispatch({ kind: "sent", requestId: id, action });
  }, []);

  const play = useCallback(
    (cardIds: string[], slot: string) => {
      // The server handles one socket's messages in order, so the answer keeps this order.
      for (const cardId of cardIds) send({ type: "play", cardId, fromZone: "hand", toSlot: slot });
    },
    [send],
  );

  const sit = useCallback(
    async (name: string) => {
      setSitting(true);
      try {
        const token = await takeSeat(roomId, name);
        saveSeat(roomId, { token, name });
        rememberName(name);
        // Reconnect so the handshake carries the new token and the server seats us.
        const socket = socketRef.current;
        socket?.disconnect();
        socket?.connect();
      } catch (e) {
        const err = e instanceof ApiError ? e : new ApiError(0, "network", "Could not reach the server.");
        dispatch({ kind: "toast", code: err.code, message: `Could not take a seat: ${err.message}` });
      } finally {
        setSitting(false);
      }
    },
    [roomId],
  );

  const leave = useCallback(() => {
    const msg: ClientMessage = { type: "leave", requestId: requestId() };
    socketRef.current?.send(msg);
    forgetSeat(roomId);
    dispatch({ kind: "left" });
  }, [roomId]);

  return { state, send, play, dispatch, sit, sitting, leave };
}
