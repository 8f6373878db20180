import type { Namespace } from "socket.io";
import type { Audience, SeatId } from "../engine/rules";
import type { Publisher } from "../platform/room-host";

/** Socket.IO rooms per game room: everyone, each seat, and the spectators. */
export const roomKey = (code: string) => `r:${code}`;
export const seatKey = (code: string, seat: SeatId) => `r:${code}:s:${seat}`;
export const spectatorKey = (code: string) => `r:${code}:spec`;

export class SocketPublisher implements Publisher {
  private readonly spaces = new Map<string, Namespace>();

  register(game: string, ns: Namespace) {
    this.spaces.set(game, ns);
  }

  publish(game: string, code: string, to: Audience, msg: unknown): void {
    const ns = this.spaces.get(game);
    if (!ns) return;
    if (to === "all") ns.to(roomKey(code)).emit("message", msg);
    else if (to === "players") ns.to(roomKey(code)).except(spectatorKey(code)).emit("message", msg);
    else if (to === "spectators") ns.to(spectatorKey(code)).emit("message", msg);
    else if ("seat" in to) ns.to(seatKey(code, to.seat)).emit("message", msg);
    else ns.to(roomKey(code)).except(seatKey(code, to.except)).emit("message", msg);
  }

  publishViews(
    game: string,
    code: string,
    to: Audience,
    seats: SeatId[],
    view: (seat: SeatId | null) => unknown,
  ): void {
    const ns = this.spaces.get(game);
    if (!ns) return;
    const wanted = (seat: SeatId | null): boolean => {
      if (to === "all") return true;
      if (to === "players") return seat !== null;
      if (to === "spectators") return seat === null;
      if ("seat" in to) return seat === to.seat;
      return seat !== to.except;
    };
    // A view nobody is connected to receive is not rendered at all (a seat whose player is
    // away, a room nobody watches). The rooms are this process's own: the in-memory adapter.
    const listening = (key: string) => (ns.adapter.rooms.get(key)?.size ?? 0) > 0;
    for (const seat of new Set(seats))
      if (wanted(seat) && listening(seatKey(code, seat))) ns.to(seatKey(code, seat)).emit("message", view(seat));
    if (wanted(null) && listening(spectatorKey(code))) ns.to(spectatorKey(code)).emit("message", view(null));
  }
}
