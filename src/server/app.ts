import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { join } from "node:path";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify from "fastify";
import type { GameModule, ServiceContext, ServiceModule } from "../engine/module";
import { Accounts } from "../platform/accounts/accounts";
import { accountMigrations } from "../platform/accounts/migrations";
import { ContentBlobs } from "../platform/content-store";
import { connectDb } from "../platform/db/connect";
import { migrate } from "../platform/db/migrations";
import { Identities } from "../platform/identities";
import { InputLog } from "../platform/input-log";
import { Journal } from "../platform/journal";
import { MemoryLiveStore } from "../platform/live-store";
import { recoverRooms } from "../platform/recovery";
import { RoomHost } from "../platform/room-host";
import { InProcessScheduler, type Scheduler } from "../platform/scheduler";
import { SeatTokens } from "../platform/seat-tokens";
import { registerAccountRoutes } from "./account-routes";
import { trustedHops } from "./client-address";
import { openCluster } from "./cluster";
import { type Config, scaleOut } from "./config";
import { registerErrorReplies } from "./errors";
import { InFlight } from "./in-flight";
import { createMetrics } from "./metrics";
import { registerOpsRoutes } from "./ops-routes";
import { SocketPublisher } from "./publisher";
import { BEARER_SCHEME, registerGameRoutes, registerServiceRoutes } from "./rest";
import { attachSockets } from "./socket-server";
import { oneNodeAtATime } from "./startup-lock";
import { registerWeb } from "./static-web";

/** The embedded mode's write-ahead file of input rows, inside DATA_DIR (see journal.ts). */
export const JOURNAL_FILE = "parlor-input-journal.ndjson";

/**
 * Build the whole server (not listening yet). Everything it opens, `close()` shuts. Rooms
 * left open by an earlier run are restored in the background (`recovery`), so the server
 * can listen at once; a room asked for before its turn is restored on the spot.
 */
export async function buildServer(config: Config, games: GameModule[], serviceGames: ServiceModule[] = []) {
  // Behind a load balancer, every request's peer is the balancer: who the client is comes
  // from X-Forwarded-For, believed only from the hops TRUST_PROXY names.
  const trusted = trustedHops(config.TRUST_PROXY);
  const app = Fastify({
    trustProxy: (address: string) => trusted(address),
    logger: config.LOG_LEVEL === "silent" ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
  });
  // Bodies are parsed with zod in the handlers; the JSON schemas are for OpenAPI only.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorReplies(app);
  // Which node answered, for operators (and tests) looking through a load balancer.
  const nodeName = config.NODE_NAME;
  if (nodeName)
    app.addHook("onRequest", async (_req, reply) => {
      reply.header("x-parlor-node", nodeName);
    });

  const inMemory = config.DATA_DIR.startsWith("memory://");
  const dbh = await connectDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteThread: config.PGLITE_THREAD === "auto" ? (inMemory ? "main" : "worker") : config.PGLITE_THREAD,
    onIdleError: (err) => app.log.warn({ err }, "PostgreSQL closed an idle connection"),
  });
  const gameMigrations = Object.assign(
    { ...accountMigrations },
    ...[...games, ...serviceGames].map((g) => g.migrations ?? {}),
  );
  // Several nodes on one PostgreSQL start together: one sets up at a time.
  const { tokens, identity, accounts, services } = await oneNodeAtATime(dbh.db as never, dbh.kind, async () => {
    await migrate(dbh.db as never, gameMigrations);
    const tokens = await SeatTokens.open(dbh.db as never, config.SEAT_TOKEN_SECRET);
    const identity = await Identities.open(dbh.db as never, config.IDENTITY_SECRET);
    const accounts = new Accounts(dbh.db, identity);
    const content = new ContentBlobs(dbh.db, {
      elsewhere: async () => {
        let bytes = 0;
        for (const g of games) bytes += (await g.storedBytes?.(services)) ?? 0;
        return bytes;
      },
    });
    const services: ServiceContext = {
      db: dbh.db,
      now: () => Date.now(),
      contentQuotaBytes: config.CONTENT_QUOTA_MB * 1024 * 1024,
      identity,
      accounts,
      content,
    };
    for (const g of [...games, ...serviceGames]) await g.init?.(services);
    // Content sent with rooms that closed since the last run (and unused for a while) goes.
    const purged = await content.purge();
    if (purged) app.log.info({ purged }, "stored content no open room names was let go");
    return { tokens, identity, accounts, services };
  });
  // Embedded on disk: inputs are durable once in the journal file, and PGlite (whose
  // statements stall now and then) takes them in the background. PostgreSQL commits
  // without blocking, and is the log other nodes read, so it needs no journal.
  const onDisk = dbh.kind === "pglite" && !inMemory;
  const mode = scaleOut(config);
  if (mode.warning) app.log.warn(mode.warning);
  const onError = (err: unknown, context: string) => app.log.error({ err, context }, "room host error");
  const cluster = mode.cluster ? openCluster(mode.cluster, onError) : null;
  const log = new InputLog(dbh.db, {
    journal: onDisk ? Journal.open(join(config.DATA_DIR, JOURNAL_FILE)) : null,
    shared: cluster !== null,
  });
  const restored = await log.restoreJournal();
  if (restored.restored) app.log.info({ rows: restored.restored }, "input journal copied into the database");
  if (restored.setAside)
    app.log.warn(
      { rows: restored.setAside, file: restored.setAsideFile },
      "input journal rows that could not be restored were set aside",
    );
  const memory = cluster ? null : new MemoryLiveStore();
  const live = cluster?.live ?? memory!;
  const publisher = new SocketPublisher(cluster !== null);
  let socketCount = 0;
  // Clustered, the shared store's room count is not known synchronously: the gauge shows
  // the count the last health check read.
  let liveRooms = 0;
  const liveNow = () => memory?.sizeNow() ?? liveRooms;
  const metrics = createMetrics(liveNow, () => socketCount, config.NODE_NAME ?? hostname());
  const roomHost = new RoomHost({
    games,
    live,
    log,
    publisher,
    timeScale: config.TIME_SCALE,
    metrics: metrics.host,
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
      app.log.info({ rooms: codes.length }, "a node died: the rooms it worked on were resent to their players");
    },
  );
  // Everything that drives rooms goes through this view of the host, so shutdown can wait
  // for inputs, ticks and REST actions already begun before it drains the log.
  const inFlight = new InFlight();
  const host = inFlight.wrap(roomHost);
  // Games whose own routes seat players or drive rooms (SerpentRace's REST) do it through these.
  Object.assign(services, {
    seats: tokens,
    rooms: {
      create: (gameId: string, options: unknown) => host.createRoom(gameId, options),
      get: async (code: string) => {
        const rec = await host.exists(code);
        return rec ? { game: rec.game, options: rec.origin.options, state: rec.state, uid: rec.uid } : null;
      },
      act: (code: string, seat: string, intent: unknown) => host.actAs(code, seat, intent),
      seat: async (
        code: string,
        who: { name: string; claims?: Record<string, unknown>; ttl?: string; subject?: string; seatClaim?: string },
      ) => {
        const rec = await host.exists(code);
        if (!rec) return { ok: false as const, code: "room_not_found", message: "No such room." };
        // The token's subject is the seat's credential: chosen first, so the token signed
        // once the seat is known (and named in it) proves the very seat it names.
        const subject = who.subject ?? randomUUID();
        const r = await host.join(rec.game, code, { credential: subject, name: who.name, offline: true });
        if (!r.seat)
          return { ok: false as const, ...(r.refused ?? { code: "not_seated", message: "No seat was free." }) };
        const claims = { ...who.claims, ...(who.seatClaim ? { [who.seatClaim]: r.seat } : {}) };
        const token = await tokens.issue(code, who.name, undefined, {
          claims,
          subject,
          ...(who.ttl ? { ttl: who.ttl } : {}),
        });
        const proof = await tokens.verify(token, code);
        if (proof?.credential !== subject) throw new Error("a token just signed did not verify");
        return { ok: true as const, seat: r.seat, token };
      },
    },
  });
  const scheduler: Scheduler = cluster
    ? cluster.scheduler((code) => host.fire(code))
    : new InProcessScheduler((code) => void host.fire(code));
  host.setScheduler(scheduler);
  await presence?.start();

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes, and the first paint's shell styles are inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The page may be opened over plain http on a LAN; HSTS would lock phones out of that.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "no-referrer" },
  });
  await app.register(fastifyRateLimit, {
    max: config.REST_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(`Too many requests; try again in ${ctx.after}.`), { statusCode: 429 }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Parlor API", version: "0.1.0", description: "Rooms and content for Parlor's games" },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "A signed token from this server: a player token, or an account's access token",
          },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs", staticCSP: true });

  let recovering = true;
  let draining = false;
  registerOpsRoutes(app, {
    config,
    metrics: metrics.registry,
    storage: dbh.kind,
    recovering: () => recovering,
    draining: () => draining,
    check: async () => {
      if (log.broken) throw log.broken;
      await dbh.db.selectFrom("rooms").select("uid").limit(1).execute();
      if (cluster) liveRooms = await live.size();
      return { liveRooms: liveNow(), sockets: socketCount };
    },
  });
  registerGameRoutes(app, games, host, services, tokens, config);
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
    cluster && presence ? { adapter: cluster.adapter, socketOptions: cluster.socketOptions, presence } : undefined,
  );

  const sweeper = setInterval(
    () => {
      host
        .closeIdle({ playingMs: config.ROOM_IDLE_MINUTES * 60_000, quietMs: config.ROOM_LOBBY_IDLE_MINUTES * 60_000 })
        .then(
          (n) => n && app.log.info({ closed: n }, "closed idle rooms"),
          (err) => app.log.error({ err }, "idle sweep failed"),
        );
    },
    Math.min(60_000, config.ROOM_LOBBY_IDLE_MINUTES * 60_000),
  );
  sweeper.unref();

  // Redis restarted empty (it keeps nothing on disk in a usual deployment): every node
  // writes back its own sockets' seats, and one of them rebuilds every open room from the
  // log, which re-arms each room's timer and sends its sockets a full state. A room asked
  // for before that is rebuilt on the spot, as always.
  await cluster?.watchResets(async (reset) => {
    app.log.warn({ rebuilds: reset.rebuilds }, "Redis lost the deployment's keys; rebuilding from the log");
    await presence?.reassert().catch((err) => onError(err, "presence after a Redis reset"));
    if (!reset.rebuilds) return;
    const n = await recoverRooms(host, log, { onError, shared: true });
    app.log.warn({ rebuilt: n }, "rooms rebuilt from the log after a Redis reset");
  });

  const recovery = recoverRooms(host, log, { onError, shared: cluster !== null }).then(
    (n) => {
      recovering = false;
      if (n) app.log.info({ recovered: n }, "rooms recovered from the input log");
      return n;
    },
    (err) => {
      recovering = false;
      app.log.error({ err }, "room recovery failed");
      return 0;
    },
  );

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
      await dbh.close();
    },
  };
}
