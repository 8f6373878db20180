import { randomUUID } from "node:crypto";
import { createConnection, createServer, type Server } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { Player } from "./support/client";
import { ackedInputsMissingFromLog, startFleet } from "./support/cluster-bots";
import { describeWithPostgres, describeWithRedisServer, hasRedisServer, postgresUrl } from "./support/needs";
import { freshDatabase } from "./support/pg-database";
import { testPrefix } from "./support/redis";
import { type PrivateRedis, privateRedis } from "./support/redis-server";
import { startServer, type TestServer } from "./support/server";
import { until } from "./support/waits";

/**
 * Redis restarted in the middle of play, empty (it keeps nothing on disk): two nodes on a
 * redis-server of this suite's own and a PostgreSQL database of its own. The nodes notice,
 * write back their sockets' seats, one rebuilds every open room from the log (re-arming its
 * timer, sending its sockets a full state), and every game goes on to its end.
 */
const TIME_SCALE = 0.1;
const prefix = testPrefix("redis-restart");
let redis: PrivateRedis | undefined;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let a: TestServer;
let b: TestServer;
let balancer: Server | undefined;
const players: Player[] = [];
let checked: ((code: string) => number)[] = [];

beforeAll(async () => {
  if (!postgresUrl || !hasRedisServer) return;
  redis = await privateRedis();
  database = await freshDatabase("redis_restart");
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    TIME_SCALE: String(TIME_SCALE),
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  checked = [seatChecksDone(a), seatChecksDone(b)];
  await Promise.all([a.recovery, b.recovery]);
});

afterAll(async () => {
  for (const p of players) p.close();
  balancer?.close();
  await a?.close();
  await b?.close();
  await redis?.stop();
  await database?.drop();
});

/** Kill the redis-server outright, and bring up an empty one on the same port a moment later. */
async function restartRedis(downMs: number) {
  await redis!.kill();
  // The outage itself: how long the nodes run without Redis.
  await new Promise((r) => setTimeout(r, downMs));
  await redis!.start();
}

/** A round robin in front of both nodes: each new connection goes to the next one. */
async function roundRobin(nodes: TestServer[]): Promise<string> {
  let next = 0;
  balancer = createServer((client) => {
    const node = nodes[next++ % nodes.length]!;
    const upstream = createConnection(node.port, "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => balancer!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(balancer.address() as { port: number }).port}`;
}

/**
 * How many of a node's after-rebuild seat checks have finished, per room. A node that
 * rebuilds a room checks its seats against the cluster's sockets some seconds later (the
 * room host's `checkSeats`), and marks disconnected any seat no node holds a socket for:
 * counting them lets a test wait for that check itself rather than for a stretch of time.
 */
function seatChecksDone(server: TestServer): (code: string) => number {
  const host = server.host as unknown as { checkSeats?: (code: string) => Promise<void> };
  const check = host.checkSeats?.bind(host);
  if (!check) throw new Error("the room host no longer has checkSeats: count its seat checks another way");
  const done = new Map<string, number>();
  host.checkSeats = async (code) => {
    try {
      await check(code);
    } finally {
      done.set(code, (done.get(code) ?? 0) + 1);
    }
  };
  return (code) => done.get(code) ?? 0;
}

/** Every room's log is one gap-free sequence, no tick in it is a repeat, and it replays to the live state. */
async function checkLogs(server: TestServer) {
  const rooms = await server.db.selectFrom("rooms").select(["uid", "code", "game"]).execute();
  for (const room of rooms) {
    // The log and the live state read at one step: a finished room still logs its players'
    // sockets going away, and a step committed between the two reads would set them apart.
    const { rows, rec } = await until(`${room.code}: the log and the live state at the same step`, async () => {
      const rows = await server.log.inputs(room.uid);
      const rec = await server.live.get(room.code);
      const same = !rec || rec.uid !== room.uid || rec.seq === rows.length;
      return same ? { rows, rec } : null;
    });
    expect(
      rows.map((r) => r.seq),
      room.code,
    ).toEqual(rows.map((_, i) => i + 1));
    const rules = server.host.game(room.game).rules;
    if (!rec || rec.uid !== room.uid) continue;
    let state = rules.setup({ ...rec.origin, now: rec.origin.createdAt });
    for (const row of rows) {
      const step =
        row.kind === "tick" ? rules.tick(state, row.at) : rules.act(state, row.actor as never, row.intent, row.at);
      if ("error" in step) throw new Error(`${room.code}: logged input ${row.seq} refused on replay`);
      // A timer that fired twice would log a tick that changes nothing.
      if (row.kind === "tick")
        expect(JSON.stringify(step.state), `${room.code} tick ${row.seq}`).not.toBe(JSON.stringify(state));
      state = step.state;
    }
    expect(JSON.parse(JSON.stringify(state)), room.code).toEqual(rec.state);
  }
  return rooms.length;
}

describeWithPostgres("Redis restarted empty under two nodes", () => {
  describeWithRedisServer("(a redis-server of the suite's own)", () => {
    it("a room nobody touches still has its timer fire, and its players get a full state", async () => {
      const res = await fetch(`${a.url}/api/v1/trivia/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-parlor-owner": "cluster-owner-key-0123456789" },
        // The category is shown for 5 s at this time scale: Redis goes and comes back within it.
        body: JSON.stringify({ config: { categoryRevealSec: 50, betTimeLimitSec: 600 } }),
      });
      expect(res.status).toBe(201);
      const code = ((await res.json()) as { roomId: string }).roomId;
      const p1 = new Player(a.url, "/trivia");
      const p2 = new Player(b.url, "/trivia");
      players.push(p1, p2);
      p1.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
      expect((await p1.next("ROOM_STATE")).you).toBe("P1");
      p2.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
      expect((await p2.next("ROOM_STATE")).you).toBe("P2");
      await p1.next("PLAYER_JOINED", (m) => m.player === "P2");
      const before = (await a.live.get(code))!;
      expect((before.state as TriviaState).phase).toBe("CATEGORY");
      p1.skip();
      p2.skip();

      await restartRedis(1000);
      // Nobody sends anything: the nodes notice on their own, and the room comes back.
      await until("the room rebuilt", async () => (await b.live.get(code)) !== null);
      for (const p of [p1, p2]) expect(await p.next("ROOM_STATE")).toMatchObject({ roomId: code });
      // The category timer fires once, on whichever node, and both players hear it.
      for (const p of [p1, p2]) await p.next("PHASE_BETTING", (m) => m.awaitingAction === "P1", 15_000);
      // Both sockets stayed connected throughout: once the node that rebuilt the room has
      // checked its seats against the sockets the nodes wrote back, both players are still
      // connected.
      await until("the rebuilt room's seat check", () => checked.some((done) => done(code) > 0));
      const state = (await a.live.get(code))!.state as TriviaState;
      expect(state.players.P1.presence).toBe("active");
      expect(state.players.P2.presence).toBe("active");
      p1.send({ type: "BET", amount: 50 });
      for (const p of [p1, p2]) await p.next("BET_PLACED", (m) => m.pot === 50);
      await a.log.drain();
      const rec = (await a.live.get(code))!;
      const rows = await a.log.inputs(rec.uid);
      expect(rows.filter((r) => r.kind === "tick")).toHaveLength(1);
      expect(rec.seq).toBe(rows.length);
    });

    it("twelve games on both nodes through a round robin: Redis dies mid-game, every game finishes", async () => {
      const baseUrl = await roundRobin([a, b]);
      const fleet = startFleet({
        baseUrl,
        games: 12,
        mix: { "trivia-duel": 1, "card-table": 1, outrank: 1 },
        timeScale: TIME_SCALE,
        seed: 23,
        setupConcurrency: 8,
        // Within the test's own timeout, so a room that stalls is reported with where it stood.
        gameTimeoutMs: 60_000,
      });
      await fleet.seated;
      // Redis dies with at least half the games under way (on a busy machine some rooms are
      // still being set up while the first finish: waiting for every room let most end first).
      await until(
        "play in half the rooms",
        () => fleet.progress().filter((p) => p.acked >= 2 && !p.finished).length >= 6,
      );

      await restartRedis(1500);
      const summary = await fleet.done;
      expect(summary.unfinished).toEqual([]);
      expect(summary.finished).toEqual(summary.planned);
      // Nobody lost a seat: the bots' sockets stayed on their nodes the whole time.
      for (const room of summary.rooms)
        for (const bot of room.bots) expect(bot.outcome ?? "", bot.name).not.toMatch(/forfeit/);
      await Promise.all([a.log.drain(), b.log.drain()]);
      expect(await ackedInputsMissingFromLog(a.db, summary.acked)).toEqual([]);
      expect(await checkLogs(a)).toBeGreaterThanOrEqual(12);
    });
  });
});
