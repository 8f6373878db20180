import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveStore, MemoryLiveStore, type RoomRecord } from "../src/platform/live-store";
import { RedisLiveStore } from "../src/platform/redis-live-store";
import { describeWithRedis } from "./support/needs";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";

const record = (code: string, version: number, state: unknown = { n: version }): RoomRecord => ({
  uid: `uid-${code}`,
  code,
  game: "some-game",
  origin: { roomId: code, options: { a: 1 }, seed: "s", createdAt: 1, timeScale: 1 },
  state,
  version,
  seq: version * 2,
  members: { h1: "P1" },
  retired: {},
  devices: { d1: "P1" },
  touchedAt: 1000 + version,
});

/** What every live store must do, whatever holds the rooms. */
function conformance(make: () => LiveStore) {
  let store: LiveStore;
  beforeAll(() => {
    store = make();
  });

  it("creates a room only where none is, and reads it back whole", async () => {
    expect(await store.get("AAAAAA")).toBeNull();
    expect(await store.has("AAAAAA")).toBe(false);
    const rec = record("AAAAAA", 0, { nested: { list: [1, "two", null], flag: true } });
    expect(await store.cas("AAAAAA", null, rec)).toBe(true);
    expect(await store.get("AAAAAA")).toEqual(rec);
    expect(await store.has("AAAAAA")).toBe(true);
    expect(await store.cas("AAAAAA", null, record("AAAAAA", 0, { other: 1 }))).toBe(false);
    expect((await store.get("AAAAAA"))?.state).toEqual(rec.state);
  });

  it("moves a room on only from the version it was read at", async () => {
    await store.cas("BBBBBB", null, record("BBBBBB", 0));
    expect(await store.cas("BBBBBB", 0, record("BBBBBB", 1))).toBe(true);
    // A second writer that read version 0 loses, and changes nothing.
    expect(await store.cas("BBBBBB", 0, record("BBBBBB", 1, { forked: true }))).toBe(false);
    expect(await store.cas("BBBBBB", 5, record("BBBBBB", 6))).toBe(false);
    expect(await store.get("BBBBBB")).toEqual(record("BBBBBB", 1));
    expect(await store.version("BBBBBB")).toBe(1);
    expect(await store.version("CCCCCC")).toBeNull();
    // Compare-and-set on a room that is not there fails unless it expects absence.
    expect(await store.cas("CCCCCC", 0, record("CCCCCC", 1))).toBe(false);
    expect(await store.has("CCCCCC")).toBe(false);
  });

  it("of many writers racing on one version, exactly one wins", async () => {
    await store.cas("DDDDDD", null, record("DDDDDD", 0));
    const wins = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.cas("DDDDDD", 0, record("DDDDDD", 1, { writer: i }))),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = wins.indexOf(true);
    expect((await store.get("DDDDDD"))?.state).toEqual({ writer: winner });
  });

  it("counts and lists its codes, and forgets a deleted room", async () => {
    expect(await store.size()).toBe(3);
    expect((await store.codes()).sort()).toEqual(["AAAAAA", "BBBBBB", "DDDDDD"]);
    await store.delete("AAAAAA");
    await store.delete("ZZZZZZ");
    expect(await store.get("AAAAAA")).toBeNull();
    expect(await store.has("AAAAAA")).toBe(false);
    expect(await store.size()).toBe(2);
    expect((await store.codes()).sort()).toEqual(["BBBBBB", "DDDDDD"]);
    // A deleted code can be created afresh.
    expect(await store.cas("AAAAAA", null, record("AAAAAA", 0))).toBe(true);
    expect(await store.size()).toBe(3);
  });
}

describe("MemoryLiveStore", () => conformance(() => new MemoryLiveStore()));

describeWithRedis("RedisLiveStore", () => {
  let redis: Redis;
  const prefix = testPrefix("live");
  beforeAll(() => {
    redis = redisClient();
  });
  afterAll(async () => {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  });
  conformance(() => new RedisLiveStore(redis, prefix));

  it("keeps rooms under its prefix only, so two prefixes never see each other", async () => {
    const other = new RedisLiveStore(redis, `${prefix}other:`);
    expect(await other.size()).toBe(0);
    expect(await other.get("BBBBBB")).toBeNull();
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.every((k) => k.startsWith(prefix))).toBe(true);
  });
});
