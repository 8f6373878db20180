import type { FastifyBaseLogger } from "fastify";
import type { RoomHost } from "../platform/room-host";
import type { Config } from "./config";

/** Close idle rooms every minute (or sooner, when a lobby's limit is shorter); clear the returned timer to stop. */
export function sweepIdleRooms(host: RoomHost, config: Config, logger: FastifyBaseLogger): NodeJS.Timeout {
  const limits = { playingMs: config.ROOM_IDLE_MINUTES * 60_000, quietMs: config.ROOM_LOBBY_IDLE_MINUTES * 60_000 };
  const sweeper = setInterval(
    () => {
      host.closeIdle(limits).then(
        (n) => n && logger.info({ closed: n }, "closed idle rooms"),
        (err) => logger.error({ err }, "idle sweep failed"),
      );
    },
    Math.min(60_000, limits.quietMs),
  );
  sweeper.unref();
  return sweeper;
}
