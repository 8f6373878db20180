import { io, type Socket } from "socket.io-client";
import { Bell, until } from "./waits";

export type Msg = Record<string, unknown> & { type: string };

/**
 * A socket.io client that records every message it receives and can wait for one.
 * Websocket only, as the brief asks for tests.
 */
export class Player {
  readonly socket: Socket;
  readonly inbox: Msg[] = [];
  private cursor = 0;
  private bell = new Bell();

  constructor(url: string, namespace: string, opts: { auth?: Record<string, unknown>; reconnection?: boolean } = {}) {
    this.socket = io(`${url}${namespace}`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: opts.reconnection ?? false,
      ...(opts.auth ? { auth: opts.auth } : {}),
    });
    this.socket.on("message", (m: Msg) => {
      this.inbox.push(m);
      this.bell.ring();
    });
  }

  send(msg: unknown) {
    this.socket.send(msg);
  }

  /** Wait for the next message (after the read cursor) matching type/predicate. */
  next(type: string, pred: (m: Msg) => boolean = () => true, ms = 10_000): Promise<Msg> {
    return until(
      type,
      () => {
        for (let i = this.cursor; i < this.inbox.length; i++) {
          const m = this.inbox[i]!;
          if (m.type === type && pred(m)) {
            this.cursor = i + 1;
            return m;
          }
        }
        return null;
      },
      // Whole messages (cut short): a type alone hides why, e.g. who forfeited.
      { ms, wake: this.bell.listen, seen: () => `last seen: ${lastSeen(this.inbox)}` },
    );
  }

  /** Skip everything received so far. */
  skip() {
    this.cursor = this.inbox.length;
  }

  close() {
    this.socket.close();
  }
}

/** The last messages received, each cut short, for a wait's timeout report. */
export function lastSeen(inbox: unknown[], n = 8): string {
  return inbox
    .slice(-n)
    .map((m) => JSON.stringify(m).slice(0, 200))
    .join(", ");
}

/** Wait until some message in `inbox` satisfies `pred`, looked at again on each ring of `bell`. */
export function received(inbox: Msg[], bell: Bell, what: string, pred: (m: Msg) => boolean, ms: number): Promise<Msg> {
  return until(what, () => inbox.find(pred), {
    ms,
    wake: bell.listen,
    seen: () => `got ${inbox.map((x) => x.type).join(", ")}`,
  });
}

/** The ack or error that answers `requestId`. */
export const answers = (requestId: string) => (x: Msg) =>
  (x.type === "ack" || x.type === "error") && x.requestId === requestId;

/** A seat's token in a room of the game whose REST root is `api` (e.g. `${url}/api/v1/cards`). */
export async function seatTokenAt(api: string, roomId: string, name: string, deviceId?: string): Promise<string> {
  const r = await fetch(`${api}/rooms/${roomId}/seats`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(deviceId ? { name, deviceId } : { name }),
  });
  if (r.status !== 201) throw new Error(`seat token: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}
