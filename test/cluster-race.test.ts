import type { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type LogEntry, replay } from "../src/engine/replay";
import type { From } from "../src/engine/rules";
import { connectDb, type DbHandle } from "../src/platform/db/connect";
import { migrate } from "../src/platform/db/migrations";
import { InputLog } from "../src/platform/input-log";
import type { LiveStore, RoomRecord } from "../src/platform/live-store";
import { LogConflict } from "../src/platform/log-errors";
import { RedisLiveStore } from "../src/platform/redis-live-store";
import { RedisRoomLock } from "../src/platform/redis-room-lock";
import { type Publisher, RoomHost } from "../src/platform/room-host";
import { type CounterState, counterGame, counterRules } from "./support/counter-game";
import { describeWithPostgres, describeWithRedis, postgresUrl } from "./support/needs";
import { freshDatabase } from "./support/pg-database";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";

/**
 * Two nodes (two room hosts, each with its own PostgreSQL pool and Redis connection) in one
 * process, sharing the machine's real Redis and PostgreSQL, sent inputs for the same room at
 * the same time. The log must stay one gap-free sequence, every input must be in it once,
 * the live state must equal a replay of it, and every row must be published exactly once.
 */
const prefix = testPrefix("race");
const dbs: DbHandle[] = [];
const redises: Redis[] = [];
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

interface Node {
  host: RoomHost;
  log: InputLog;
  live: LiveStore;
  said: { type: string }[];
  /** Appends this node lost to the other (the log already held that sequence number). */
  lost: { appends: number };
}

async function node(
  opts: { lock?: boolean; live?: (store: LiveStore) => LiveStore; databaseUrl?: string } = {},
): Promise<Node> {
  const db = await connectDb({ databaseUrl: opts.databaseUrl ?? database!.url, dataDir: "unused" });
  dbs.push(db);
  const redis = redisClient();
  redises.push(redis);
  const log = new InputLog(db.db, { shared: true });
  const lost = { appends: 0 };
  const append = log.append.bind(log);
  log.append = async (...args) => {
    try {
      return await append(...args);
    } catch (err) {
      if (err instanceof LogConflict) lost.appends++;
      throw err;
    }
  };
  const store = new RedisLiveStore(redis, prefix);
  const live = opts.live ? opts.live(store) : store;
  const said: { type: string }[] = [];
  const publisher: Publisher = {
    publish: (_g, _c, _to, msg) => void said.push(msg as { type: string }),
    publishViews: () => {},
  };
  const host = new RoomHost({
    games: [counterGame],
    live,
    log,
    publisher,
    timeScale: 1,
    shared: opts.lock ? { lock: new RedisRoomLock(redis, prefix, { ttlMs: 2000, waitMs: 2000 }) } : {},
  });
  return { host, log, live, said, lost };
}

async function logOf(n: Node, code: string) {
  const rec = (await n.live.get(code))!;
  return { rec, rows: await n.log.inputs(rec.uid) };
}

function replayed(rec: RoomRecord, rows: Awaited<ReturnType<InputLog["inputs"]>>): CounterState {
  const entries: LogEntry[] = rows.map((r) =>
    r.kind === "tick" ? { kind: "tick", at: r.at } : { kind: "act", from: r.actor as From, intent: r.intent, at: r.at },
  );
  return replay(counterRules, rec.origin, entries);
}

const said = (nodes: Node[], type: string) =>
  nodes.reduce((n, x) => n + x.said.filter((m) => m.type === type).length, 0);

beforeAll(async () => {
  if (!postgresUrl) return;
  database = await freshDatabase("race");
  const db = await connectDb({ databaseUrl: database.url, dataDir: "unused" });
  await migrate(db.db as never);
  await db.close();
});
afterAll(async () => {
  if (redises[0]) await dropPrefix(redises[0], prefix);
  for (const r of redises) r.disconnect();
  for (const d of dbs) await d.close();
  await database?.drop();
});

describeWithPostgres("two nodes racing on one room", () => {
  describeWithRedis("(PostgreSQL and Redis)", () => {
    async function race(a: Node, b: Node, perNode: number) {
      const code = await a.host.createRoom("counter", {});
      const p1 = { seat: "P1", credential: "race-credential-one" };
      const p2 = { seat: "P2", credential: "race-credential-two" };
      expect((await a.host.join("counter", code, { credential: p1.credential })).seat).toBe("P1");
      expect((await b.host.join("counter", code, { credential: p2.credential })).seat).toBe("P2");
      // Every input of both nodes is in flight at once: each node works through its own in
      // order, and at every step the two race for the room's next sequence number.
      const sent = [
        ...Array.from({ length: perNode }, (_, i) => a.host.input(code, p1, { type: "ADD", k: i + 1 })),
        ...Array.from({ length: perNode }, (_, i) => b.host.input(code, p2, { type: "ADD", k: 1000 + i })),
      ];
      const results = await Promise.all(sent);
      expect(results.every((r) => r.ok)).toBe(true);
      return code;
    }

    async function check(a: Node, b: Node, code: string, perNode: number) {
      const { rec, rows } = await logOf(a, code);
      // One gap-free sequence, and the live copy is at its end.
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      expect(rec.seq).toBe(rows.length);
      // Every input exactly once: each node's own in the order it sent them.
      const adds = rows.filter((r) => r.kind === "act" && (r.intent as { type: string }).type === "ADD");
      expect(adds).toHaveLength(2 * perNode);
      const ks = (seat: string) => adds.filter((r) => r.actor === seat).map((r) => (r.intent as { k: number }).k);
      expect(ks("P1")).toEqual(Array.from({ length: perNode }, (_, i) => i + 1));
      expect(ks("P2")).toEqual(Array.from({ length: perNode }, (_, i) => 1000 + i));
      // The room never forked: what is live is what the log replays to.
      const state = rec.state as CounterState;
      expect(state).toEqual(replayed(rec, rows));
      expect(state.adds).toBe(2 * perNode);
      const ticks = rows.filter((r) => r.kind === "tick").length;
      expect(state.ticks).toBe(ticks);
      expect(ticks).toBeGreaterThan(0);
      // Each stored row was published once, by whichever node stored it.
      expect(said([a, b], "ADDED")).toBe(2 * perNode);
      expect(said([a, b], "TICKED")).toBe(ticks);
      expect(said([a, b], "JOINED")).toBe(2);
    }

    // Enough inputs that the nodes collide again and again (each collision is counted, and
    // the race must have had some): more would only take longer on a busy machine.
    it("without a lock: conflicts are settled by the log alone", async () => {
      const a = await node();
      const b = await node();
      const code = await race(a, b, 200);
      await check(a, b, code, 200);
      expect(a.lost.appends + b.lost.appends).toBeGreaterThan(0);
    });

    it("with the room lock: the same outcome", async () => {
      const a = await node({ lock: true });
      const b = await node({ lock: true });
      const code = await race(a, b, 100);
      await check(a, b, code, 100);
    });

    it("a node that dies between its append and its live write: the next reader applies the row once", async () => {
      let crash = false;
      // Node A's live writes fail once `crash` is set, as if the process died right after
      // its row reached the log.
      const a = await node({
        live: (store) => ({
          get: (c) => store.get(c),
          version: (c) => store.version(c),
          has: (c) => store.has(c),
          size: () => store.size(),
          codes: () => store.codes(),
          delete: (c) => store.delete(c),
          cas: async (c, expected, next) => {
            if (crash) throw new Error("node A died");
            return store.cas(c, expected, next);
          },
        }),
      });
      const b = await node();
      const code = await a.host.createRoom("counter", {});
      const p1 = { seat: "P1", credential: "crash-credential-one" };
      await a.host.join("counter", code, { credential: p1.credential });
      await a.host.input(code, p1, { type: "ADD", k: 1 });
      crash = true;
      await expect(a.host.input(code, p1, { type: "ADD", k: 2 })).rejects.toThrow("node A died");
      const before = (await b.live.get(code))!;
      expect((before.state as CounterState).adds).toBe(1);
      const inLog = (await b.log.inputs(before.uid)).length;
      expect(inLog).toBe(before.seq + 1);
      const heard = said([b], "ADDED");
      // B reads the room: the row A left in the log is applied, stored and published.
      expect(await b.host.view(code, "P1")).toEqual({ total: 3, adds: 2 });
      expect(said([b], "ADDED")).toBe(heard + 1);
      // And B's own input follows it, never replacing it.
      expect((await b.host.input(code, p1, { type: "ADD", k: 4 })).ok).toBe(true);
      const { rec, rows } = await logOf(b, code);
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      expect(rec.state).toEqual(replayed(rec, rows));
      expect((rec.state as CounterState).total).toBe(7);
      expect((rec.state as CounterState).adds).toBe(3);
    });

    it("a node that cannot reach PostgreSQL refuses inputs with storage_unavailable and writes nothing", async () => {
      const a = await node();
      // Nothing listens on port 9: every query of this node fails to connect.
      const cut = await node({ databaseUrl: "postgres://postgres@127.0.0.1:9/test" });
      const code = await a.host.createRoom("counter", {});
      const p1 = { seat: "P1", credential: "storage-credential-one" };
      await a.host.join("counter", code, { credential: p1.credential });
      await a.host.input(code, p1, { type: "ADD", k: 1 });
      const before = (await a.live.get(code))!;
      const rowsBefore = await a.log.inputs(before.uid);
      await expect(cut.host.input(code, p1, { type: "ADD", k: 2 })).rejects.toMatchObject({
        code: "storage_unavailable",
      });
      await expect(cut.host.createRoom("counter", {})).rejects.toMatchObject({ code: "storage_unavailable" });
      await expect(cut.host.view(code, "P1")).rejects.toMatchObject({ code: "storage_unavailable" });
      // As after recovery in scale-out mode, a code is also checked against the log's open rooms.
      cut.host.setRestoreOnDemand(async () => null);
      await expect(cut.host.createRoom("counter", {})).rejects.toMatchObject({ code: "storage_unavailable" });
      expect(await a.live.get(code)).toEqual(before);
      expect(await a.log.inputs(before.uid)).toEqual(rowsBefore);
      // The node that can reach it carries on.
      expect((await a.host.input(code, p1, { type: "ADD", k: 3 })).ok).toBe(true);
      expect(((await a.live.get(code))!.state as CounterState).total).toBe(4);
    });

    it("two nodes drawing the same code: the second draws again", async () => {
      const a = await node();
      const b = await node();
      const first = await a.host.createRoom("counter", {});
      const draws = [first, first, first, "ZZZ222"];
      const fresh = new RoomHost({
        games: [counterGame],
        live: b.live,
        log: b.log,
        publisher: { publish() {}, publishViews() {} },
        timeScale: 1,
        shared: {},
        roomCode: () => draws.shift() ?? `Z${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
      });
      const second = await fresh.createRoom("counter", {});
      expect(second).not.toBe(first);
      // The unique index refuses a second open room under one code, whoever writes it.
      const open = await sql<{
        n: number;
      }>`SELECT COUNT(*)::int AS n FROM rooms WHERE status = 'open' AND code = ${first}`.execute(dbs[0]!.db);
      expect(open.rows[0]!.n).toBe(1);
    });
  });
});
