import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort, START_MS } from "./child-server";
import { REDIS_SERVER } from "./needs";
import { until } from "./waits";

/**
 * A private redis-server on a free loopback port that keeps nothing on disk (as most
 * deployments run it): `kill()` takes it down with SIGKILL, `start()` brings up a new,
 * empty one on the same port.
 */
export async function privateRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "parlor-redis-"));
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;

  /** Start it and wait until it answers; a server that exits (its port taken) fails with what it printed. */
  async function start(): Promise<void> {
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir];
    const c = spawn(REDIS_SERVER, args, { stdio: ["ignore", "pipe", "pipe"] });
    child = c;
    let output = "";
    c.stdout?.on("data", (d) => (output += d));
    c.stderr?.on("data", (d) => (output += d));
    await until(
      `redis-server on port ${port} to answer PING`,
      async () => {
        if (c.exitCode !== null || c.signalCode !== null)
          throw new Error(`redis-server exited (${c.exitCode ?? c.signalCode}):\n${output}`);
        // Its log says when it takes connections: only then is a PONG this server's own.
        if (!output.includes("Ready to accept connections")) return false;
        const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
        probe.on("error", () => {});
        try {
          await probe.connect();
          return (await probe.ping()) === "PONG";
        } catch {
          return false;
        } finally {
          probe.disconnect();
        }
      },
      { ms: START_MS, everyMs: 50, seen: () => `its output:\n${output}` },
    );
  }

  async function kill(): Promise<void> {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const gone = new Promise((resolve) => c.once("exit", resolve));
    c.kill("SIGKILL");
    await gone;
  }

  await start();
  return {
    url,
    port,
    start,
    kill,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type PrivateRedis = Awaited<ReturnType<typeof privateRedis>>;
