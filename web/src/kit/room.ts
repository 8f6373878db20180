import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import type { ViewPacking } from "../../../src/engine/compact-wire";
import { CompactView, compactHandshake, frameOf } from "./compact";
import { type ConnectionStatus, watchConnection } from "./connection";
import { type RoomAction, type RoomBase, type ToastAction, withRoomBase } from "./room-state";
import { connectNamespace } from "./socket";
import { followSeq, seqOf } from "./sync";

/** How a game's room page talks to its namespace; `useRoom` does the rest. */
export interface RoomSpec<S extends RoomBase, A extends { kind: string }, M> {
  namespace: string;
  /** A new socket whenever this changes (the room, the role the page opened it in…); null: none yet. */
  session: string | null;
  /** The room's code, named in the socket's URL (docs/scale-out.md, "Fan-out"). */
  room?: string;
  init(): S;
  reducer(s: S, a: A | RoomAction<M>): S;
  /** What the handshake carries, read again on every (re)connect (so a new seat token counts at once). */
  handshake?(): object | Promise<object>;
  /** Sent first on every (re)connect (Trivia Duel's JOIN_ROOM). */
  hello?(): { event: string; data: unknown };
  /** One incoming Socket.IO event as the game's message, or null to let it pass. */
  read(event: string, data: unknown): M | null;
  /**
   * Whether a message is the protocol's refusal: then the page asks the server whether it
   * missed a step (the tap may have been on a state the room has left, its news lost).
   */
  refused?(msg: M): boolean;
  /** What a message sets off besides the state (a sound, a result kept), with the state it arrived to. */
  heard?(msg: M, before: S): void;
  /** How the game packs its views on the compact wire, as its server does (none: as they are). */
  packing?: ViewPacking;
}

export interface Room<S, A> {
  state: S;
  dispatch(a: A | ToastAction): void;
  /** How the line is: "reconnecting" within about two seconds of it going quiet. */
  connection: ConnectionStatus;
  /** The room's sequence number in the latest message that carried one, or null. */
  seq: number | null;
  /** Send on the room's socket; false, with a note saying so, while it is not connected. */
  emit(event: string, data: unknown): boolean;
  /** Send and wait for the server's acknowledgement: its reply, or null when offline or unanswered in `waitMs`. */
  ask(event: string, data: unknown, waitMs?: number): Promise<{ reply: unknown } | null>;
  /** Drop the line and connect again, so the handshake is read afresh (a seat just taken). */
  reconnect(): void;
  /** Give the seat up: the leave message, acknowledged before the socket closes (or after a short wait); no reconnect after. */
  leave(event: string, message: unknown): Promise<void>;
  toast(code: string, message: string): void;
  dismiss(id: number): void;
}

const NOT_CONNECTED = "Not connected right now; try again in a moment.";
const ASK_MS = 8000;
const LEAVE_MS = 1500;

/**
 * One socket to a game's namespace for a room page: connecting (with the handshake read
 * again on every reconnect), telling the game's reducer of each message and of the line
 * going and coming back, the error notes, the latest `seq`, sending, and leaving for good.
 */
export function useRoom<S extends RoomBase, A extends { kind: string }, M>(spec: RoomSpec<S, A, M>): Room<S, A> {
  const reducer = useMemo(() => withRoomBase(spec.reducer), [spec.reducer]);
  const [state, dispatch] = useReducer(reducer, undefined, spec.init);
  const [connection, setConnection] = useState<ConnectionStatus>("connecting");
  const socketRef = useRef<Socket | null>(null);
  const leftRef = useRef(false);
  // The latest spec and state, for the socket's handlers, without a new socket each render.
  const specRef = useRef(spec);
  specRef.current = spec;
  const stateRef = useRef(state);
  stateRef.current = state;
  const { namespace, session } = spec;

  useEffect(() => {
    if (session === null) return;
    leftRef.current = false;
    // Every room page takes the compact wire: one patch of its view a step (see compact.ts).
    const handshake = specRef.current.handshake ?? (() => ({}));
    const wire = compactHandshake(specRef.current.packing);
    const auth = (cb: (data: object) => void) => {
      Promise.resolve()
        .then(() => handshake())
        .then(
          (data) => cb({ ...data, ...wire }),
          () => cb(wire),
        );
    };
    const socket = connectNamespace(namespace, { auth, room: specRef.current.room });
    socketRef.current = socket;
    // Before the watcher's own: the game hears of a new connection before the line is "online".
    const compact = new CompactView(specRef.current.packing);
    socket.on("connect", () => {
      compact.hold(null);
      if (leftRef.current) return;
      dispatch({ kind: "link", up: true, fresh: true, at: Date.now() });
      const hello = specRef.current.hello?.();
      if (hello) socket.emit(hello.event, hello.data);
    });
    const stop = watchConnection(socket, (status) => {
      setConnection(status);
      if (status !== "connecting") dispatch({ kind: "link", up: status === "online", fresh: false, at: Date.now() });
    });
    const sync = followSeq(socket);
    // One game message, already judged by its seq.
    const deliver = (msg: M, carrier: unknown) => {
      if (specRef.current.refused?.(msg)) sync.check();
      const before = stateRef.current;
      const seq = seqOf(carrier);
      dispatch({ kind: "server", msg, at: Date.now(), ...(seq === undefined ? {} : { seq }) });
      specRef.current.heard?.(msg, before);
    };
    socket.onAny((event: string, data: unknown, stamp?: unknown) => {
      // A step's frame: judged once by its seq, then its messages one by one. A patch that
      // does not fit the view held means something was lost: ask (the answer is a full view).
      const frame = frameOf(event, data);
      if (frame) {
        if (!sync.accept(frame)) return;
        const { messages, fits } = compact.unpack(event, frame);
        if (!fits) sync.check(Math.max(0, frame.seq - 1));
        for (const [e, d, s] of messages) {
          const msg = specRef.current.read(e, d);
          if (msg !== null) deliver(msg, s ?? d);
        }
        return;
      }
      // A named event's seq comes as the argument after its payload (SerpentRace); the
      // other protocols carry it on the message. A stale one is dropped, a gap asked about.
      const carrier = stamp !== undefined ? stamp : data;
      const msg = specRef.current.read(event, data);
      if (msg === null || !sync.accept(carrier)) return;
      // Outside a frame, a room message with a seq is a full view (or the welcome just before one).
      if (seqOf(carrier) !== undefined) compact.hold(event, data);
      deliver(msg, carrier);
    });
    return () => {
      stop();
      sync.stop();
      socket.removeAllListeners();
      socket.offAny();
      socket.disconnect();
      socketRef.current = null;
    };
  }, [namespace, session]);

  const toast = useCallback((code: string, message: string) => dispatch({ kind: "toast", code, message }), []);
  const dismiss = useCallback((id: number) => dispatch({ kind: "dismiss", id }), []);

  const connected = useCallback((): Socket | null => {
    const s = socketRef.current;
    if (s?.connected) return s;
    toast("offline", NOT_CONNECTED);
    return null;
  }, [toast]);

  const emit = useCallback(
    (event: string, data: unknown) => {
      const s = connected();
      s?.emit(event, data);
      return s !== null;
    },
    [connected],
  );

  const ask = useCallback(
    (event: string, data: unknown, waitMs = ASK_MS) => {
      const s = connected();
      if (!s) return Promise.resolve(null);
      return new Promise<{ reply: unknown } | null>((resolve) => {
        s.timeout(waitMs).emit(event, data, (err: unknown, reply: unknown) => resolve(err ? null : { reply }));
      });
    },
    [connected],
  );

  const reconnect = useCallback(() => {
    const s = socketRef.current;
    s?.disconnect();
    s?.connect();
  }, []);

  const leave = useCallback(async (event: string, message: unknown) => {
    leftRef.current = true;
    const s = socketRef.current;
    if (!s) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        s.disconnect();
        resolve();
      };
      if (!s.connected) return done();
      // Answered once the server has the seat back, so it is free before this page lets go.
      s.timeout(LEAVE_MS).emit(event, message, done);
    });
  }, []);

  return { state, dispatch, connection, seq: state.seq, emit, ask, reconnect, leave, toast, dismiss };
}
