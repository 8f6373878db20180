import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { until } from "./waits";

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

export type Spawned = { proc: ChildProcess; url: string; output: () => string };

/**
 * How long a child server may take to answer /healthz: a minute or two on a 2-core machine
 * with other work beside it, and still well inside the suites' hook timeout (180 s), so a
 * server that never comes up fails with its own output rather than a bare timeout.
 */
export const START_MS = 120_000;

/**
 * Run the real server entry point in its own process, as `npm start` would, and wait until it
 * answers /healthz. The port is picked free a moment before the child listens, so another
 * test may take it first: then the child exits with EADDRINUSE and we try another port.
 */
export async function spawnServer(env: Record<string, string>, { startMs = START_MS } = {}): Promise<Spawned> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(env, startMs);
    } catch (err) {
      if (attempt >= 4 || env.PORT || !String(err).includes("EADDRINUSE")) throw err;
    }
  }
}

/**
 * Run the real server entry point expecting it to stop on its own (it refuses its
 * configuration or its data): its exit code and everything it printed. Killed after `ms`
 * if it is still running then (a server that started, when it should not have).
 */
export async function runUntilExit(
  env: Record<string, string>,
  ms = START_MS,
): Promise<{ code: number | null; output: string }> {
  const proc = serverProcess({ ...env, PORT: env.PORT ?? String(await freePort()) });
  let output = "";
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  const timer = setTimeout(() => proc.kill("SIGKILL"), ms);
  const code = await new Promise<number | null>((resolve) => proc.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

function serverProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
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
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function spawnOnce(env: Record<string, string>, startMs: number): Promise<Spawned> {
  const port = env.PORT ?? String(await freePort());
  const proc = serverProcess({ ...env, PORT: port });
  let output = "";
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(
      `the server on port ${port} (pid ${proc.pid}) to answer /healthz`,
      async () => {
        if (proc.exitCode !== null || proc.signalCode !== null)
          throw new Error(`server exited early (${proc.exitCode ?? proc.signalCode}):\n${output}`);
        try {
          const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
          // Only our child counts: another server may be listening on the port we picked.
          return r.ok && ((await r.json()) as { pid?: number }).pid === proc.pid;
        } catch {
          return false; // not up yet
        }
      },
      { ms: startMs, everyMs: 100, seen: () => `its output so far:\n${output}` },
    );
  } catch (err) {
    proc.kill("SIGKILL");
    throw err;
  }
  return { proc, url, output: () => output };
}
