import { useCallback, useEffect } from "react";
import { type Room, useRoom } from "../../kit/room";
import { seatStore } from "../../kit/seats";
import { type Cue, play } from "../../kit/sound";
import { initialTriviaState, type TriviaAction, type TriviaClient, triviaReducer } from "./reducer";
import { type ClientIntent, type ClientMessage, isServerMessage, type Seat, type ServerMessage } from "./wire";

/** The secret that proves a seat here is the browser's own, one per room (Trivia Duel has no seat tokens). */
const seats = seatStore("trivia");

export interface TriviaRoomHandle extends Omit<Room<TriviaClient, TriviaAction>, "leave"> {
  send(intent: ClientIntent): void;
  /** Give up the seat for good (LEAVE, acknowledged before the socket closes) and forget its secret. */
  leave(): Promise<void>;
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
  const room = useRoom({
    namespace: "/trivia",
    session: name === null ? null : `${roomId}\n${name}`,
    room: roomId,
    init: () => initialTriviaState(roomId),
    reducer: triviaReducer,
    hello: () => ({
      event: "message",
      data: {
        type: "JOIN_ROOM",
        roomId,
        playerId: seats.secret(roomId),
        name: name ?? "",
        create: false,
      } satisfies ClientMessage,
    }),
    read: (event, data) => (event === "message" && isServerMessage(data) ? data : null),
    refused: (m) => m.type === "ERROR",
    heard: (msg, before) => {
      const cue = cueFor(msg, before.you);
      if (cue) play(cue);
    },
  });
  const { dispatch, emit } = room;

  // A notice ("Bo is back") shows for a few seconds.
  const notice = room.state.notice?.id;
  useEffect(() => {
    if (notice === undefined) return;
    const t = window.setTimeout(() => dispatch({ kind: "notice-done", id: notice }), NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [notice, dispatch]);

  const send = useCallback(
    (intent: ClientIntent) => {
      if (emit("message", intent)) dispatch({ kind: "sent", intent: intent.type });
    },
    [emit, dispatch],
  );

  const leaveRoom = room.leave;
  const leave = useCallback(async () => {
    seats.forget(roomId);
    await leaveRoom("message", { type: "LEAVE" } satisfies ClientMessage);
  }, [roomId, leaveRoom]);

  return { ...room, send, leave };
}
