import type { FastifyBaseLogger } from "fastify";
import type { GameModule, ServiceContext } from "../engine/module";
import type { InputLog } from "../platform/input-log";
import type { LiveStore } from "../platform/live-store";
import { type HostMetrics, RoomHost } from "../platform/room-host";
import { InProcessScheduler, type Scheduler } from "../platform/scheduler";
import type { SeatTokens } from "../platform/seat-tokens";
import type { openCluster } from "./cluster";
import type { Config } from "./config";
import { InFlight } from "./in-flight";
import type { SocketPublisher } from "./publisher";
import { RoomBudget } from "./room-budget";
import { roomDirectory } from "./room-services";

export interface HostSetup {
  config: Config;
  games: GameModule[];
  live: LiveStore;
  log: InputLog;
  publisher: SocketPublisher;
  metrics: HostMetrics;
  services: ServiceContext;
  tokens: SeatTokens;
  /** Scale-out mode's Redis parts (null when embedded). */
  cluster: ReturnType<typeof openCluster> | null;
  onError: (err: unknown, context: string) => void;
  logger: FastifyBaseLogger;
}

/**
 * The room host with its timers and, in scale-out mode, the cluster's seat presence: the
 * host every caller gets is `host`, whose work `inFlight` follows so shutdown can wait for
 * inputs, ticks and REST actions already begun before it drains the log.
 */
export async function startRoomHost(s: HostSetup) {
  const { config, cluster, onError, services } = s;
  const roomHost = new RoomHost({
    games: s.games,
    live: s.live,
    log: s.log,
    publisher: s.publisher,
    timeScale: config.TIME_SCALE,
    metrics: s.metrics,
    services,
    maxLiveRooms: config.MAX_LIVE_ROOMS,
    onError,
    ...(cluster
      ? {
          shared: {
            lock: cluster.lock,
            seatOnline: (code: string, seat: string) => presence!.online(code, seat),
            touch: (code: string) => presence!.touch(code),
            forget: (code: string) => presence!.forget(code),
          },
        }
      : {}),
  });
  const presence = cluster?.presence(
    async (gone) => {
      await host
        .seatGone(gone.code, gone.seat, gone.credentialHash)
        .catch((err) => onError(err, `presence ${gone.code}`));
    },
    async (codes) => {
      for (const code of codes) await host.resync(code).catch((err) => onError(err, `resync ${code}`));
      s.logger.info({ rooms: codes.length }, "a node died: the rooms it worked on were resent to their players");
    },
  );
  // One allowance of new rooms per client address, whichever route or socket makes them.
  const roomBudget = new RoomBudget(config.ROOMS_PER_MINUTE);
  const inFlight = new InFlight();
  const host = inFlight.wrap(roomHost);
  // Games whose own routes seat players or drive rooms (SerpentRace's REST) do it through these.
  Object.assign(services, { seats: s.tokens, rooms: roomDirectory(host, s.tokens, roomBudget) });
  const scheduler: Scheduler = cluster
    ? cluster.scheduler((code) => host.fire(code))
    : new InProcessScheduler((code) => void host.fire(code));
  host.setScheduler(scheduler);
  await presence?.start();
  return { roomHost, host, inFlight, presence, roomBudget, scheduler };
}
