import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { Player } from "./support/client";
import { serverPerFile, startServer, type TestServer } from "./support/server";
import { socketOpens, until } from "./support/waits";

/**
 * The room edges a careless or hostile client found: a mistyped code, a leave followed at
 * once by a disconnect, a stale second tab, broken frames and floods.
 */
const server = serverPerFile({ SOCKET_JOINS_PER_MINUTE: "100000", ROOMS_PER_MINUTE: "100000" });

async function createRoom(body: unknown = {}, url = server.url): Promise<string> {
  const res = await fetch(`${url}/api/v1/trivia/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { roomId: string }).roomId;
}

const state = async (code: string) => (await server.live.get(code))?.state as TriviaState | undefined;

async function seat(code: string, id = randomUUID(), extra: Record<string, unknown> = {}, url = server.url) {
  const p = new Player(url, "/trivia");
  p.send({ type: "JOIN_ROOM", roomId: code, playerId: id, create: false, ...extra });
  const rs = await p.next("ROOM_STATE");
  return { p, id, rs };
}

/**
 * A player seated in a room on a server of its own, for tests that get a socket cut off for
 * flooding: that keeps its address (ours) out for a while.
 */
async function seatedOnOwnServer(
  test: (own: TestServer, code: string, a: Awaited<ReturnType<typeof seat>>) => Promise<void>,
) {
  const own = await startServer();
  try {
    const code = await createRoom({}, own.url);
    await test(own, code, await seat(code, randomUUID(), {}, own.url));
  } finally {
    await own.close();
  }
}

/** Why the server let the socket go; fails if it never does. */
const disconnected = (p: Player) => {
  let why: string | null = null;
  p.socket.once("disconnect", (reason) => {
    why = reason;
  });
  return until("the server to cut the socket off", () => why);
};

/**
 * Close a client and wait until the server has let its socket go and finished what that
 * caused: the socket gone from the namespace (its disconnect handler runs then, and queues
 * any change to the room), then no room with work queued.
 */
async function closed(p: Player) {
  const id = p.socket.id;
  p.close();
  await until(
    "the server to let the socket go",
    () => !server.io.of("/trivia").sockets.has(id ?? "") && server.host.busyRooms() === 0,
  );
}

const connected = (p: Player) =>
  new Promise<void>((resolve) => (p.socket.connected ? resolve() : p.socket.once("connect", () => resolve())));

describe("rooms people can trust", () => {
  it("a code nobody created is 'no such room' for a client that asks not to create, and no room appears", async () => {
    const p = new Player(server.url, "/trivia");
    p.send({ type: "JOIN_ROOM", roomId: "NOPE42", playerId: randomUUID(), create: false });
    expect(await p.next("ERROR")).toMatchObject({ code: "room_not_found" });
    expect(await server.live.get("NOPE42")).toBeNull();
    // Protocol clients keep docs/games/trivia-duel.md, Decisions D9: without `create: false` the
    // room is made.
    p.send({ type: "JOIN_ROOM", roomId: "MADE42", playerId: randomUUID() });
    expect(await p.next("ROOM_STATE")).toMatchObject({ roomId: "MADE42", you: "P1" });
    p.close();
  });

  it("LEAVE sent just before closing the socket always frees the seat: 100 tries, no miss", async () => {
    const code = await createRoom();
    let freed = 0;
    for (let i = 0; i < 100; i++) {
      const p = new Player(server.url, "/trivia");
      await connected(p);
      p.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID(), create: false });
      expect(await p.next("ROOM_STATE")).toMatchObject({ you: "P1" });
      p.send({ type: "LEAVE" });
      p.socket.disconnect();
      // The next visitor must find the seat free.
      const next = await seat(code);
      if (next.rs.you === "P1") freed++;
      await new Promise((resolve) => next.p.socket.emit("message", { type: "LEAVE" }, resolve));
      next.p.close();
    }
    expect(freed).toBe(100);
    expect((await state(code))!.players.P1.joined).toBe(false);
  });

  it("LEAVE after a dropped connection and a reconnect frees the seat, every time", async () => {
    const code = await createRoom({ config: { reconnectGraceSec: 600 } });
    for (let i = 0; i < 10; i++) {
      const id = randomUUID();
      const first = await seat(code, id);
      expect(first.rs.you).toBe("P1");
      // The line drops; the server marks the seat away (its reconnect window opens).
      first.p.socket.disconnect();
      await until("P1 marked away", async () => (await state(code))!.players.P1.presence !== "active");
      expect((await state(code))!.players.P1).toMatchObject({ joined: true, presence: "disconnected" });
      // Back with the same id: the same seat. Then LEAVE, and the socket closes at once.
      const back = await seat(code, id);
      expect(back.rs.you).toBe("P1");
      back.p.send({ type: "LEAVE" });
      back.p.socket.disconnect();
      const next = await seat(code);
      expect(next.rs.you).toBe("P1");
      await new Promise((resolve) => next.p.socket.emit("message", { type: "LEAVE" }, resolve));
      next.p.close();
    }
    expect((await state(code))!.players.P1.joined).toBe(false);
  });

  it("a Socket.IO acknowledgement answers every message, so a client can wait for its LEAVE", async () => {
    const code = await createRoom();
    const a = await seat(code);
    const ack = await new Promise((resolve) => a.p.socket.emit("message", { type: "LEAVE" }, resolve));
    expect(ack).toEqual({ ok: true });
    const again = await new Promise((resolve) => a.p.socket.emit("message", { type: "LEAVE" }, resolve));
    expect(again).toMatchObject({ ok: false, error: "not_seated" });
    a.p.close();
  });

  it("a stale tab loses the seat with its LEAVE and can neither act for nor disconnect the next occupant", async () => {
    const code = await createRoom({ config: { betTimeLimitSec: 600, reconnectGraceSec: 600 } });
    const id = randomUUID();
    const tab1 = await seat(code, id);
    const tab2 = await seat(code, id);
    expect([tab1.rs.you, tab2.rs.you]).toEqual(["P1", "P1"]);
    tab1.p.send({ type: "LEAVE" });
    // The other tab of the same player hears it is now only watching.
    expect(await tab2.p.next("ROOM_STATE", (m) => m.you === null)).toBeTruthy();
    const newcomer = await seat(code);
    expect(newcomer.rs.you).toBe("P1");
    const other = await seat(code);
    expect(other.rs.you).toBe("P2");
    await newcomer.p.next("PHASE_BETTING");
    tab2.p.send({ type: "FOLD" });
    expect(await tab2.p.next("ERROR")).toMatchObject({ code: "spectator" });
    // An old socket re-sending JOIN_ROOM with the given-up id is a newcomer, not P1.
    tab2.p.send({ type: "JOIN_ROOM", roomId: code, playerId: id, create: false });
    expect(await tab2.p.next("ROOM_STATE")).toMatchObject({ you: null });
    await closed(tab2.p);
    await closed(tab1.p);
    const s = (await state(code))!;
    expect(s.players.P1).toMatchObject({ joined: true, presence: "active" });
    expect(s.phase).toBe("BETTING");
    expect(s.foldsRemaining.P1).toBe(2);
    newcomer.p.close();
    other.p.close();
  });

  it("a frame with broken JSON gets bad_message and the socket stays", async () => {
    const code = await createRoom();
    const a = await seat(code);
    const engine = (a.p.socket.io as unknown as { engine: { write(s: string): void } }).engine;
    engine.write('2/trivia,["message",{"type":"BET",');
    expect(await a.p.next("ERROR")).toMatchObject({ code: "bad_message" });
    engine.write('2/trivia,"just a string"');
    expect(await a.p.next("ERROR")).toMatchObject({ code: "bad_message" });
    expect(a.p.socket.connected).toBe(true);
    a.p.send({ type: "LEAVE" });
    a.p.close();
  });

  it("a frame beyond the transport's 128 KB limit closes the socket (as the protocol docs say)", async () => {
    const code = await createRoom();
    const a = await seat(code);
    const closed = disconnected(a.p);
    a.p.send({ type: "ANSWER", text: "x".repeat(200 * 1024) });
    expect(await closed).toMatch(/close/);
    a.p.close();
  });

  it("a flood of events the server does not read is cut off like any flood, and nothing it sent is applied", async () => {
    await seatedOnOwnServer(async (own, code, a) => {
      const cut = disconnected(a.p);
      for (let i = 0; i < 400; i++) a.p.socket.emit("no-such-event", { type: "LEAVE" });
      expect(await cut).toBe("io server disconnect");
      // Kept out for a while, like any flooder; and no LEAVE was read: the seat is still taken.
      expect(await socketOpens(own.url, "/trivia")).toBe(false);
      expect(((await own.live.get(code))!.state as TriviaState).players.P1.joined).toBe(true);
    });
  });

  it("frames count by their bytes: a few large ones on any event get the socket cut off and its address kept out", async () => {
    await seatedOnOwnServer(async (own, _code, a) => {
      const cut = disconnected(a.p);
      // 100 KB each: under the frame limit, and only eight (the message allowance is 40).
      const big = "x".repeat(100 * 1024);
      for (let i = 0; i < 8; i++) a.p.socket.emit("no-such-event", { type: "ANSWER", text: big });
      expect(await cut).toMatch(/close/);
      expect(await socketOpens(own.url, "/trivia")).toBe(false);
    });
  });

  it("a message a little over 64 KB is refused with message_too_large and the socket stays", async () => {
    const code = await createRoom();
    const a = await seat(code);
    a.p.send({ type: "ANSWER", text: "x".repeat(100 * 1024) });
    expect(await a.p.next("ERROR")).toMatchObject({ code: "message_too_large" });
    expect(a.p.socket.connected).toBe(true);
    a.p.close();
  });

  it("a flood from one socket is cut off with rate_limited and changes nothing", async () => {
    const code = await createRoom();
    const a = await seat(code);
    const version = (await server.live.get(code))!.version;
    // Past the burst of 40 but short of being cut off (200 refusals): every extra one is refused.
    for (let i = 0; i < 150; i++) a.p.send({ type: "PLAY_AGAIN" });
    expect(await a.p.next("ERROR", (m) => m.code === "rate_limited")).toMatchObject({ code: "rate_limited" });
    // One more, acknowledged: a socket's messages are answered in order, so once its
    // acknowledgement is here, every one before it has been dealt with.
    await new Promise((resolve) => a.p.socket.emit("message", { type: "PLAY_AGAIN" }, resolve));
    const errors = a.p.inbox.filter((m) => m.type === "ERROR");
    // Every message got its refusal or was cut off, and the rate-limit errors themselves are throttled.
    expect(errors.filter((m) => m.code === "rate_limited").length).toBeLessThan(10);
    expect((await server.live.get(code))!.version).toBe(version);
    expect(a.p.socket.connected).toBe(true);
    a.p.close();
  });
});
