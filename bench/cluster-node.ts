/**
 * One Parlor node as bench/cluster.ts runs it, in a child process: embedded in memory
 * (PGlite in memory, no Redis) when BENCH_NODE_REDIS_URL is unset, otherwise in scale-out
 * mode on that Redis (under BENCH_NODE_REDIS_PREFIX) and the PostgreSQL database of
 * BENCH_NODE_DATABASE_URL. Real durations, silent logs, per-client limits out of the way.
 * The settings are spelled out here rather than taken from the environment, so nothing
 * the operator has set (PORT, REDIS_URL…) changes what is measured.
 */
import type { AddressInfo } from "node:net";
import { gameModules, serviceModules } from "../src/games/registry";
import { buildServer } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { failChild, serveChild } from "./children";

try {
  const redisUrl = process.env.BENCH_NODE_REDIS_URL;
  const databaseUrl = process.env.BENCH_NODE_DATABASE_URL;
  if (redisUrl && !databaseUrl) throw new Error("bench/cluster-node: a Redis node needs BENCH_NODE_DATABASE_URL");
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "memory://",
    ...(redisUrl
      ? {
          REDIS_URL: redisUrl,
          DATABASE_URL: databaseUrl,
          REDIS_PREFIX: process.env.BENCH_NODE_REDIS_PREFIX ?? "parlor-bench:",
        }
      : {}),
    // Behind HAProxy, as `npm run cluster` starts them; the bots also name an address of
    // their own per room (X-Forwarded-For), so per-client limits see many clients.
    TRUST_PROXY: "127.0.0.1",
    ...(process.env.NODE_NAME ? { NODE_NAME: process.env.NODE_NAME } : {}),
    TIME_SCALE: "1",
    LOG_LEVEL: "silent",
    WEB_DIR: process.env.WEB_DIR ?? "dist/web",
    // Hundreds of bot sockets from one address: per-client limits would be the thing measured.
    REST_PER_MINUTE: "1000000",
    ROOMS_PER_MINUTE: "1000000",
    SOCKET_JOINS_PER_MINUTE: "1000000",
    SOCKET_MESSAGES_PER_SECOND: "1000",
  });
  const server = await buildServer(config, gameModules, serviceModules);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  serveChild((server.app.server.address() as AddressInfo).port, () => server.close());
} catch (err) {
  failChild(err);
}
