import { createAdapter } from "@socket.io/redis-streams-adapter";
import { Redis } from "ioredis";
import { BullMQScheduler } from "../platform/bullmq-scheduler";
import { RedisLiveStore } from "../platform/redis-live-store";
import { type RedisReset, ResetWatch } from "../platform/redis-reset";
import { RedisRoomLock } from "../platform/redis-room-lock";
import { type SeatGone, SeatPresence } from "../platform/seat-presence";

/** How long a connection that dropped may come back with its rooms and missed messages (Socket.IO recovery). */
const RECOVERY_MS = 2 * 60_000;

export interface ClusterSettings {
  redisUrl: string;
  prefix: string;
}

/**
 * Scale-out mode's shared parts, all on one Redis under one key prefix: the live store and
 * room locks, seat presence, the timers (BullMQ) and the Socket.IO adapter (Redis Streams).
 */
export function openCluster(settings: ClusterSettings, onError: (err: unknown, context: string) => void) {
  const { redisUrl, prefix } = settings;
  const redis = new Redis(redisUrl);
  // The adapter reads its stream with blocking calls: a connection of its own.
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
    adapter: createAdapter(adapterRedis, {
      streamName: `${prefix}socket.io`,
      channelPrefix: `${prefix}socket.io`,
      sessionKeyPrefix: `${prefix}sio:session:`,
    }),
    socketOptions: {
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: true },
    },
    scheduler(fire: (code: string) => Promise<void>) {
      scheduler = new BullMQScheduler({ redisUrl, redis, prefix, fire, onError });
      return scheduler;
    },
    presence(onGone: (gone: SeatGone) => Promise<void>, onOrphaned: (codes: string[]) => Promise<void>) {
      presence = new SeatPresence(redis, prefix, onGone, onOrphaned);
      return presence;
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
