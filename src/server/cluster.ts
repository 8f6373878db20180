import { randomUUID } from "node:crypto";
import { createShardedAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { BullMQScheduler } from "../platform/bullmq-scheduler";
import { RedisLiveStore } from "../platform/redis-live-store";
import { type RedisReset, ResetWatch } from "../platform/redis-reset";
import { RedisRoomLock } from "../platform/redis-room-lock";
import { type SeatGone, SeatPresence } from "../platform/seat-presence";

export interface ClusterSettings {
  redisUrl: string;
  prefix: string;
}

/**
 * Scale-out mode's shared parts, all on one Redis under one key prefix: the live store and
 * room locks, seat presence, the timers (BullMQ) and the Socket.IO adapter (sharded pub/sub).
 */
export function openCluster(settings: ClusterSettings, onError: (err: unknown, context: string) => void) {
  const { redisUrl, prefix } = settings;
  const redis = new Redis(redisUrl);
  // A subscribed connection can send nothing else: the adapter listens on one of its own.
  const adapterRedis = new Redis(redisUrl);
  redis.on("error", (err) => onError(err, "redis"));
  adapterRedis.on("error", (err) => onError(err, "redis (socket adapter)"));
  let scheduler: BullMQScheduler | null = null;
  let presence: SeatPresence | null = null;
  let watch: ResetWatch | null = null;
  return {
    redis,
    live: new RedisLiveStore(redis, prefix),
    lock: new RedisRoomLock(redis, prefix),
    /** The adapter's subscriber connection (the tests cut it). */
    fanoutRedis: adapterRedis,
    // A channel per Socket.IO room (Redis 7 sharded pub/sub, "dynamic"): a node subscribes
    // to the rooms its own sockets are in, so a room's messages reach only the nodes that
    // hold one of its sockets. No connection-state recovery: every message carries the
    // room's seq, a client that sees a gap resyncs, and one that reconnects joins again.
    adapter: createShardedAdapter(redis, adapterRedis, {
      channelPrefix: `${prefix}socket.io`,
      subscriptionMode: "dynamic",
    }),
    scheduler(fire: (code: string) => Promise<void>) {
      scheduler = new BullMQScheduler({ redisUrl, redis, prefix, fire, onError });
      return scheduler;
    },
    presence(onGone: (gone: SeatGone) => Promise<void>, onOrphaned: (codes: string[]) => Promise<void>) {
      presence = new SeatPresence(redis, prefix, onGone, onOrphaned);
      return presence;
    },
    /**
     * Call `restored` each time the adapter's subscriber connection is back after a drop, once
     * it has subscribed again to every channel it had. Pub/sub keeps nothing: what was
     * published meanwhile never reached this node's sockets (see fanout-restored.ts).
     */
    onFanoutRestored(restored: () => Promise<void>) {
      // One channel of this node's own, subscribed after the ones ioredis re-subscribes on
      // reconnecting (it sends those before announcing "ready"): its reply means they are done.
      const marker = `${prefix}socket.io#node#${randomUUID()}#`;
      let dropped = false;
      adapterRedis.on("close", () => {
        dropped = true;
      });
      adapterRedis.on("ready", () => {
        if (!dropped) return;
        dropped = false;
        adapterRedis
          .ssubscribe(marker)
          .then(restored)
          .catch((err) => onError(err, "socket adapter resubscribe"));
      });
    },
    /** Notice Redis losing everything (restarted without persistence): see redis-reset.ts. */
    watchResets(onReset: (reset: RedisReset) => Promise<void>) {
      watch = new ResetWatch(redis, prefix, onReset, onError);
      return watch.start();
    },
    /** Leave the cluster: timers stay for the others, this node's seat presence goes. */
    async close() {
      watch?.stop();
      await scheduler?.stop().catch((err) => onError(err, "timer worker"));
      await presence?.stop().catch((err) => onError(err, "presence"));
      redis.disconnect();
      adapterRedis.disconnect();
    },
  };
}
export type Cluster = ReturnType<typeof openCluster>;
