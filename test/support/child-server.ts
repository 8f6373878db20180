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

/** Run the real server entry point in its own process, as `npm start` would. */
export async function spawnServer(
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
  const port = env.PORT ?? String(await freePort());
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      REST_PER_MINUTE: "100000",
      ROOMS_PER_MINUTE: "100000",
      SOCKET_JOINS_PER_MINUTE: "100000",
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
      if (r.ok) return { proc, url, output: () => output };
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
