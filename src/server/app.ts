import { hostname } from "node:os";
import type { GameModule, ServiceModule } from "../engine/module";
import { closeJournalMark } from "../platform/journal-mark";
import { MemoryLiveStore } from "../platform/live-store";
import { registerAccountRoutes } from "./account-routes";
import { trustedHops } from "./client-address";
import { openCluster } from "./cluster";
import { type Config, scaleOut } from "./config";
import { resyncLocalRooms } from "./fanout-restored";
import { startRoomHost } from "./host-setup";
import { createHttpApp, registerHttpGuards } from "./http-app";
import { sweepIdleRooms } from "./idle-sweeper";
import { createMetrics } from "./metrics";
import { openData, openInputLog } from "./open-storage";
import { registerOpsRoutes } from "./ops-routes";
import { SocketPublisher } from "./publisher";
import { recoverInBackground, watchRedisResets } from "./recover-rooms";
import { registerGameRoutes, registerServiceRoutes } from "./rest";
import { attachSockets } from "./socket-server";
import { registerWeb } from "./static-web";

export { JOURNAL_FILE } from "./open-storage";

/**
 * Build the whole server (not listening yet). Everything it opens, `close()` shuts. Rooms
 * left open by an earlier run are restored in the background (`recovery`), so the server
 * can listen at once; a room asked for before its turn is restored on the spot.
 */
export async function buildServer(config: Config, games: GameModule[], serviceGames: ServiceModule[] = []) {
  const trusted = trustedHops(config.TRUST_PROXY);
  const app = createHttpApp(config, trusted);
  const data = await openData(config, games, serviceGames, app.log);
  const { dbh, storage, onDisk, tokens, identity, accounts, services } = data;
  const mode = scaleOut(config);
  if (mode.warning) app.log.warn(mode.warning);
  const onError = (err: unknown, context: string) => app.log.error({ err, context }, "room host error");
  const cluster = mode.cluster ? openCluster(mode.cluster, onError) : null;
  const { log, warnings } = await openInputLog(data, config, cluster !== null, app.log);
  const memory = cluster ? null : new MemoryLiveStore();
  const live = cluster?.live ?? memory!;
  const publisher = new SocketPublisher(cluster !== null);
  let socketCount = 0;
  // Clustered, the shared store's room count is not known synchronously: the gauge shows
  // the count the last health check read.
  let liveRooms = 0;
  const liveNow = () => memory?.sizeNow() ?? liveRooms;
  const metrics = createMetrics(liveNow, () => socketCount, config.NODE_NAME ?? hostname(), dbh.memory);
  const { roomHost, host, inFlight, presence, roomBudget, scheduler } = await startRoomHost({
    config,
    games,
    live,
    log,
    publisher,
    services,
    tokens,
    cluster,
    onError,
    metrics: metrics.host,
    logger: app.log,
  });

  await registerHttpGuards(app, config);
  let recovering = true;
  let draining = false;
  registerOpsRoutes(app, {
    config,
    metrics: metrics.registry,
    storage: dbh.kind,
    recovering: () => recovering,
    draining: () => draining,
    warnings: () => warnings,
    check: async () => {
      if (log.broken) throw log.broken;
      await storage.check();
      await dbh.db.selectFrom("rooms").select("uid").limit(1).execute();
      if (cluster) liveRooms = await live.size();
      return { liveRooms: liveNow(), sockets: socketCount };
    },
  });
  registerGameRoutes(app, games, host, services, tokens, roomBudget);
  registerServiceRoutes(app, serviceGames, services);
  registerAccountRoutes(app, accounts, identity, config.AUTH_PER_MINUTE);
  await registerWeb(app, config.WEB_DIR);

  const io = attachSockets(
    app.server,
    games,
    host,
    publisher,
    tokens,
    config,
    app.log,
    { connected: () => socketCount++, disconnected: () => socketCount-- },
    services,
    () => !draining,
    trusted,
    cluster && presence ? { adapter: cluster.adapter, presence } : undefined,
    roomBudget,
  );
  const sweeper = sweepIdleRooms(host, config, app.log);
  if (cluster) {
    cluster.onFanoutRestored(() => resyncLocalRooms(io, host, onError, app.log));
    await watchRedisResets(cluster, presence, host, log, onError, app.log);
  }
  const recovery = recoverInBackground(host, log, cluster !== null, onError, app.log, () => {
    recovering = false;
  });

  return {
    app,
    io,
    host,
    live,
    log,
    /** Scale-out mode's Redis parts (null when embedded). */
    cluster,
    db: dbh.db,
    services,
    dbKind: dbh.kind,
    /** Resolves with the number of rooms restored from the log once every open room is back. */
    recovery,
    /** Whether `drain()` has begun: /readyz answers 503 and no new socket is taken. */
    get draining() {
      return draining;
    },
    /**
     * The first step of a graceful stop, at once: /readyz answers 503 `draining` so a load
     * balancer sends no one new, and new sockets are refused. The sockets already here
     * keep playing until `close()`.
     */
    drain() {
      draining = true;
    },
    async close() {
      draining = true;
      clearInterval(sweeper);
      await recovery;
      // Sockets go first (their clients reconnect, through a load balancer to another
      // node), and HTTP stops taking requests, so no new input arrives; then what already
      // began finishes, and only then is the log drained and the database closed.
      await Promise.all([io.close(), app.close()]);
      await inFlight.idle();
      // In-process timers are re-armed from the log by whoever holds the room next; a
      // cluster's stay armed in Redis for the other nodes, and this node's seats are
      // reported empty before its Redis connections close.
      roomHost.cancelSeatChecks();
      if (cluster) await cluster.close();
      else scheduler.cancelAll();
      await inFlight.idle();
      await roomHost.projectionsSettled();
      for (const g of [...games, ...serviceGames]) await g.close?.(services);
      await log.shutdown();
      // Every journaled row is in the database now: a journal missing at the next start is no loss.
      if (onDisk && !log.broken) await closeJournalMark(dbh.db as never);
      await dbh.close();
    },
  };
}
