import { afterAll, expect, it } from "vitest";
import { type RedisReset, ResetWatch } from "../src/platform/redis-reset";
import { describeWithRedis } from "./support/needs";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";

/**
 * The deployment marker on the machine's Redis: deleting it (as a Redis restarted empty
 * would) is noticed by every node's watch, and exactly one of them takes the rebuild.
 */
const prefix = testPrefix("reset");
const clients = [redisClient(), redisClient(), redisClient()];
const watches: ResetWatch[] = [];

afterAll(async () => {
  for (const w of watches) w.stop();
  await dropPrefix(clients[0]!, prefix);
  for (const c of clients) c.disconnect();
});

describeWithRedis("the Redis reset watch", () => {
  it("every node notices a lost marker once; one of them rebuilds", async () => {
    const seen: RedisReset[][] = [[], []];
    const errors: unknown[] = [];
    for (const i of [0, 1]) {
      const w = new ResetWatch(
        clients[i]!,
        prefix,
        async (r) => {
          seen[i]!.push(r);
        },
        (err) => errors.push(err),
      );
      watches.push(w);
      await w.start();
    }
    const marker = await clients[2]!.get(`${prefix}deployment`);
    expect(marker).toMatch(/^[0-9a-f]{16}$/);
    // Nothing changed: nothing to do.
    await Promise.all(watches.map((w) => w.check()));
    expect(seen).toEqual([[], []]);

    await clients[2]!.del(`${prefix}deployment`);
    await Promise.all(watches.map((w) => w.check()));
    const after = await clients[2]!.get(`${prefix}deployment`);
    expect(after).not.toBe(marker);
    for (const s of seen) expect(s).toEqual([expect.objectContaining({ was: marker, now: after })]);
    expect(seen.flat().filter((r) => r.rebuilds)).toHaveLength(1);

    // Looking again finds the new marker known: no second reset.
    await Promise.all(watches.map((w) => w.check()));
    expect(seen.flat()).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
