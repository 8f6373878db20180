import { io, type Socket } from "socket.io-client";

export type Ev = { event: string; data: Record<string, any> };

/** REST against a test server, returning status and JSON body. */
export async function call(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, any> }> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const r = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : {} };
}

let accounts = 0;
/** A fresh account: its user and tokens. */
export async function register(url: string, displayName: string) {
  const r = await call(url, "POST", "/api/v1/auth/register", {
    body: {
      email: `${displayName.toLowerCase().replace(/\W/g, "")}-${++accounts}-${Date.now()}@school.example`,
      password: "correct horse 42",
      displayName,
    },
  });
  if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { user: { id: string; displayName: string }; accessToken: string; refreshToken: string };
}

/**
 * A socket on /game that records every named event, in order, and can wait for one.
 * Websocket only, as the brief asks of tests.
 */
export class RaceClient {
  readonly socket: Socket;
  readonly inbox: Ev[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  /** Why the server let this socket go ("io server disconnect" when it closed it), or null. */
  closedBy: string | null = null;

  constructor(url: string, auth: Record<string, unknown>) {
    this.socket = io(`${url}/game`, { transports: ["websocket"], forceNew: true, reconnection: false, auth });
    this.socket.onAny((event: string, data: Record<string, any>) => {
      this.inbox.push({ event, data });
      this.wake();
    });
    this.socket.on("disconnect", (reason) => {
      this.closedBy = reason;
      this.wake();
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Wait until `pred` holds (checked whenever something arrives). */
  async until(pred: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.inbox.slice(-8).map((m) => m.event);
        throw new Error(`timed out waiting for ${what}; last seen: ${seen.join(", ")}`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The next event (after the read cursor) named any of `events`. */
  async nextOf(events: string[], timeoutMs = 10_000): Promise<Ev> {
    let found: Ev | undefined;
    await this.until(
      () => {
        for (let i = this.cursor; i < this.inbox.length; i++) {
          const m = this.inbox[i]!;
          if (events.includes(m.event)) {
            this.cursor = i + 1;
            found = m;
            return true;
          }
        }
        return false;
      },
      events.join(" or "),
      timeoutMs,
    );
    return found as Ev;
  }

  emit(event: string, data: unknown = {}): void {
    this.socket.emit(event, data);
  }

  /** Emit with a Socket.IO acknowledgement and wait for it. */
  ask(event: string, data: unknown = {}): Promise<{ ok: boolean; error?: string; message?: string }> {
    return this.socket.timeout(10_000).emitWithAck(event, data);
  }

  /** The next event (after the read cursor) with this name that matches. */
  async next(event: string, pred: (d: Record<string, any>) => boolean = () => true, timeoutMs = 10_000): Promise<Ev> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.inbox.length; i++) {
        const m = this.inbox[i]!;
        if (m.event === event && pred(m.data)) {
          this.cursor = i + 1;
          return m;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.inbox.slice(-8).map((m) => m.event);
        throw new Error(`timed out waiting for ${event}; last seen: ${seen.join(", ")}`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Events with this name received so far. */
  all(event: string): Ev[] {
    return this.inbox.filter((m) => m.event === event);
  }

  skip(): void {
    this.cursor = this.inbox.length;
  }

  close(): void {
    this.socket.close();
  }
}
