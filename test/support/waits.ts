import { io } from "socket.io-client";

/** Whether a process is still there (signal 0 only asks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ask `probe` every 100 ms until it answers something truthy, and return that; fail after `ms`. */
export async function until<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | null | undefined> | T | null | undefined,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a new websocket is let into `namespace`: true on connect, false on a refused handshake. */
export function socketOpens(url: string, namespace = "/cards", headers?: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => {
    const s = io(`${url}${namespace}`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      timeout: 10_000,
      ...(headers ? { extraHeaders: headers } : {}),
    });
    s.on("connect", () => {
      s.close();
      resolve(true);
    });
    s.on("connect_error", () => {
      s.close();
      resolve(false);
    });
  });
}
