import type { Namespace } from "socket.io";
import type { Audience, SeatId } from "../engine/rules";
import type { Publisher } from "../platform/room-host";

/** Socket.IO rooms per game room: everyone, each seat, and the spectators. */
export const roomKey = (code: string) => `r:${code}`;
export const seatKey = (code: string, seat: SeatId) => `r:${code}:s:${seat}`;
export const spectatorKey = (code: string) => `r:${code}:spec`;
/** Every socket seated under one credential (hashed), on whichever node: moved together when the seat changes hands. */
export const holderKey = (code: string, credentialHash: string) => `r:${code}:h:${credentialHash}`;

/** How a game's message goes out: a Socket.IO event name and its payload (`message` by default). */
export type Encode = (msg: unknown) => { event: string; data: unknown };
export const asMessage: Encode = (msg) => ({ event: "message", data: msg });

/** Whether a message ends its room, so its sockets are let go (see `WireAdapter.closesRoom`). */
export type Closes = (msg: unknown) => boolean;

export class SocketPublisher implements Publisher {
  /**
   * @param cluster Scale-out mode: the seat's sockets may be on any node, so this node
   * cannot tell who listens; every seat's view is rendered and sent through the adapter.
   */
  constructor(private readonly cluster = false) {}

  private readonly spaces = new Map<string, { ns: Namespace; encode: Encode; closes: Closes | undefined }>();

  register(game: string, ns: Namespace, encode: Encode = asMessage, closes?: Closes) {
    this.spaces.set(game, { ns, encode, closes });
  }

  publish(game: string, code: string, to: Audience, msg: unknown): void {
    const space = this.spaces.get(game);
    if (!space) return;
    const { ns } = space;
    const { event, data } = space.encode(msg);
    if (to === "all") ns.to(roomKey(code)).emit(event, data);
    else if (to === "players") ns.to(roomKey(code)).except(spectatorKey(code)).emit(event, data);
    else if (to === "spectators") ns.to(spectatorKey(code)).emit(event, data);
    else if ("seat" in to) ns.to(seatKey(code, to.seat)).emit(event, data);
    else ns.to(roomKey(code)).except(seatKey(code, to.except)).emit(event, data);
    // The host publishes a step's messages in one synchronous loop, and the sender's
    // acknowledgement follows in the same turn of the event loop: the sockets are let go
    // after both, and each gets its messages before its disconnect packet.
    if (space.closes?.(msg)) setImmediate(() => ns.in(roomKey(code)).disconnectSockets(false));
  }

  publishViews(
    game: string,
    code: string,
    to: Audience,
    seats: SeatId[],
    view: (seat: SeatId | null) => unknown,
  ): void {
    const space = this.spaces.get(game);
    if (!space) return;
    const { ns, encode } = space;
    const wanted = (seat: SeatId | null): boolean => {
      if (to === "all") return true;
      if (to === "players") return seat !== null;
      if (to === "spectators") return seat === null;
      if ("seat" in to) return seat === to.seat;
      return seat !== to.except;
    };
    const send = (key: string, msg: unknown) => {
      const { event, data } = encode(msg);
      ns.to(key).emit(event, data);
    };
    // A view nobody is connected to receive is not rendered at all (a seat whose player is
    // away, a room nobody watches). The rooms are this process's own: the in-memory adapter.
    const listening = (key: string) => this.cluster || (ns.adapter.rooms.get(key)?.size ?? 0) > 0;
    for (const seat of new Set(seats))
      if (wanted(seat) && listening(seatKey(code, seat))) send(seatKey(code, seat), view(seat));
    if (wanted(null) && listening(spectatorKey(code))) send(spectatorKey(code), view(null));
  }
}
