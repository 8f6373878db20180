import type { FastifyBaseLogger } from "fastify";
import type { Server } from "socket.io";
import type { RoomHost } from "../platform/room-host";
import { roomKey } from "./publisher";

type OnError = (err: unknown, context: string) => void;

/** The room codes this node's own sockets are in, over every namespace. */
export function localRoomCodes(io: Server): Set<string> {
  const codes = new Set<string>();
  const prefix = roomKey("");
  for (const ns of io._nsps.values())
    for (const key of ns.adapter.rooms.keys())
      if (key.startsWith(prefix) && !key.includes(":", prefix.length)) codes.add(key.slice(prefix.length));
  return codes;
}

/**
 * The fan-out is Redis pub/sub, which keeps nothing: while this node's subscriber was away
 * (a network blip, Redis restarting), every message of its rooms was lost to its sockets, and
 * a room that said nothing since gives them no gap in `seq` to notice. So when it is back,
 * every room this node holds a socket of is resent as stored: each socket gets its full view,
 * as on joining (a room Redis lost is rebuilt from the log on the way).
 */
export async function resyncLocalRooms(
  io: Server,
  host: Pick<RoomHost, "resync">,
  onError: OnError,
  logger: FastifyBaseLogger,
): Promise<void> {
  const codes = localRoomCodes(io);
  for (const code of codes) await host.resync(code).catch((err) => onError(err, `resync ${code}`));
  logger.warn({ rooms: codes.size }, "the socket adapter's Redis connection is back: this node's rooms were resent");
}
