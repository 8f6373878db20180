import { Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Scheduler } from "./scheduler";

/**
 * Record a room's timer unless a newer one is recorded: the hash keeps the log position
 * (`seq`) the due time came from, so an arm from an older state (a slow node) never puts
 * back a timer the room has moved past. A cleared timer keeps its seq for the same reason,
 * and expires a day later. The room's due time also goes in one sorted set of every armed
 * timer, which the overdue sweep reads. Returns whether it changed and the due time it
 * replaced.
 */
const ARM = `
local cur = redis.call('HGET', KEYS[1], 'seq')
if cur and tonumber(cur) > tonumber(ARGV[1]) then return {0, ''} end
local old = redis.call('HGET', KEYS[1], 'at') or ''
redis.call('HSET', KEYS[1], 'seq', ARGV[1], 'at', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if ARGV[2] == '' then redis.call('ZREM', KEYS[2], ARGV[4]) else redis.call('ZADD', KEYS[2], ARGV[2], ARGV[4]) end
if old == ARGV[2] then return {0, old} end
return {1, old}
`;

/**
 * Claim a firing: only while the room's due time in the due set is still this one (a timer
 * already fired and taken out is not fired again), and only one claimant until the lease
 * runs out.
 */
const CLAIM = `
if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1])) ~= tonumber(ARGV[2]) then return 0 end
if redis.call('SET', KEYS[2], '1', 'PX', ARGV[3], 'NX') then return 1 end
return 0
`;

/** Take a room out of the due set if its due time there is still the one that just fired. */
const FIRED = `
if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1])) == tonumber(ARGV[2]) then redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
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
  /** How often the overdue sweep looks (one node at a time); default 2 s. */
  sweepMs?: number;
  /** How late a timer must be before the sweep fires it itself; default 3 s. */
  lateMs?: number;
}

interface TimerJob {
  code: string;
  at: number;
}

const SWEEP_MS = 2_000;
const LATE_MS = 3_000;
/**
 * How long a firing holds its timer against a second firing (the job and the sweep, or two
 * sweeps); far longer than a firing takes. A node that dies mid-firing holds it no longer
 * than this; the sweep then fires the timer again, which the host's tick path makes
 * harmless.
 */
const FIRING_LEASE_MS = 10_000;
const SWEEP_BATCH = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Room timers as BullMQ delayed jobs on the shared Redis (scale-out mode): one job per room
 * and due time, whose id (room and due time) makes every node that arms the same timer arm
 * one job. Whichever node's worker takes it runs the tick; a job whose due time is no
 * longer the room's recorded one is stale and does nothing (the room's current timer has
 * its own job). Stopping a node closes its worker only: the jobs stay for the others.
 *
 * A node killed mid-way can leave a room with no job: it committed an input or a tick and
 * died before arming the next timer, or recorded the timer and died before adding its job.
 * Nothing else would ever wake such a room, so a sweep (on one node at a time) fires every
 * timer left well past its due time through the same path. A job and the sweep never both
 * fire one timer (a lease on the room and due time decides), and a second firing after a
 * lease ran out is harmless: the host ticks only a room whose rules say something is due.
 */
export class BullMQScheduler implements Scheduler {
  /** The arm script, for tests that leave behind what a node killed mid-arm would. */
  static readonly ARM = ARM;
  private readonly queue: Queue<TimerJob>;
  private readonly worker: Worker<TimerJob>;
  private readonly clock: () => number;
  /** Arms still being written, so `stop` can wait for them. */
  private readonly pending = new Set<Promise<void>>();
  private readonly sweeper: NodeJS.Timeout;
  private sweeping: Promise<void> | null = null;

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
    const commands = opts.redis as unknown as { armTimer?: unknown; timerFired?: unknown; claimTimer?: unknown };
    if (!commands.armTimer) opts.redis.defineCommand("armTimer", { numberOfKeys: 2, lua: ARM });
    if (!commands.timerFired) opts.redis.defineCommand("timerFired", { numberOfKeys: 1, lua: FIRED });
    if (!commands.claimTimer) opts.redis.defineCommand("claimTimer", { numberOfKeys: 2, lua: CLAIM });
    this.sweeper = setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch((err) => opts.onError?.(err, "timer sweep"))
        .finally(() => {
          this.sweeping = null;
        });
    }, opts.sweepMs ?? SWEEP_MS);
    this.sweeper.unref();
  }

  /** Every armed timer's room, scored by its due time. */
  private get dueKey(): string {
    return `${this.opts.prefix}timers:due`;
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
    const [changed, old] = await armTimer.call(
      this.opts.redis,
      this.key(code),
      this.dueKey,
      seq,
      at ?? "",
      DAY_MS,
      code,
    );
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
    // Delayed jobs may be promoted a moment early, and a timer may wake a millisecond before
    // its time: wait until the clock says so. Fired early, the host would find nothing due
    // and re-arm the same time, which adds no job while this one runs: the timer would be lost.
    for (let early = job.at - this.clock(); early > 0; early = job.at - this.clock()) await sleep(early);
    await this.fired(job.code, job.at);
  }

  /**
   * Run a room's timer, then drop it from the due set unless the run armed another. A job
   * that ran late and the sweep that found it overdue may both get here: only the one that
   * takes the firing lease runs it.
   */
  private async fired(code: string, at: number): Promise<void> {
    const claimTimer = (this.opts.redis as unknown as { claimTimer: (...a: unknown[]) => Promise<number> }).claimTimer;
    const claimed = await claimTimer.call(
      this.opts.redis,
      this.dueKey,
      `${this.key(code)}:firing:${at}`,
      code,
      at,
      FIRING_LEASE_MS,
    );
    if (claimed !== 1) return;
    await this.opts.fire(code);
    const timerFired = (this.opts.redis as unknown as { timerFired: (...a: unknown[]) => Promise<number> }).timerFired;
    await timerFired.call(this.opts.redis, this.dueKey, code, at);
  }

  /** Fire the timers long past due whose job never ran (see the class comment). */
  private async sweep(): Promise<void> {
    const ms = this.opts.sweepMs ?? SWEEP_MS;
    const turn = await this.opts.redis.set(`${this.opts.prefix}timers:sweep`, "1", "PX", ms, "NX");
    if (turn !== "OK") return;
    const late = this.clock() - (this.opts.lateMs ?? LATE_MS);
    const found = await this.opts.redis.zrangebyscore(this.dueKey, "-inf", late, "WITHSCORES", "LIMIT", 0, SWEEP_BATCH);
    const due: [string, number][] = [];
    for (let i = 0; i < found.length; i += 2) due.push([found[i]!, Number(found[i + 1])]);
    await Promise.all(due.map(([code, at]) => this.fired(code, at)));
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
    clearInterval(this.sweeper);
    await this.sweeping;
    await this.settled();
    await this.worker.close();
    await this.queue.close();
  }
}
