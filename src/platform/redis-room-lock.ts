import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { RoomLock } from "./room-host";

/** Delete the lock only if it still holds our token (it may have expired and passed on). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export interface RoomLockOptions {
  /** How long a lock lives if its holder never releases it (a node that died mid-turn). */
  ttlMs?: number;
  /** How long to wait for a busy lock before working without it (the log still decides). */
  waitMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A room's turn across nodes: SET NX PX with a token, released by a script that checks the
 * token. It only spares the conflicts two nodes would otherwise run into on one room;
 * nothing depends on it holding (it expires, and a waiter gives up and goes ahead).
 */
export class RedisRoomLock implements RoomLock {
  private readonly ttlMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = "parlor:",
    opts: RoomLockOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 2000;
    this.waitMs = opts.waitMs ?? 1000;
  }

  async acquire(code: string): Promise<() => Promise<void>> {
    const key = `${this.prefix}lock:${code}`;
    const token = randomUUID();
    const deadline = Date.now() + this.waitMs;
    for (let pause = 1; ; pause = Math.min(pause * 2, 4)) {
      if ((await this.redis.set(key, token, "PX", this.ttlMs, "NX")) === "OK")
        return async () => {
          await this.redis.eval(RELEASE, 1, key, token);
        };
      if (Date.now() >= deadline) return async () => {};
      await sleep(pause);
    }
  }
}
