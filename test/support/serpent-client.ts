import { io, type Socket } from "socket.io-client";
import { call } from "./rest";
import { Bell, until } from "./waits";

export type Ev = { event: string; data: Record<string, any> };

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
  private readonly bell = new Bell();
  /** Why the server let this socket go ("io server disconnect" when it closed it), or null. */
  closedBy: string | null = null;

  constructor(url: string, auth: Record<string, unknown>) {
    this.socket = io(`${url}/game`, { transports: ["websocket"], forceNew: true, reconnection: false, auth });
    this.socket.onAny((event: string, data: Record<string, any>) => {
      this.inbox.push({ event, data });
      this.bell.ring();
    });
    this.socket.on("disconnect", (reason) => {
      this.closedBy = reason;
      this.bell.ring();
    });
  }

  /** Wait until `pred` holds (looked at again whenever something arrives). */
  async until(what: string, pred: () => boolean, ms = 10_000): Promise<void> {
    await until(what, pred, this.waiting(ms));
  }

  /** The next event (after the read cursor) named any of `events`. */
  nextOf(events: string[], ms = 10_000): Promise<Ev> {
    return this.take(events.join(" or "), (m) => events.includes(m.event), ms);
  }

  /** The next event (after the read cursor) that satisfies `pred`; the cursor moves past it. */
  private take(what: string, pred: (m: Ev) => boolean, ms: number): Promise<Ev> {
    return until(
      what,
      () => {
        for (let i = this.cursor; i < this.inbox.length; i++) {
          const m = this.inbox[i]!;
          if (pred(m)) {
            this.cursor = i + 1;
            return m;
          }
        }
        return null;
      },
      this.waiting(ms),
    );
  }

  /** A wait woken by every event, whose timeout names the latest events. */
  private waiting(ms: number) {
    return {
      ms,
      wake: this.bell.listen,
      seen: () =>
        `last seen: ${this.inbox
          .slice(-8)
          .map((m) => m.event)
          .join(", ")}`,
    };
  }

  emit(event: string, data: unknown = {}): void {
    this.socket.emit(event, data);
  }

  /** Emit with a Socket.IO acknowledgement and wait for it. */
  ask(event: string, data: unknown = {}): Promise<{ ok: boolean; error?: string; message?: string }> {
    return this.socket.timeout(10_000).emitWithAck(event, data);
  }

  /** The next event (after the read cursor) with this name that matches. */
  next(event: string, pred: (d: Record<string, any>) => boolean = () => true, ms = 10_000): Promise<Ev> {
    return this.take(event, (m) => m.event === event && pred(m.data), ms);
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
