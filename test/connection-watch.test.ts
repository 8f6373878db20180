import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ConnectionStatus, watchConnection } from "../web/src/kit/connection";

/**
 * The web client's connection watcher on a test clock: how soon a player is told the line is
 * down, and that a room the server closed stays closed. The browser suites see the banner
 * come and go; how soon it comes is proven here, where time is the test's to move.
 */
class QuietSocket {
  connected = true;
  engineClosed = 0;
  /** Whether the server answers heartbeats (a line that went silent does not). */
  answering = true;
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
  connect() {}
  /** Socket.IO's acknowledgement with a timeout: answered at once, or an error after `ms`. */
  timeout(ms: number) {
    return {
      emit: (_e: string, ack: (err: unknown) => void) => {
        if (this.answering) ack(null);
        else setTimeout(() => ack(new Error("timeout")), ms);
      },
    };
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("window", {
    setInterval: (f: () => void, ms: number) => setInterval(f, ms),
    clearInterval: (h: ReturnType<typeof setInterval>) => clearInterval(h),
    addEventListener: () => {},
    removeEventListener: () => {},
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function watch() {
  const socket = new QuietSocket();
  const seen: { status: ConnectionStatus; at: number }[] = [];
  const stop = watchConnection(socket as unknown as Socket, (status) => seen.push({ status, at: Date.now() }));
  return { socket, seen, stop };
}

describe("the connection watcher, on a test clock", () => {
  it("a line that goes silent is 'reconnecting' within 2 s, and the socket is dropped to reconnect soon after", () => {
    const { socket, seen, stop } = watch();
    vi.advanceTimersByTime(5_000);
    expect(seen.map((s) => s.status)).toEqual(["online"]);
    socket.answering = false;
    const quiet = Date.now();
    vi.advanceTimersByTime(2_000);
    expect(seen.at(-1)?.status).toBe("reconnecting");
    expect(seen.at(-1)!.at - quiet).toBeLessThanOrEqual(2_000);
    expect(socket.engineClosed).toBe(0);
    vi.advanceTimersByTime(4_000);
    expect(socket.engineClosed).toBe(1);
    stop();
  });

  it("a socket the server let go stays 'closed' past every heartbeat, and never closes its engine", () => {
    const { socket, seen, stop } = watch();
    socket.connected = false;
    socket.answering = false;
    socket.fire("disconnect", "io server disconnect");
    vi.advanceTimersByTime(60_000);
    expect(seen.map((s) => s.status)).toEqual(["online", "closed"]);
    expect(socket.engineClosed).toBe(0);
    stop();
  });
});
