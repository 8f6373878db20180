import { afterAll, beforeAll } from "vitest";
import { gameModules } from "../../src/games/registry";
import { connectDb, type DbHandle } from "../../src/platform/db/connect";
import { migrate } from "../../src/platform/db/migrations";
import { InputLog } from "../../src/platform/input-log";
import { MemoryLiveStore } from "../../src/platform/live-store";
import { type HostDeps, type Publisher, RoomHost } from "../../src/platform/room-host";
import { late } from "./late";

/**
 * The file's in-memory PGlite with the platform's and every game's tables, from before its
 * first test to after its last. Hooks the file adds afterwards see it migrated.
 */
export function memoryDbPerFile(): DbHandle {
  const h = late<DbHandle>("the file's database");
  beforeAll(async () => {
    const db = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
    h.set(db);
    await migrate(db.db as never, Object.assign({}, ...gameModules.map((g) => g.migrations ?? {})));
  });
  afterAll(async () => {
    await h.current?.close();
  });
  return h.proxy;
}

/** A publisher that sends nothing: the tests read the host's state instead. */
export const quiet: Publisher = { publish() {}, publishViews() {} };

/**
 * A room host with every game over `h`, with an in-memory live store and an input log of its
 * own, on real time and publishing nothing unless `deps` says otherwise.
 */
export function memoryHost(h: DbHandle, deps: Partial<HostDeps> = {}) {
  const log = new InputLog(h.db);
  const live = new MemoryLiveStore();
  const host = new RoomHost({ games: gameModules, live, log, publisher: quiet, timeScale: 1, ...deps });
  return { host, log, live };
}
