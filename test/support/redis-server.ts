import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { REDIS_SERVER } from "./needs";

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

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

  async function start(): Promise<void> {
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir];
    child = spawn(REDIS_SERVER, args, { stdio: "ignore" });
    for (let i = 0; ; i++) {
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on("error", () => {});
      try {
        await probe.connect();
        if ((await probe.ping()) === "PONG") return;
      } catch (err) {
        if (i >= 100) throw err;
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        probe.disconnect();
      }
    }
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
