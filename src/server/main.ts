import pino from "pino";
import { gameModules, serviceModules } from "../games/registry";
import { DataDirDamaged } from "../platform/db/data-dir-check";
import { buildServer } from "./app";
import { loadConfig, SHUTDOWN_DEADLINE_MS } from "./config";

const config = loadConfig();
const server = await buildServer(config, gameModules, serviceModules).catch((err) => {
  // Storage it cannot read stops the server with one sentence an operator can act on.
  const message = err instanceof DataDirDamaged ? err.message : `Parlor could not start: ${String(err?.stack ?? err)}`;
  pino({ level: "fatal" }).fatal({ ...(err instanceof DataDirDamaged ? { dataDir: err.dataDir } : {}) }, message);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
await server.app.listen({ port: config.PORT, host: config.HOST });
server.app.log.info(
  { storage: server.dbKind, timeScale: config.TIME_SCALE },
  `Parlor is up: http://localhost:${config.PORT}`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) {
      // A second signal: the operator does not want to wait.
      server.app.log.warn({ signal }, "second signal: exiting without finishing the stop");
      process.exit(1);
    }
    stopping = true;
    void stop(signal);
  });
}

/**
 * Not ready at once (a load balancer stops sending), no new sockets; after DRAIN_DELAY_MS
 * the sockets close (their clients reconnect elsewhere), inputs already begun finish, the
 * log is written out and the database closed. Acknowledged inputs are durable before
 * their acknowledgement anyway: this is about leaving nothing half-done to recover.
 */
async function stop(signal: string) {
  server.app.log.info({ signal, drainDelayMs: config.DRAIN_DELAY_MS }, "draining");
  server.drain();
  setTimeout(() => {
    server.app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, "graceful stop took too long: exiting");
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  try {
    if (config.DRAIN_DELAY_MS) await new Promise((r) => setTimeout(r, config.DRAIN_DELAY_MS));
    await server.close();
    server.app.log.info("stopped");
    process.exit(0);
  } catch (err) {
    server.app.log.error({ err }, "graceful stop failed");
    process.exit(1);
  }
}
