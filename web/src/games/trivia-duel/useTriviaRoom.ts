import { useCallback, useEffect, useReducer, useRef } from "react";
import type { Socket } from "socket.io-client";
import { connectNamespace } from "../../kit/socket";
import { forgetPlayerId, playerIdFor } from "./player-id";
import { initialTriviaState, type TriviaClient, triviaReducer } from "./reducer";
import { type ClientIntent, type ClientMessage, isServerMessage } from "./wire";

export interface TriviaRoomHandle {
  state: TriviaClient;
  send(intent: ClientIntent): void;
  /** Give up the seat for good (LEAVE) and forget its secret. */
  leave(): void;
  dismiss(id: number): void;
}

/** One socket to /trivia for the room page; every (re)connect claims the seat again with JOIN_ROOM. */
export function useTriviaRoom(roomId: string): TriviaRoomHandle {
  const [state, dispatch] = useReducer(triviaReducer, roomId, initialTriviaState);
  const socketRef = useRef<Socket | null>(null);

  useEffect(() => {
    const socket = connectNamespace("/trivia");
    socketRef.current = socket;
    const playerId = playerIdFor(roomId);
    const join: ClientMessage = { type: "JOIN_ROOM", roomId, playerId };
    socket.on("connect", () => {
      dispatch({ kind: "connection", status: "online" });
      socket.send(join);
    });
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

  const send = useCallback((intent: ClientIntent) => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    socket.send(intent);
    dispatch({ kind: "sent", intent: intent.type });
  }, []);

  const leave = useCallback(() => {
    const msg: ClientMessage = { type: "LEAVE" };
    socketRef.current?.send(msg);
    forgetPlayerId(roomId);
  }, [roomId]);

  const dismiss = useCallback((id: number) => dispatch({ kind: "dismiss", id }), []);

  return { state, send, leave, dismiss };
}
