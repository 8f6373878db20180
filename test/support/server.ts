import type { AddressInfo } from "node:net";
import { gameModules, serviceModules } from "../../src/games/registry";
import { buildServer } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";

/** A real server on a loopback port with in-memory PGlite (or DATABASE_URL when asked). */
export async function startServer(env: Record<string, string> = {}) {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    TIME_SCALE: "0.02",
    WEB_DIR: "dist/web",
    // Suites create rooms and sockets far faster than people do; the limits have their own tests.
    REST_PER_MINUTE: "100000",
    ROOMS_PER_MINUTE: "100000",
    SOCKET_JOINS_PER_MINUTE: "100000",
    AUTH_PER_MINUTE: "100000",
    ...env,
  });
  const server = await buildServer(config, gameModules, serviceModules);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const port = (server.app.server.address() as AddressInfo).port;
  return { ...server, url: `http://127.0.0.1:${port}`, port };
}
export type TestServer = Awaited<ReturnType<typeof startServer>>;
