import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { errorText } from "../../kit/api";
import { type ConnectionStatus, leaveThenDisconnect, useConnection } from "../../kit/connection";
import { saveName } from "../../kit/identity";
import { connectNamespace } from "../../kit/socket";
import { takeSeat } from "./api";
import { type CardsAction, type CardsClient, cardsReducer, initialCardsState } from "./reducer";
import { forgetSeat, loadSeat, rememberKicked, saveSeat, wasKicked } from "./seat-token";
import { type Action, type ClientMessage, isServerMessage } from "./wire";

export interface CardsRoomHandle {
  state: CardsClient;
  /** How the socket is doing: "reconnecting" within about two seconds of the line dropping. */
  connection: ConnectionStatus;
  /** Send one action; its requestId ties the server's ack or error back to it. */
  send(action: Action): void;
  /** Play cards one after another, in order (a pick-2 answer is two plays). */
  play(cardIds: string[], slot: string): void;
  dispatch(a: CardsAction): void;
  /** A newcomer takes a seat: the server signs a token for this browser, and the socket rejoins with it. */
  sit(name: string): Promise<void>;
  /** Give up the seat for good; resolves once the server has it (or after a short wait). */
  leave(): Promise<void>;
}

let counter = 0;
const requestId = () => `r${Date.now().toString(36)}-${++counter}`;

/**
 * One socket to /cards for the room page. The handshake carries the room and, once this
 * browser has one, the seat token; without a token the socket simply watches.
 */
export function useCardsRoom(roomId: string): CardsRoomHandle {
  const [state, dispatch] = useReducer(cardsReducer, roomId, initialCardsState);
  const [socket, setSocket] = useState<Socket | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const connection = useConnection(socket);

  useEffect(() => {
    // A browser this table removed stays removed, even with its token gone (RULINGS Card Table 5).
    if (wasKicked(roomId)) dispatch({ kind: "kickedBefore" });
    // A function, so every reconnect reads the token as it is now (e.g. just after sitting down).
    const auth = (cb: (data: object) => void) => {
      const seat = loadSeat(roomId);
      cb(seat ? { roomId, token: seat.token, name: seat.name } : { roomId });
    };
    const s = connectNamespace("/cards", { auth });
    socketRef.current = s;
    setSocket(s);
    s.on("connect", () => dispatch({ kind: "connection", status: "online" }));
    s.on("disconnect", () => dispatch({ kind: "connection", status: "offline" }));
    s.on("connect_error", () => dispatch({ kind: "connection", status: "offline" }));
    s.on("message", (msg: unknown) => {
      if (isServerMessage(msg)) dispatch({ kind: "server", msg, at: Date.now() });
    });
    return () => {
      s.removeAllListeners();
      s.disconnect();
      socketRef.current = null;
      setSocket(null);
    };
  }, [roomId]);

  // A seat the lead took away (or that we gave up) cannot be proven again: drop its token.
  // A kick is remembered, so this browser is never offered a seat here again.
  useEffect(() => {
    if (state.removed) forgetSeat(roomId);
    if (state.removed === "kicked") rememberKicked(roomId);
  }, [state.removed, roomId]);

  // A refused seat (a taken name, a locked or full table): its token proves nothing; ask again with a new one.
  useEffect(() => {
    if (state.refusal) forgetSeat(roomId);
  }, [state.refusal, roomId]);

  const send = useCallback((action: Action) => {
    const s = socketRef.current;
    if (!s?.connected) {
      dispatch({ kind: "toast", code: "offline", message: "Not connected right now; try again in a moment." });
      return;
    }
    const id = requestId();
    const msg: ClientMessage = { type: "action", action, requestId: id };
    s.send(msg);
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
      dispatch({ kind: "joining" });
      try {
        const token = await takeSeat(roomId, name);
        saveSeat(roomId, { token, name });
        saveName(name);
        // Rejoin so the handshake carries the new token and the server seats us (or says why not).
        const s = socketRef.current;
        s?.disconnect();
        s?.connect();
      } catch (e) {
        dispatch({ kind: "joinFailed", code: "seat", message: `Could not take a seat: ${errorText(e)}` });
      }
    },
    [roomId],
  );

  const leave = useCallback(async () => {
    const s = socketRef.current;
    const msg: ClientMessage = { type: "leave", requestId: requestId() };
    dispatch({ kind: "left" });
    // Waits for the server's acknowledgement, so the seat is free before this page lets go.
    if (s) await leaveThenDisconnect(s, msg);
    forgetSeat(roomId);
  }, [roomId]);

  return { state, connection, send, play, dispatch, sit, leave };
}
