import { Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Scheduler } from "./scheduler";

/**
 * Record a room's timer unless a newer one is recorded: the hash keeps the log position
 * (`seq`) the due time came from, so an arm from an older state (a slow node) never puts
 * back a timer the room has moved past. A cleared timer keeps its seq for the same reason,
 * and expires a day later. Returns whether it changed and the due time it replaced.
 */
const ARM = `
local cur = redis.call('HGET', KEYS[1], 'seq')
if cur and tonumber(cur) > tonumber(ARGV[1]) then return {0, ''} end
local old = redis.call('HGET', KEYS[1], 'at') or ''
redis.call('HSET', KEYS[1], 'seq', ARGV[1], 'at', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if old == ARGV[2] then return {0, old} end
return {1, old}
`;

const QUEUE = "room-timers";
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BullMQSchedulerOptions {
  /** Redis for the queue's own connections (BullMQ opens its own). */
  redisUrl: string;
  /** A connection for the timer records. */
  redis: Redis;
  /** The key prefix every node of this deployment shares (REDIS_PREFIX). */
  prefix: string;
  /** Run the room's timer: the host's tick path, which ignores a room that moved on. */
  fire: (code: string) => Promise<void>;
  onError?: (err: unknown, context: string) => void;
  clock?: () => number;
  /** Jobs this node runs at once. */
  concurrency?: number;
}

interface TimerJob {
  code: string;
  at: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Room timers as BullMQ delayed jobs on the shared Redis (scale-out mode): one job per room
 * and due time, whose id (room and due time) makes every node that arms the same timer arm
 * one job. Whichever node's worker takes it runs the tick; a job whose due time is no
 * longer the room's recorded one is stale and does nothing (the room's current timer has
 * its own job). Stopping a node closes its worker only: the jobs stay for the others.
 */
export class BullMQScheduler implements Scheduler {
  private readonly queue: Queue<TimerJob>;
  private readonly worker: Worker<TimerJob>;
  private readonly clock: () => number;
  /** Arms still being written, so `stop` can wait for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly opts: BullMQSchedulerOptions) {
    this.clock = opts.clock ?? Date.now;
    const connection = { url: opts.redisUrl, maxRetriesPerRequest: null };
    const prefix = `${opts.prefix}bull`;
    this.queue = new Queue<TimerJob>(QUEUE, { connection, prefix });
    this.worker = new Worker<TimerJob>(QUEUE, (job) => this.run(job.data), {
      connection,
      prefix,
      concurrency: opts.concurrency ?? 50,
    });
    this.worker.on("error", (err) => opts.onError?.(err, "timer worker"));
    // Unheard, a queue's connection errors (Redis restarting) are printed to stderr.
    this.queue.on("error", (err) => opts.onError?.(err, "timer queue"));
    if (!(opts.redis as unknown as { armTimer?: unknown }).armTimer)
      opts.redis.defineCommand("armTimer", { numberOfKeys: 1, lua: ARM });
  }

  private key(code: string): string {
    return `${this.opts.prefix}timer:${code}`;
  }

  private jobId(code: string, at: number): string {
    return `${code}-${at}`;
  }

  arm(code: string, at: number | null, seq = 0): void {
    const p = this.write(code, at, seq)
      .catch((err) => this.opts.onError?.(err, `arm timer ${code}`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Record the timer; if it changed, drop the replaced job and add the new one. */
  private async write(code: string, at: number | null, seq: number): Promise<void> {
    const armTimer = (this.opts.redis as unknown as { armTimer: (...a: unknown[]) => Promise<[number, string]> })
      .armTimer;
    const [changed, old] = await armTimer.call(this.opts.redis, this.key(code), seq, at ?? "", DAY_MS);
    if (changed !== 1) return;
    // A replaced job still waiting is removed; one running now (locked) just finds itself stale.
    if (old !== "") await this.queue.remove(this.jobId(code, Number(old))).catch(() => 0);
    if (at !== null)
      await this.queue.add(
        "fire",
        { code, at },
        {
          jobId: this.jobId(code, at),
          delay: Math.max(0, at - this.clock()),
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
  }

  private async run(job: TimerJob): Promise<void> {
    const recorded = await this.opts.redis.hget(this.key(job.code), "at");
    if (recorded !== String(job.at)) return;
    // Delayed jobs may be promoted a moment early; the room's rules wait for their time.
    const early = job.at - this.clock();
    if (early > 0) await sleep(early);
    await this.opts.fire(job.code);
  }

  /** Wait for arms under way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** This node stops running timers; every timer stays armed for the other nodes. */
  cancelAll(): void {
    void this.stop();
  }

  async stop(): Promise<void> {
    await this.settled();
    await this.worker.close();
    await this.queue.close();
  }
}
