import { type FormEvent, useCallback, useState } from "react";
import type { ViewPacking } from "../../../src/engine/compact-wire";
import { api, errorText } from "./api";
import { cleanName, deviceId, saveName } from "./identity";
import { navigate } from "./navigation";
import { type Room, useRoom } from "./room";
import type { RoomAction, RoomBase } from "./room-state";
import { seatStore } from "./seats";

/** What an action-envelope game's reducer hears from the hook besides the room's own actions. */
export type EnvelopeAction<Act> = { kind: "sent"; requestId: string; action: Act } | { kind: "left" };

/**
 * A lobby's "set up a room": unless the form has a problem, create the room, sit its creator
 * down under their name and go to it; `failed` starts the sentence when that does not work.
 */
export function useRoomSetup(slug: string, failed: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function open(
    e: FormEvent,
    name: string,
    problemOf: (name: string) => string | null,
    make: () => Promise<string>,
  ) {
    e.preventDefault();
    const clean = cleanName(name);
    const bad = problemOf(clean);
    setProblem(bad);
    if (bad) return;
    setBusy(true);
    try {
      const roomId = await make();
      await takeSeat(slug, roomId, clean);
      navigate(`/${slug}/${encodeURIComponent(roomId)}`);
    } catch (err) {
      setProblem(`${failed}: ${errorText(err)}`);
      setBusy(false);
    }
  }
  return { busy, problem, open };
}

export interface ActionRoomSpec<S extends RoomBase, A extends { kind: string }, M, Act> {
  /** The game's REST and storage name ("cards"), and its namespace ("/cards"). */
  slug: string;
  namespace: string;
  roomId: string;
  init(): S;
  reducer(s: S, a: A | EnvelopeAction<Act> | RoomAction<M>): S;
  isServerMessage(x: unknown): x is M;
  heard?(msg: M, before: S): void;
  /** How the game's views travel packed on the compact wire (the server's own packing). */
  packing?: ViewPacking;
}

export interface ActionRoom<S, A, Act> extends Room<S, A | EnvelopeAction<Act>> {
  /** Send one action; its requestId ties the server's ack or error back to it. */
  send(action: Act): void;
  /** Take a seat: the server signs a token for this browser, and the socket reconnects with it. False when refused. */
  sit(name: string): Promise<boolean>;
  /** Give the seat up for good (once the server has it, or after a short wait), and forget its token. */
  leave(): Promise<void>;
  /** The seat's token proves nothing any more (taken away, refused): forget it. */
  forgetSeat(): void;
}

let counter = 0;
const requestId = () => `r${Date.now().toString(36)}-${++counter}`;

/**
 * Ask the server for a seat in an action-envelope game's room and keep its signed token
 * (and the name, for the next game): bound to this browser's device id, so a kick sticks
 * to the browser, not the name.
 */
export async function takeSeat(slug: string, roomId: string, name: string): Promise<void> {
  const r = await api<{ token?: unknown }>(`/api/v1/${slug}/rooms/${encodeURIComponent(roomId)}/seats`, {
    body: { name, deviceId: deviceId() },
  });
  if (typeof r.token !== "string") throw new Error("The server gave no seat; try again.");
  seatStore(slug).save(roomId, { token: r.token, name });
  saveName(name);
}

/**
 * A room over the platform's action envelope (Card Table, Outrank): the handshake carries
 * the room and this browser's seat token (without one the socket watches); actions go out as
 * `{ type: "action", action, requestId }` on `message`, leaving as `{ type: "leave" }`; a
 * seat is asked for over REST (`POST /api/v1/<slug>/rooms/:code/seats`, with the device id
 * that keeps a kicked browser out under any name).
 */
export function useActionRoom<S extends RoomBase, A extends { kind: string }, M, Act>(
  spec: ActionRoomSpec<S, A, M, Act>,
): ActionRoom<S, A, Act> {
  const { slug, roomId } = spec;
  const seats = seatStore(slug);
  const room = useRoom<S, A | EnvelopeAction<Act>, M>({
    namespace: spec.namespace,
    session: roomId,
    room: roomId,
    init: spec.init,
    reducer: spec.reducer,
    handshake: () => {
      const seat = seats.load(roomId);
      return seat ? { roomId, token: seat.token, name: seat.name } : { roomId };
    },
    read: (event, data) => (event === "message" && spec.isServerMessage(data) ? data : null),
    refused: (m) => (m as { type?: unknown }).type === "error",
    heard: spec.heard,
    packing: spec.packing,
  });
  const { emit, dispatch, reconnect, toast } = room;

  const send = useCallback(
    (action: Act) => {
      const id = requestId();
      if (emit("message", { type: "action", action, requestId: id })) dispatch({ kind: "sent", requestId: id, action });
    },
    [emit, dispatch],
  );

  const sit = useCallback(
    async (name: string) => {
      try {
        await takeSeat(slug, roomId, name);
        // Reconnect, so the handshake carries the new token and the server seats us (or says why not).
        reconnect();
        return true;
      } catch (e) {
        toast("seat", `Could not take a seat: ${errorText(e)}`);
        return false;
      }
    },
    [slug, roomId, reconnect, toast],
  );

  const leaveRoom = room.leave;
  const leave = useCallback(async () => {
    dispatch({ kind: "left" });
    await leaveRoom("message", { type: "leave", requestId: requestId() });
    seatStore(slug).forget(roomId);
  }, [dispatch, leaveRoom, slug, roomId]);

  const forgetSeat = useCallback(() => seatStore(slug).forget(roomId), [slug, roomId]);

  return { ...room, send, sit, leave, forgetSeat };
}

/**
 * Offer this browser's seat (or, `seat`, one the game lets it hand over) to someone watching
 * (docs/architecture.md, Decisions D5): the server answers with a one-time code for a link.
 */
export async function offerSeat(slug: string, roomId: string, seat?: string): Promise<string> {
  const held = seatStore(slug).load(roomId);
  if (!held) throw new Error("You hold no seat here.");
  const r = await api<{ handover?: unknown }>(`/api/v1/${slug}/rooms/${encodeURIComponent(roomId)}/handovers`, {
    body: { token: held.token, ...(seat ? { seat } : {}) },
  });
  if (typeof r.handover !== "string") throw new Error("The server gave no link; try again.");
  return r.handover;
}

/** Take a seat offered by link: the server signs this browser a token for it (reconnect to sit down). */
export async function claimSeat(slug: string, roomId: string, handover: string, name: string): Promise<void> {
  const r = await api<{ token?: unknown }>(`/api/v1/${slug}/rooms/${encodeURIComponent(roomId)}/handovers/claim`, {
    body: { handover, name, deviceId: deviceId() },
  });
  if (typeof r.token !== "string") throw new Error("The server gave no seat; try again.");
  seatStore(slug).save(roomId, { token: r.token, name });
  saveName(name);
}
