import type { Namespace, Socket } from "socket.io";
import { AS_IS, diffViews, PATCH_EVENT, type PatchFrame, type ViewPatch } from "../engine/compact-wire";
import type { WireAdapter } from "../engine/module";
import type { Audience, Outbound, SeatId } from "../engine/rules";
import type { PublishedStep, Publisher, Seated } from "../platform/room-host";
import { heldView, hold, isCompact } from "./compact-views";

/** Socket.IO rooms per game room: everyone, each seat, and the spectators. */
export const roomKey = (code: string) => `r:${code}`;
export const seatKey = (code: string, seat: SeatId) => `r:${code}:s:${seat}`;
export const spectatorKey = (code: string) => `r:${code}:spec`;
/** Every socket seated under one credential (hashed), on whichever node: moved together when the seat changes hands. */
export const holderKey = (code: string, credentialHash: string) => `r:${code}:h:${credentialHash}`;
/** The room's sockets on the compact wire: kept out of the one-message-at-a-time sends, sent one frame a step. */
export const patchKey = (code: string) => `r:${code}:patch`;

/** How a game's message goes out: a Socket.IO event name and its payload (`message` by default). */
export type Encode = (msg: unknown) => { event: string; data: unknown };
export const asMessage: Encode = (msg) => ({ event: "message", data: msg });

/**
 * A message's Socket.IO arguments with the `seq` of the state it reflects. On a protocol's
 * `message` events (an envelope with a `type`) it is one more field of the message; after a
 * named event (SerpentRace's `game:…`), whose payload is the document's own object, it is a
 * second argument `{ seq }`, so every documented payload keeps exactly its fields.
 */
export function stamped(event: string, data: unknown, seq: number): unknown[] {
  if (event === "message" && typeof data === "object" && data !== null && !Array.isArray(data))
    return [{ ...data, seq }];
  return [data, { seq }];
}

/** Send one message to one socket in its protocol's encoding; with `seq`, stamped with the step it reflects. */
export function emitTo(socket: Socket, wire: WireAdapter, msg: unknown, seq?: number): void {
  const { event, data } = (wire.emit ?? asMessage)(msg);
  if (seq === undefined) socket.emit(event, data);
  else socket.emit(event, ...stamped(event, data, seq));
}

/**
 * A full view to one socket; one on the compact wire holds it (packed, as the game packs its
 * views for that wire), and its patches continue from it.
 */
export function sendView(socket: Socket, wire: WireAdapter, view: unknown, seq?: number): void {
  emitTo(socket, wire, view, seq);
  if (isCompact(socket)) hold(socket, (wire.packing ?? AS_IS).pack((wire.emit ?? asMessage)(view).data));
}

/** A joined socket's welcome (when its protocol has one) and full view, both as of step `seq`. */
export function greet(
  socket: Socket,
  wire: WireAdapter,
  at: { code: string; seat: SeatId | null; name?: string | undefined },
  view: unknown,
  seq?: number,
): void {
  const welcome = wire.welcome?.(at.code, at.seat, at.name);
  if (welcome !== undefined && welcome !== null) emitTo(socket, wire, welcome, seq);
  sendView(socket, wire, view, seq);
}

export class SocketPublisher implements Publisher {
  /**
   * @param cluster Scale-out mode: the seat's sockets may be on any node, so this node
   * cannot tell who listens; every seat's view is rendered and sent through the adapter.
   */
  constructor(private readonly cluster = false) {}

  private readonly spaces = new Map<string, { ns: Namespace; wire: WireAdapter; encode: Encode }>();

  register(game: string, ns: Namespace, wire: WireAdapter) {
    this.spaces.set(game, { ns, wire, encode: wire.emit ?? asMessage });
  }

  /**
   * One message to an audience, on today's wire: sockets on the compact wire get it inside
   * their step's frame instead (`step`), so they are left out here.
   */
  publish(game: string, code: string, to: Audience, msg: unknown, seq: number): void {
    const space = this.spaces.get(game);
    if (!space) return;
    const { ns } = space;
    const { event, data } = space.encode(msg);
    const args = stamped(event, data, seq);
    const room = ns.to(roomKey(code)).except(patchKey(code));
    if (to === "all") room.emit(event, ...args);
    else if (to === "players") room.except(spectatorKey(code)).emit(event, ...args);
    else if (to === "spectators")
      ns.to(spectatorKey(code))
        .except(patchKey(code))
        .emit(event, ...args);
    else if ("seat" in to)
      ns.to(seatKey(code, to.seat))
        .except(patchKey(code))
        .emit(event, ...args);
    else room.except(seatKey(code, to.except)).emit(event, ...args);
  }

  /**
   * The room ended (the host says so after its last step's messages). The sender's
   * acknowledgement follows in the same turn of the event loop: the sockets are let go after
   * it, each having got its messages before its disconnect packet (the namespace only; the
   * client's connection stays up).
   */
  close(game: string, code: string): void {
    const ns = this.spaces.get(game)?.ns;
    if (ns) setImmediate(() => ns.in(roomKey(code)).disconnectSockets(false));
  }

  /**
   * Each recipient's own view. An update goes out on today's wire only (the compact wire's
   * sockets get theirs in the step's frame); a full sync (a rebuilt room) reaches every
   * socket, and the compact wire's hold it as the view their next patch starts from.
   */
  publishViews(...[game, code, to, seats, view, seq, sync = "update"]: Parameters<Publisher["publishViews"]>): void {
    const space = this.spaces.get(game);
    if (!space) return;
    const { ns, encode } = space;
    const send = (key: string, msg: unknown) => {
      const { event, data } = encode(msg);
      const args = stamped(event, data, seq);
      if (sync === "update")
        ns.to(key)
          .except(patchKey(code))
          .emit(event, ...args);
      else {
        ns.to(key).emit(event, ...args);
        let packed: unknown;
        for (const socket of this.compactIn(ns, key)) {
          packed ??= (space.wire.packing ?? AS_IS).pack(data);
          hold(socket, packed);
        }
      }
    };
    // A view nobody is connected to receive is not rendered at all (a seat whose player is
    // away, a room nobody watches). The rooms are this process's own: the in-memory adapter.
    const listening = (key: string) => this.cluster || (ns.adapter.rooms.get(key)?.size ?? 0) > 0;
    for (const seat of new Set(seats))
      if (reaches(to, seat) && listening(seatKey(code, seat))) send(seatKey(code, seat), view(seat));
    if (reaches(to, null) && listening(spectatorKey(code))) send(spectatorKey(code), view(null));
  }

  /**
   * The compact wire's half of a step (after `publish` and `publishViews` sent today's):
   * each of this node's sockets on it that the step speaks to gets one frame, the patch from
   * the view it holds to its new full view (when the step sends it a view) and the step's
   * other messages for it, in order. Sockets of a seat that hold the same view share the
   * rendering and the diff.
   */
  step(game: string, code: string, { out, seats, view, seq }: PublishedStep): void {
    const space = this.spaces.get(game);
    const members = space?.ns.adapter.rooms.get(patchKey(code));
    if (!space || !members || members.size === 0) return;
    const { ns, wire, encode } = space;
    const named = wire.emit !== undefined;
    const packing = wire.packing ?? AS_IS;
    const seated = new Set(seats);
    // Each place's new view as the compact wire diffs it (packed), and its part sent whole.
    const views = new Map<SeatId | null, { packed: unknown; fresh: unknown }>();
    const render = (at: SeatId | null) => {
      let made = views.get(at);
      if (!made) {
        const data = encode(view(at)).data;
        made = { packed: packing.pack(data), fresh: packing.fresh?.(data) };
        views.set(at, made);
      }
      return made;
    };
    const diffs = new Map<unknown, Map<SeatId | null, ViewPatch>>();
    // What the step says to each place (a seat, the watchers, a socket still joining): the
    // same for every socket there, so worked out once per place, not once per socket.
    const heard = new Map<SeatId | null | undefined, { events: unknown[]; viewed: boolean }>();
    const hearing = (at: SeatId | null | undefined) => {
      const known = heard.get(at);
      if (known) return known;
      const events: unknown[] = [];
      let viewed = false;
      for (const o of out) {
        if (!reaches(o.to, at)) continue;
        if ("view" in o) viewed ||= at !== undefined && (at === null || seated.has(at));
        else {
          const e = named ? encode((o as Extract<Outbound, { msg: unknown }>).msg) : o.msg;
          events.push(packing.packEvent ? packing.packEvent(e) : e);
        }
      }
      const made = { events, viewed };
      heard.set(at, made);
      return made;
    };
    for (const id of members) {
      const socket = ns.sockets.get(id);
      if (!socket) continue;
      const at = placeOf(socket, code);
      const { events, viewed } = hearing(at);
      if (!viewed && events.length === 0) continue;
      let patch: ViewPatch = [];
      let fresh: unknown;
      const before = heldView(socket);
      if (viewed && at !== undefined && before) {
        const after = render(at);
        const bySeat = diffs.get(before.view) ?? new Map<SeatId | null, ViewPatch>();
        diffs.set(before.view, bySeat);
        patch = bySeat.get(at) ?? diffViews(before.view, after.packed);
        bySeat.set(at, patch);
        hold(socket, after.packed);
        fresh = after.fresh;
      }
      const frame: PatchFrame = { type: "patch", seq, patch, events };
      if (fresh !== undefined) frame.fresh = fresh;
      socket.emit(named ? PATCH_EVENT : "message", frame);
    }
  }

  /** This node's sockets on the compact wire among those in `key`. */
  private *compactIn(ns: Namespace, key: string): Generator<Socket> {
    for (const id of ns.adapter.rooms.get(key) ?? []) {
      const socket = ns.sockets.get(id);
      if (socket && isCompact(socket)) yield socket;
    }
  }

  seated(game: string, code: string, { listener, seat, name, view, seq }: Seated): void {
    const space = this.spaces.get(game);
    // The joining socket is this node's: the host that seats it runs where it connected.
    const socket = space?.ns.sockets.get(listener);
    if (!space || !socket) return;
    greet(socket, space.wire, { code, seat, name }, view, seq);
    socket.join(seatKey(code, seat));
  }
}

/**
 * Where a socket of room `code` listens: its seat, null when it watches, undefined while it
 * is joining (in the room, not yet at a seat: it hears what goes to everyone).
 */
function placeOf(socket: Socket, code: string): SeatId | null | undefined {
  if (socket.rooms.has(spectatorKey(code))) return null;
  const prefix = seatKey(code, "");
  for (const room of socket.rooms) if (room.startsWith(prefix)) return room.slice(prefix.length);
  return undefined;
}

/** Whether a message for `to` reaches a socket at `at` (see `placeOf`), as the Socket.IO rooms above route it. */
function reaches(to: Audience, at: SeatId | null | undefined): boolean {
  if (to === "all") return true;
  if (to === "players") return at !== null;
  if (to === "spectators") return at === null;
  if ("seat" in to) return at === to.seat;
  return at !== to.except;
}
