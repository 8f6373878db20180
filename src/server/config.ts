import { z } from "zod";

const optionalUrl = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.url().optional());

/** Configuration from the environment, validated once at start (see docs/operations.md). */
export const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** PostgreSQL for durable data; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /** Reserved for scale-out mode (live state, timers and fan-out on Redis). */
  REDIS_URL: optionalUrl,
  DATA_DIR: z.string().default("./data"),
  /**
   * Where embedded PGlite runs. auto: its own worker thread for a data directory on disk
   * (the event loop never waits on the database, and its garbage stays off the main heap),
   * the main thread for memory:// (tests, where starting a worker per server costs more).
   */
  PGLITE_THREAD: z.enum(["auto", "worker", "main"]).default("auto"),
  /** Multiplies every game duration: 1 in production; e.g. 0.05 for fast tests. */
  TIME_SCALE: z.coerce.number().positive().max(100).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIR: z.string().default("dist/web"),
  /** Key for signing seat tokens; unset means a random key kept in the database. */
  SEAT_TOKEN_SECRET: z.string().min(16).optional(),
  /** Rooms with no input and no timer for this long are closed. */
  ROOM_IDLE_MINUTES: z.coerce.number().positive().default(120),
});
export type Config = z.infer<typeof Config>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Config.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
