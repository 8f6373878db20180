import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ConnectionStatus, watchConnection } from "./connection";

/** Just enough of a Socket.IO socket for the watcher: its events, its flag, connect and the engine. */
class FakeSocket {
  connected = true;
  connects = 0;
  engineClosed = 0;
  private handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  io = { engine: { close: () => this.engineClosed++ } };
  on(event: string, f: (...a: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), f]);
    return this;
  }
  off(event: string, f: (...a: unknown[]) => void) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((g) => g !== f),
    );
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const f of this.handlers.get(event) ?? []) f(...args);
  }
  connect() {
    this.connects++;
  }
  // Heartbeats are answered at once.
  timeout() {
    return { emit: (_e: string, ack: (err: unknown) => void) => ack(null) };
  }
}

const windowEvents = new Map<string, (() => void)[]>();
const fire = (event: string) => {
  for (const f of windowEvents.get(event) ?? []) f();
};

beforeEach(() => {
  windowEvents.clear();
  vi.stubGlobal("window", {
    setInterval: () => 1,
    clearInterval: () => {},
    addEventListener: (e: string, f: () => void) => windowEvents.set(e, [...(windowEvents.get(e) ?? []), f]),
    removeEventListener: (e: string, f: () => void) =>
      windowEvents.set(
        e,
        (windowEvents.get(e) ?? []).filter((g) => g !== f),
      ),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function watch() {
  const socket = new FakeSocket();
  const seen: ConnectionStatus[] = [];
  const stop = watchConnection(socket as unknown as Socket, (s) => seen.push(s));
  /** The line drops, for `reason` (Socket.IO's words). */
  const drop = (reason: string) => {
    socket.connected = false;
    socket.fire("disconnect", reason);
  };
  return { socket, seen, stop, drop };
}

describe("watchConnection", () => {
  it("a dropped line is 'reconnecting', and the browser coming back online reconnects at once", () => {
    const { socket, seen, drop } = watch();
    drop("transport close");
    expect(seen.at(-1)).toBe("reconnecting");
    fire("online");
    expect(socket.connects).toBe(1);
    socket.connected = true;
    socket.fire("connect");
    expect(seen.at(-1)).toBe("online");
  });

  it("a socket the server let go on purpose is 'closed': no reconnecting, and going online does not dial again", () => {
    const { socket, seen, drop } = watch();
    drop("io server disconnect");
    expect(seen.at(-1)).toBe("closed");
    // Nothing afterwards turns it into a promise to reconnect.
    fire("offline");
    socket.fire("connect_error", new Error("x"));
    fire("online");
    expect(seen.at(-1)).toBe("closed");
    expect(seen).not.toContain("reconnecting");
    expect(socket.connects).toBe(0);
    expect(socket.engineClosed).toBe(0);
  });

  it("a page that connects again itself after a close is online again", () => {
    const { socket, seen, drop } = watch();
    drop("io server disconnect");
    socket.connected = true;
    socket.fire("connect");
    expect(seen.at(-1)).toBe("online");
    drop("ping timeout");
    expect(seen.at(-1)).toBe("reconnecting");
  });

  it("stops listening when asked", () => {
    const { socket, seen, stop } = watch();
    stop();
    socket.fire("disconnect", "transport close");
    fire("online");
    expect(seen).toEqual(["online"]);
    expect(socket.connects).toBe(0);
  });
});
