import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, inject } from "vitest";
import type { GameModule } from "../../src/engine/module";
import { gameModules, serviceModules } from "../../src/games/registry";
import { buildServer } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { late } from "./late";

/**
 * A real server on a loopback port with in-memory PGlite (or DATABASE_URL when asked),
 * serving the web client built once for this run (test/support/web-build.ts). `more`: games
 * beside the registry's (the example game of docs/architecture.md, "Adding a game").
 */
export async function startServer(env: Record<string, string> = {}, more: GameModule[] = []) {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    TIME_SCALE: "0.02",
    WEB_DIR: inject("webDir"),
    // Suites create rooms and sockets far faster than people do; the limits have their own tests.
    REST_PER_MINUTE: "100000",
    ROOMS_PER_MINUTE: "100000",
    SOCKET_JOINS_PER_MINUTE: "100000",
    AUTH_PER_MINUTE: "100000",
    ...env,
  });
  const server = await buildServer(config, [...gameModules, ...more], serviceModules);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const port = (server.app.server.address() as AddressInfo).port;
  return { ...server, url: `http://127.0.0.1:${port}`, port };
}
export type TestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The file's one server, started before its first test and closed after its last (`env` and
 * `more` as for startServer). Hooks the file adds afterwards see it started.
 */
export function serverPerFile(env: Record<string, string> = {}, more: GameModule[] = []): TestServer {
  const server = late<TestServer>("the file's server");
  beforeAll(async () => {
    server.set(await startServer(env, more));
  });
  afterAll(async () => {
    await server.current?.close();
  });
  return server.proxy;
}
