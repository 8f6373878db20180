import { z } from "zod";
import { entryProblem } from "./client-address";

const optionalUrl = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.url().optional());
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A comma-separated list; empty or unset is an empty list. */
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  );

/** A graceful stop (SIGTERM) that takes longer than this is cut short: a stuck database, a hung socket. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** Configuration from the environment, validated once at start (see docs/operations.md). */
export const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** PostgreSQL for durable data; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /**
   * Redis for scale-out mode: with DATABASE_URL too, live rooms, timers, socket fan-out and
   * seat presence move onto it and any number of nodes serve the same rooms (docs/scale-out.md).
   * Alone it is ignored with a warning: nodes cannot share rooms without a shared log.
   */
  REDIS_URL: optionalUrl,
  /** Prefix of every Redis key this deployment uses; deployments sharing a Redis need different ones. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "letters, digits and : _ . - only")
    .default("parlor:"),
  DATA_DIR: z.string().default("./data"),
  /**
   * This node's name among several: sent as X-Parlor-Node on every response and in
   * /healthz, and the `node` label of parlor_node_info. Unset: no header, and the host name
   * labels the metrics.
   */
  NODE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, "letters, digits, '.', '_' or '-', at most 63")
    .optional(),
  /**
   * After SIGTERM, how long the server goes on serving the sockets it has, with /readyz at
   * 503, before it closes them: time for a load balancer's health check to see it go.
   * The whole stop is forced after SHUTDOWN_DEADLINE_MS, so this stays well under that.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(5000).default(0),
  /**
   * Where embedded PGlite runs. auto: its own worker thread for a data directory on disk
   * (the event loop never waits on the database, and its garbage stays off the main heap),
   * the main thread for memory:// (tests, where starting a worker per server costs more).
   */
  PGLITE_THREAD: z.enum(["auto", "worker", "main"]).default("auto"),
  /**
   * Embedded PGlite's buffer cache (PostgreSQL's shared_buffers), in MB. PostgreSQL's 128 MB
   * is resident from the start inside PGlite's WebAssembly memory; the files are in the
   * operating system's cache anyway, and Parlor's working set is small.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
  /** Multiplies every game duration: 1 in production; e.g. 0.05 for fast tests. */
  TIME_SCALE: z.coerce.number().positive().max(100).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIR: z.string().default("dist/web"),
  /** Key for signing seat tokens; unset means a random key kept in the database. */
  SEAT_TOKEN_SECRET: z.string().min(16).optional(),
  /** Key for signing player identities (daily puzzles, leaderboards); unset: a random key kept in the database. */
  IDENTITY_SECRET: z.string().min(16).optional(),
  /**
   * Mixed into the seed of daily puzzles, so a day's deck cannot be worked out from the date
   * and the source; unset: a random secret made at first start and kept in the database.
   */
  DAILY_SEED_SECRET: z.string().min(16).optional(),
  /** Games in progress with no input and no timer for this long are closed. */
  ROOM_IDLE_MINUTES: z.coerce.number().positive().default(120),
  /** Lobbies nobody started, and finished games, close after this long without input. */
  ROOM_LOBBY_IDLE_MINUTES: z.coerce.number().positive().default(10),
  /**
   * All stored content (uploaded card packs, what rooms bring with them) together may take
   * this many megabytes. With MAX_LIVE_ROOMS it bounds the heap: see "Memory" in
   * docs/operations.md (the defaults fit a 2 GB heap).
   */
  CONTENT_QUOTA_MB: z.coerce.number().positive().default(200),
  /** Live rooms this server holds at most; creating more is refused with `server_full` (see CONTENT_QUOTA_MB). */
  MAX_LIVE_ROOMS: count(10_000),
  /** REST requests per minute per client address (all routes together). */
  REST_PER_MINUTE: count(600),
  /** Account registrations and logins per client address per minute (refreshes: six times that). */
  AUTH_PER_MINUTE: count(10),
  /** Rooms a client address may create per minute (REST, and Trivia Duel joins that create). */
  ROOMS_PER_MINUTE: count(30),
  /** Socket joins per client address per minute (room-code guessing, reconnect storms). */
  SOCKET_JOINS_PER_MINUTE: count(120),
  /** Messages per second one socket may send, sustained; its burst is twice that. */
  SOCKET_MESSAGES_PER_SECOND: count(20),
  /**
   * Kilobytes waiting to be sent to one connection (a client that stops reading) before it
   * is disconnected; it resyncs when it comes back. See "Slow readers" in docs/operations.md.
   */
  SOCKET_QUEUE_KB: count(512),
  /**
   * The address players' browsers use for this server (scheme://host[:port]): pages from it
   * may open sockets. Unset: http://localhost:PORT. Behind a proxy or on a domain, set it to
   * what is in the browser's address bar. See origin.ts for what else is let in.
   */
  PUBLIC_ORIGIN: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .url({ protocol: /^https?$/ })
      .refine(
        (v) => ["", "/"].includes(new URL(v).pathname) && !new URL(v).search,
        "an origin: scheme://host[:port], no path",
      )
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  /**
   * Other origins (scheme://host[:port]) whose pages may open sockets. Clients that send no
   * Origin (bots, tests, native apps) are not browsers and are always let through.
   */
  ALLOWED_ORIGINS: list,
  /**
   * Proxies (addresses or CIDR blocks, e.g. 127.0.0.1/32) whose X-Forwarded-For is believed:
   * rate limits, logs and METRICS_ALLOW then see the client behind them. Empty (the
   * default): the header is ignored and the connection's peer is the client.
   */
  TRUST_PROXY: list.superRefine((entries, ctx) => {
    for (const e of entries) {
      const problem = entryProblem(e);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }
  }),
  /** Bearer token that opens /metrics from anywhere; without it, only METRICS_ALLOW addresses may read it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Addresses (exact, or a prefix ending in "." or ":") allowed to read /metrics without a token. */
  METRICS_ALLOW: z
    .string()
    .default("127.0.0.1,::1,::ffff:127.0.0.1")
    .transform((v) =>
      v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    ),
});
export type Config = z.infer<typeof Config>;

/** The origin browsers reach this server at: PUBLIC_ORIGIN, or http://localhost on the port it listens on. */
export function publicOrigin(config: Config, listeningPort: number = config.PORT): string {
  return config.PUBLIC_ORIGIN ?? `http://localhost:${listeningPort}`;
}

/** Which mode the settings choose: scale-out needs both REDIS_URL and DATABASE_URL. */
export function scaleOut(config: Config): { cluster: { redisUrl: string; prefix: string } | null; warning?: string } {
  if (config.REDIS_URL && config.DATABASE_URL)
    return { cluster: { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX } };
  if (config.REDIS_URL)
    return {
      cluster: null,
      warning:
        "REDIS_URL is set without DATABASE_URL: scale-out mode needs both (the log must be shared), so this node runs embedded and ignores Redis",
    };
  return { cluster: null };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Config.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
