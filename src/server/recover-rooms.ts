import type { FastifyBaseLogger } from "fastify";
import type { InputLog } from "../platform/input-log";
import { recoverRooms } from "../platform/recovery";
import type { RoomHost } from "../platform/room-host";
import type { SeatPresence } from "../platform/seat-presence";
import type { openCluster } from "./cluster";

type OnError = (err: unknown, context: string) => void;

/**
 * Rooms left open by an earlier run, restored in the background (the server listens
 * meanwhile): resolves with how many came back, once `done` has been called.
 */
export function recoverInBackground(
  host: RoomHost,
  log: InputLog,
  shared: boolean,
  onError: OnError,
  logger: FastifyBaseLogger,
  done: () => void,
): Promise<number> {
  return recoverRooms(host, log, { onError, shared }).then(
    (n) => {
      done();
      if (n) logger.info({ recovered: n }, "rooms recovered from the input log");
      return n;
    },
    (err) => {
      done();
      logger.error({ err }, "room recovery failed");
      return 0;
    },
  );
}

/**
 * Redis restarted empty (it keeps nothing on disk in a usual deployment): every node
 * writes back its own sockets' seats, and one of them rebuilds every open room from the
 * log, which re-arms each room's timer and sends its sockets a full state. A room asked
 * for before that is rebuilt on the spot, as always.
 */
export async function watchRedisResets(
  cluster: ReturnType<typeof openCluster>,
  presence: SeatPresence | undefined,
  host: RoomHost,
  log: InputLog,
  onError: OnError,
  logger: FastifyBaseLogger,
): Promise<void> {
  await cluster.watchResets(async (reset) => {
    logger.warn({ rebuilds: reset.rebuilds }, "Redis lost the deployment's keys; rebuilding from the log");
    await presence?.reassert().catch((err) => onError(err, "presence after a Redis reset"));
    if (!reset.rebuilds) return;
    const n = await recoverRooms(host, log, { onError, shared: true });
    logger.warn({ rebuilt: n }, "rooms rebuilt from the log after a Redis reset");
  });
}
