import type { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SeatGone, SeatPresence } from "../src/platform/seat-presence";
import { describeWithRedis } from "./support/needs";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";

const prefix = testPrefix("presence");
let redis: Redis;
beforeAll(() => {
  redis = redisClient();
});
afterAll(async () => {
  await dropPrefix(redis, prefix);
  redis.disconnect();
});

describeWithRedis("seat presence across nodes", () => {
  it("a seat is gone only when no node holds it under its credential", async () => {
    const a = new SeatPresence(redis, prefix, () => {});
    const b = new SeatPresence(redis, prefix, () => {});
    await a.add("ROOM01", "P1", "cred-1");
    await b.add("ROOM01", "P1", "cred-1");
    // A stale tab of an earlier holder does not keep the seat's holder connected.
    await b.add("ROOM01", "P1", "cred-old");
    expect(await a.remove("ROOM01", "P1", "cred-1")).toBe(false);
    expect(await a.online("ROOM01", "P1")).toBe(true);
    expect(await b.remove("ROOM01", "P1", "cred-1")).toBe(true);
    expect(await b.remove("ROOM01", "P1", "cred-old")).toBe(true);
    expect(await a.online("ROOM01", "P1")).toBe(false);
  });

  it("a node that stops, or dies, leaves; the seats only it held are reported gone", async () => {
    const seen: string[] = [];
    const report = (who: string) => (g: SeatGone) => void seen.push(`${who}:${g.code}:${g.seat}:${g.credentialHash}`);
    const a = new SeatPresence(redis, prefix, report("a"));
    const b = new SeatPresence(redis, prefix, report("b"));
    const c = new SeatPresence(redis, prefix, report("c"));
    for (const n of [a, b, c]) await n.start();
    await a.add("ROOM02", "P1", "h1");
    await a.add("ROOM02", "P2", "h2");
    await b.add("ROOM02", "P2", "h2");
    await c.add("ROOM03", "P1", "h3");
    // A stops: P1 was only on A; P2 is still on B.
    await a.stop();
    expect(seen).toEqual(["a:ROOM02:P1:h1"]);
    expect(await b.online("ROOM02", "P1")).toBe(false);
    expect(await b.online("ROOM02", "P2")).toBe(true);
    // C dies (its heartbeat lapses): the next sweep by a live node cleans up after it, once.
    await redis.del(`${prefix}node:${c.node}`);
    await Promise.all([b.sweep(), b.sweep()]);
    expect(seen).toEqual(["a:ROOM02:P1:h1", "b:ROOM03:P1:h3"]);
    expect(await b.online("ROOM03", "P1")).toBe(false);
    await b.stop();
    await c.stop();
  });

  it("the rooms a node that died worked on are reported orphaned, once; a node that stopped leaves none", async () => {
    const orphaned: string[] = [];
    const report = (who: string) => (codes: string[]) => void orphaned.push(...codes.map((c) => `${who}:${c}`));
    const a = new SeatPresence(redis, prefix, () => {}, report("a"));
    const b = new SeatPresence(redis, prefix, () => {}, report("b"));
    const c = new SeatPresence(redis, prefix, () => {}, report("c"));
    for (const n of [a, b, c]) await n.start();
    // A room where C only ran a timer, and one where it also had a socket.
    await c.touch("ROOM04");
    await c.touch("ROOM04");
    await c.add("ROOM05", "P1", "h5");
    await c.touch("ROOM05");
    await a.touch("ROOM06");
    await a.stop();
    expect(orphaned).toEqual([]);
    await redis.del(`${prefix}node:${c.node}`);
    await Promise.all([b.sweep(), b.sweep()]);
    expect(orphaned.sort()).toEqual(["b:ROOM04", "b:ROOM05"]);
    await b.stop();
    await c.stop();
  });

  it("a closed room's record goes, so a new room under the same code starts with no seat held", async () => {
    const a = new SeatPresence(redis, prefix, () => {});
    await a.add("ROOM07", "P1", "h7");
    expect(await a.online("ROOM07", "P1")).toBe(true);
    await a.forget("ROOM07");
    expect(await a.online("ROOM07", "P1")).toBe(false);
    expect(await redis.exists(`${prefix}presence:ROOM07`)).toBe(0);
  });
});
