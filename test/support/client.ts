import { io, type Socket } from "socket.io-client";

export type Msg = Record<string, unknown> & { type: string };

/**
 * A socket.io client that records every message it receives and can wait for one.
 * Websocket only, as the brief asks for tests.
 */
export class Player {
  readonly socket: Socket;
  readonly inbox: Msg[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];

  constructor(url: string, namespace: string, opts: { auth?: Record<string, unknown>; reconnection?: boolean } = {}) {
    this.socket = io(`${url}${namespace}`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: opts.reconnection ?? false,
      ...(opts.auth ? { auth: opts.auth } : {}),
    });
    this.socket.on("message", (m: Msg) => {
      this.inbox.push(m);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(msg: unknown) {
    this.socket.send(msg);
  }

  /** Wait for the next message (after the read cursor) matching type/predicate. */
  async next(type: string, pred: (m: Msg) => boolean = () => true, timeoutMs = 10_000): Promise<Msg> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.inbox.length; i++) {
        const m = this.inbox[i]!;
        if (m.type === type && pred(m)) {
          this.cursor = i + 1;
          return m;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        // Whole messages (cut short): a type alone hides why, e.g. who forfeited.
        const seen = this.inbox.slice(-8).map((m) => JSON.stringify(m).slice(0, 200));
        throw new Error(`timed out waiting for ${type}; last seen: ${seen.join(", ")}`);
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

  /** Skip everything received so far. */
  skip() {
    this.cursor = this.inbox.length;
  }

  close() {
    this.socket.close();
  }
}
