import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { type CutReason, type EngineConnection, guardConnection } from "./connection-guard";

/** An engine.io connection as the guard sees it: packets in, packets made, flushes, a websocket under it. */
function fakeConnection() {
  const events = new EventEmitter();
  const ws = { bufferedAmount: 0, terminated: false, terminate: () => (ws.terminated = true) };
  const conn = {
    request: {} as IncomingMessage,
    transport: { name: "websocket", socket: ws },
    closed: false,
    on: (event: string, fn: (...a: unknown[]) => void) => events.on(event, fn),
    close: () => (conn.closed = true),
  };
  return { conn: conn as EngineConnection & { closed: boolean }, ws, emit: events.emit.bind(events) };
}

const limits = { bytesPerSecond: 1000, burstBytes: 10_000, maxQueuedBytes: 5_000 };

/** A fake connection under the guard (on `clock`'s time, if given), and the reasons it was cut off, in order. */
function guarded(clock?: () => number) {
  const fake = fakeConnection();
  const cuts: CutReason[] = [];
  guardConnection(fake.conn, limits, (r) => cuts.push(r), clock);
  return { ...fake, cuts };
}
const tick = () => new Promise((r) => process.nextTick(r));

describe("a connection's bytes", () => {
  it("in: frames of any kind spend one budget, and the connection is cut off when it runs dry", () => {
    const { conn, ws, emit, cuts } = guarded(() => 0);
    for (let i = 0; i < 4; i++) emit("packet", { type: "message", data: "x".repeat(2_000) });
    emit("packet", { type: "ping" });
    expect(cuts).toEqual([]);
    emit("packet", { type: "message", data: "x".repeat(2_000) });
    expect(cuts).toEqual(["sent too much"]);
    expect(conn.closed && ws.terminated).toBe(true);
    // Once cut, it is not cut again.
    emit("packet", { type: "message", data: "x".repeat(20_000) });
    expect(cuts).toEqual(["sent too much"]);
  });

  it("in: the budget refills with time", () => {
    let now = 0;
    const { emit, cuts } = guarded(() => now);
    for (let i = 0; i < 20; i++) {
      emit("packet", { type: "message", data: "x".repeat(999) });
      now += 1000;
    }
    expect(cuts).toEqual([]);
  });

  it("out: what waits in engine.io's buffer and the websocket's counts; a flush hands it on", async () => {
    const { conn, ws, emit, cuts } = guarded();
    // Sent and read: each flush leaves nothing waiting.
    for (let i = 0; i < 10; i++) {
      emit("packetCreate", { type: "message", data: "x".repeat(3_000) });
      emit("flush");
    }
    await tick();
    expect(cuts).toEqual([]);
    // Not read: the websocket holds what was flushed, and the next packets pile up behind it.
    ws.bufferedAmount = 3_000;
    emit("packetCreate", { type: "message", data: "x".repeat(1_500) });
    await tick();
    expect(cuts).toEqual([]);
    emit("packetCreate", { type: "message", data: "x".repeat(1_500) });
    expect(cuts).toEqual([]); // cut on the next tick, not inside engine.io's send
    await tick();
    expect(cuts).toEqual(["reads too slowly"]);
    expect(conn.closed && ws.terminated).toBe(true);
  });
});
