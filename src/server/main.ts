import { gameModules, serviceModules } from "../games/registry";
import { buildServer } from "./app";
import { loadConfig } from "./config";

const config = loadConfig();
const server = await buildServer(config, gameModules, serviceModules);
await server.app.listen({ port: config.PORT, host: config.HOST });
server.app.log.info(
  { storage: server.dbKind, timeScale: config.TIME_SCALE },
  `Parlor is up: http://localhost:${config.PORT}`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, "shutting down");
    await server.close();
    process.exit(0);
  });
}
