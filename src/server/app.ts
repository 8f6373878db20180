import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify from "fastify";
import { Server } from "socket.io";
import { Decoder } from "socket.io-parser";
import type { GameModule } from "../engine/module";
import { connectDb } from "../platform/db/connect";
import { migrate } from "../platform/db/migrations";
import { InputLog } from "../platform/input-log";
import { Journal } from "../platform/journal";
import { MemoryLiveStore } from "../platform/live-store";
import { RoomHost } from "../platform/room-host";
import { InProcessScheduler } from "../platform/scheduler";
import { SeatTokens } from "../platform/seat-tokens";
import type { Config } from "./config";
import { attachGateway } from "./gateway";
import { JsonTextEncoder } from "./json-text-encoder";
import { createMetrics } from "./metrics";
import { SocketPublisher } from "./publisher";
import { registerGameRoutes } from "./rest";

/** The embedded mode's write-ahead file of input rows, inside DATA_DIR (see journal.ts). */
export const JOURNAL_FILE = "parlor-input-journal.ndjson";

/** Build the whole server (not listening yet). Everything it opens, `close()` shuts. */
export async function buildServer(config: Config, games: GameModule[]) {
  const app = Fastify({
    logger: config.LOG_LEVEL === "silent" ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
  });
  // Bodies are parsed with zod in the handlers; the JSON schemas are for OpenAPI only.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const inMemory = config.DATA_DIR.startsWith("memory://");
  const dbh = await connectDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteThread: config.PGLITE_THREAD === "auto" ? (inMemory ? "main" : "worker") : config.PGLITE_THREAD,
  });
  const gameMigrations = Object.assign({}, ...games.map((g) => g.migrations ?? {}));
  await migrate(dbh.db as never, gameMigrations);
  const tokens = await SeatTokens.open(dbh.db as never, config.SEAT_TOKEN_SECRET);
  const services = { db: dbh.db, now: () => Date.now() };
  for (const g of games) await g.init?.(services);
  // Embedded on disk: inputs are durable once in the journal file, and PGlite (whose
  // statements stall now and then) takes them in the background. PostgreSQL commits
  // without blocking, and is the log other nodes read, so it needs no journal.
  const onDisk = dbh.kind === "pglite" && !inMemory;
  const log = new InputLog(dbh.db, { journal: onDisk ? Journal.open(join(config.DATA_DIR, JOURNAL_FILE)) : null });
  const restored = await log.restoreJournal();
  if (restored) app.log.info({ rows: restored }, "input journal copied into the database");
  const live = new MemoryLiveStore();
  const publisher = new SocketPublisher();
  let socketCount = 0;
  const metrics = createMetrics(
    () => live.size(),
    () => socketCount,
  );
  const host = new RoomHost({
    games,
    live,
    log,
    publisher,
    timeScale: config.TIME_SCALE,
    metrics: metrics.host,
    services,
    onError: (err, context) => app.log.error({ err, context }, "room host error"),
  });
  const scheduler = new InProcessScheduler((code) => void host.fire(code));
  host.setScheduler(scheduler);
  if (config.REDIS_URL)
    app.log.warn("REDIS_URL is set, but scale-out mode is not available yet: live state stays in memory");

  await app.register(fastifySwagger, {
    openapi: { info: { title: "Parlor API", version: "0.1.0", description: "Rooms and content for Parlor's games" } },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs" });

  app.get("/healthz", { schema: { summary: "Liveness and storage check" } }, async (_req, reply) => {
    try {
      if (log.broken) throw log.broken;
      await dbh.db.selectFrom("rooms").select("uid").limit(1).execute();
      return { status: "ok", storage: dbh.kind, liveRooms: live.size(), sockets: socketCount };
    } catch (err) {
      return reply.code(503).send({ status: "unavailable", error: String(err) });
    }
  });
  app.get("/metrics", { schema: { hide: true } }, async (_req, reply) => {
    reply.header("content-type", metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  registerGameRoutes(app, games, host, services, tokens);

  const webDir = resolve(config.WEB_DIR);
  if (existsSync(webDir)) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false });
    // Client-side routes (/trivia/ABC234) get the app shell.
    app.setNotFoundHandler((req, reply) => {
      if (req.method === "GET" && !req.url.startsWith("/api/") && existsSync(resolve(webDir, "index.html")))
        return reply.sendFile("index.html");
      return reply.code(404).send({ error: { code: "not_found", message: `No route ${req.method} ${req.url}` } });
    });
  } else {
    app.log.warn({ webDir }, "web build not found; run `npm run build:web`");
  }

  const io = new Server(app.server, {
    // Same wire format; skips the encoder's search for binary in every payload (see json-text-encoder.ts).
    parser: { Encoder: JsonTextEncoder, Decoder },
    // Above our own 64 KB message limit, so oversized messages get a protocol ERROR
    // instead of a dropped connection.
    maxHttpBufferSize: 2 * 1024 * 1024,
    cors: { origin: true },
  });
  for (const game of games) {
    const ns = io.of(game.namespace);
    publisher.register(game.rules.id, ns);
    ns.on("connection", (s) => {
      socketCount++;
      s.on("disconnect", () => socketCount--);
    });
    attachGateway(ns, game, host, app.log, tokens);
  }

  const idleMs = config.ROOM_IDLE_MINUTES * 60_000;
  const sweeper = setInterval(
    () => {
      host.closeIdle(idleMs).then(
        (n) => n && app.log.info({ closed: n }, "closed idle rooms"),
        (err) => app.log.error({ err }, "idle sweep failed"),
      );
    },
    Math.min(60_000, idleMs),
  );
  sweeper.unref();

  const recovered = await host.recover();
  if (recovered) app.log.info({ recovered }, "rooms recovered from the input log");

  return {
    app,
    io,
    host,
    live,
    db: dbh.db,
    services,
    dbKind: dbh.kind,
    async close() {
      clearInterval(sweeper);
      await host.projectionsSettled();
      for (const g of games) await g.close?.(services);
      await log.shutdown();
      scheduler.cancelAll();
      io.close();
      await app.close();
      await dbh.close();
    },
  };
}
