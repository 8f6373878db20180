import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** Whether a port on 127.0.0.1 can be listened on right now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/** A free port whose next `count - 1` ports are free too (`npm run cluster` puts its nodes on PORT+1…). */
export async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = await freePort();
    if (first + count - 1 > 65_535) continue;
    let all = true;
    for (let i = 1; i < count && all; i++) all = await portIsFree(first + i);
    if (all) return first;
  }
}

type Spawned = { proc: ChildProcess; url: string; output: () => string };

/**
 * Run the real server entry point in its own process, as `npm start` would. The port is
 * picked free a moment before the child listens, so another test may take it first: then
 * the child exits with EADDRINUSE and we try another port.
 */
export async function spawnServer(env: Record<string, string>): Promise<Spawned> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(env);
    } catch (err) {
      if (attempt >= 4 || env.PORT || !String(err).includes("EADDRINUSE")) throw err;
    }
  }
}

async function spawnOnce(env: Record<string, string>): Promise<Spawned> {
  const port = env.PORT ?? String(await freePort());
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      REST_PER_MINUTE: "100000",
      ROOMS_PER_MINUTE: "100000",
      SOCKET_JOINS_PER_MINUTE: "100000",
      AUTH_PER_MINUTE: "100000",
      // The embedded database unless a test asks for PostgreSQL: CI's DATABASE_URL is for the suites that want it.
      DATABASE_URL: "",
      REDIS_URL: "",
      ...env,
      PORT: port,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const r = await fetch(`${url}/healthz`);
      // Only our child counts: another server may be listening on the port we picked.
      if (r.ok && ((await r.json()) as { pid?: number }).pid === proc.pid) return { proc, url, output: () => output };
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
