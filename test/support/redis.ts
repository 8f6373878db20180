import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { redisUrl } from "./needs";

/** A key prefix of its own per suite, so suites sharing the machine's Redis never collide. */
export const testPrefix = (what: string) => `parlor-test:${what}:${randomBytes(4).toString("hex")}:`;

export function redisClient(): Redis {
  return new Redis(redisUrl!, { maxRetriesPerRequest: null });
}

/** Delete every key under a prefix (SCAN, so a shared Redis is never blocked). */
export async function dropPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}
