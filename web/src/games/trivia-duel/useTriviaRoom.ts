import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { type ConnectionStatus, leaveThenDisconnect, watchConnection } from "../../kit/connection";
import { connectNamespace } from "../../kit/socket";
import { type Cue, play } from "../../kit/sound";
import { forgetPlayerId, playerIdFor } from "./player-id";
import { initialTriviaState, type TriviaClient, triviaReducer } from "./reducer";
import { type ClientIntent, type ClientMessage, isServerMessage, type Seat, type ServerMessage } from "./wire";

export interface TriviaRoomHandle {
  state: TriviaClient;
  connection: ConnectionStatus;
  send(intent: ClientIntent): void;
  /** Give up the seat for good (LEAVE, acknowledged before the socket closes) and forget its secret. */
  leave(): Promise<void>;
  dismiss(id: number): void;
}

/** The sound a message deserves for this player, if any. */
export function cueFor(m: ServerMessage, you: Seat | null): Cue | null {
  switch (m.type) {
    case "BUZZED":
      return m.player === you ? null : "buzz";
    case "ANSWER_SUBMITTED":
      return m.correct ? "right" : "wrong";
    case "PHASE_BETTING":
      return m.awaitingAction !== null && m.awaitingAction === you ? "turn" : null;
    case "BET_PLACED":
      return m.awaitingAction !== null && m.awaitingAction === you ? "turn" : null;
    default:
      return null;
  }
}

const NOTICE_MS = 4000;

/**
 * One socket to /trivia for the room page; every (re)connect claims the seat again with
 * JOIN_ROOM. The web client never creates a room by joining (`create: false`): a code
 * nobody made is "no such room". `name` is null until the visitor has told us their name.
 */
export function useTriviaRoom(roomId: string, name: string | null): TriviaRoomHandle {
  const [state, dispatch] = useReducer(triviaReducer, roomId, initialTriviaState);
  const [connection, setConnection] = useState<ConnectionStatus>("connecting");
  const socketRef = useRef<Socket | null>(null);
  const youRef = useRef<Seat | null>(null);
  youRef.current = state.you;

  useEffect(() => {
    if (name === null) return;
    const socket = connectNamespace("/trivia");
    socketRef.current = socket;
    const join: ClientMessage = { type: "JOIN_ROOM", roomId, playerId: playerIdFor(roomId), name, create: false };
    socket.on("connect", () => {
      dispatch({ kind: "connection", status: "online" });
      socket.send(join);
    });
    socket.on("disconnect", () => dispatch({ kind: "connection", status: "offline" }));
    const stop = watchConnection(socket, setConnection);
    socket.on("message", (msg: unknown) => {
      if (!isServerMessage(msg)) return;
      dispatch({ kind: "server", msg, at: Date.now() });
      const cue = cueFor(msg, youRef.current);
      if (cue) play(cue);
    });
    return () => {
      stop();
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [roomId, name]);

  // A notice ("Bo is back") shows for a few seconds.
  const notice = state.notice?.id;
  useEffect(() => {
    if (notice === undefined) return;
    const t = window.setTimeout(() => dispatch({ kind: "notice-done", id: notice }), NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [notice]);

  const send = useCallback((intent: ClientIntent) => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    socket.send(intent);
    dispatch({ kind: "sent", intent: intent.type });
  }, []);

  const leave = useCallback(async () => {
    const socket = socketRef.current;
    socketRef.current = null;
    forgetPlayerId(roomId);
    if (!socket) return;
    socket.removeAllListeners("connect");
    const msg: ClientMessage = { type: "LEAVE" };
    await leaveThenDisconnect(socket, msg);
  }, [roomId]);

  const dismiss = useCallback((id: number) => dispatch({ kind: "dismiss", id }), []);

  return { state, connection, send, leave, dismiss };
}
