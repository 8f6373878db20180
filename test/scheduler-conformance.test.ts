import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BullMQScheduler } from "../src/platform/bullmq-scheduler";
import { InProcessScheduler, ROOMS_PER_TURN, type Scheduler } from "../src/platform/scheduler";
import { describeWithRedis, redisUrl } from "./support/needs";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";
import { until } from "./support/waits";

/**
 * Real schedulers on the real clock. "Once" is proven without waiting a while to see
 * whether a second firing comes: each test waits until the scheduler holds nothing that
 * could fire (no timer, no job, nothing in the overdue set), and only then counts.
 */
interface Fired {
  code: string;
  at: number;
}

/** A scheduler under test, and a wait until nothing is left in it that could ever fire. */
interface Subject {
  s: Scheduler;
  idle: () => Promise<void>;
}

/** What every scheduler must do: fire once at its time, re-arming replaces, null cancels. */
function conformance(make: (fire: (code: string) => void) => Subject) {
  const fired: Fired[] = [];
  let s: Scheduler;
  let idle: () => Promise<void>;
  beforeAll(() => {
    ({ s, idle } = make((code) => void fired.push({ code, at: Date.now() })));
  });
  afterAll(() => s.cancelAll());
  afterEach(() => {
    fired.length = 0;
  });

  /** Once a timer has fired (`what`) and the scheduler is idle: the codes that fired, in order. */
  const settled = async (what: string) => {
    await until(what, () => fired.length > 0);
    await idle();
    return fired.map((f) => f.code);
  };

  it("fires a timer once, not before its time", async () => {
    const at = Date.now() + 150;
    s.arm("ONCE22", at, 1);
    s.arm("ONCE22", at, 1);
    expect(await settled("the timer to fire")).toEqual(["ONCE22"]);
    expect(fired[0]!.at).toBeGreaterThanOrEqual(at);
  });

  it("never fires before its time, over many timers (a timer that fires early may be lost)", async () => {
    const start = Date.now();
    const ats = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const code = `EARLY${String(i).padStart(2, "0")}`;
      const at = start + 50 + ((i * 37) % 200);
      ats.set(code, at);
      s.arm(code, at, 1);
    }
    await until("all 40 timers to fire", () => fired.length >= 40);
    await idle();
    expect(fired.filter((f) => f.at < ats.get(f.code)!)).toEqual([]);
    expect(fired.map((f) => f.code).sort()).toEqual([...ats.keys()].sort());
  });

  it("a re-armed timer fires at its new time only", async () => {
    const first = Date.now() + 100;
    const second = Date.now() + 400;
    s.arm("MOVE22", first, 1);
    s.arm("MOVE22", second, 2);
    expect(await settled("the timer to fire")).toEqual(["MOVE22"]);
    expect(fired[0]!.at).toBeGreaterThanOrEqual(second);
  });

  it("null cancels", async () => {
    s.arm("GONE22", Date.now() + 100, 1);
    s.arm("GONE22", null, 2);
    s.arm("KEEP22", Date.now() + 300, 1);
    expect(await settled("the kept timer to fire")).toEqual(["KEEP22"]);
  });
}

describe("InProcessScheduler", () => {
  conformance((fire) => {
    const s = new InProcessScheduler(fire);
    // Its only state is its pending timers.
    const pending = () => (s as unknown as { timers: Map<string, unknown> }).timers.size;
    return { s, idle: () => until("no timer left pending", () => pending() === 0).then(() => {}) };
  });

  it("fires rooms due together a batch per turn of the event loop, so what arrives between batches is read", async () => {
    const seen: string[] = [];
    const s = new InProcessScheduler((code) => {
      seen.push(code);
      // Work that came in while this room's turn ran (a socket's frame): it waits one batch, not the burst.
      setImmediate(() => seen.push(`io after ${code}`));
    });
    // A clock already past every deadline: all of them are due the moment their timers run.
    const at = Date.now();
    const codes = Array.from({ length: ROOMS_PER_TURN + 3 }, (_, i) => `ROOM${String(i).padStart(2, "0")}`);
    for (const code of codes) s.arm(code, at);
    // A loop busy past every timer's expiry (the case the batches are for): otherwise, on a
    // busy machine, arming can straddle a millisecond and the first timers run a turn early.
    const busyUntil = Date.now() + 5;
    while (Date.now() < busyUntil);
    await until("every room fired", () => seen.length === codes.length * 2);
    const first = codes.slice(0, ROOMS_PER_TURN);
    const rest = codes.slice(ROOMS_PER_TURN);
    expect(seen).toEqual([
      ...first,
      ...first.map((c) => `io after ${c}`),
      ...rest,
      ...rest.map((c) => `io after ${c}`),
    ]);
  });

  it("a room re-armed or cancelled while it waits its turn to fire is not fired at the old time", async () => {
    const seen: string[] = [];
    let s: InProcessScheduler;
    s = new InProcessScheduler((code) => {
      seen.push(code);
      // The first room's turn moves the second room's deadline and cancels the third's.
      if (code === "FIRST1") {
        s.arm("MOVED1", Date.now() + 60_000);
        s.arm("GONE11", null);
      }
    });
    const at = Date.now();
    for (const code of ["FIRST1", "MOVED1", "GONE11", "LAST11"]) s.arm(code, at);
    await until("the last room fired", () => seen.includes("LAST11"));
    expect(seen).toEqual(["FIRST1", "LAST11"]);
    s.cancelAll();
  });
});

describeWithRedis("BullMQScheduler", () => {
  const prefixes: string[] = [];
  const redises: Redis[] = [];
  const schedulers: BullMQScheduler[] = [];
  const queues: Queue[] = [];
  /** A deployment of its own: schedulers sharing a prefix are the nodes of one cluster. */
  const cluster = () => {
    const prefix = testPrefix("timers");
    prefixes.push(prefix);
    return prefix;
  };
  const make = (
    fire: (code: string) => void | Promise<void>,
    prefix = prefixes[0] ?? cluster(),
    sweep: { sweepMs?: number; lateMs?: number } = {},
  ) => {
    const redis = redisClient();
    redises.push(redis);
    const s = new BullMQScheduler({
      redisUrl: redisUrl!,
      redis,
      prefix,
      fire: async (code) => await fire(code),
      ...sweep,
    });
    schedulers.push(s);
    return s;
  };
  /**
   * Nothing left in a deployment that could fire: every arm written, no job of the timer
   * queue delayed, waiting or running (the queue's name is the scheduler's), and nothing in
   * the overdue set the sweep reads.
   */
  const idle = async (s: BullMQScheduler, prefix: string) => {
    const queue = new Queue("room-timers", {
      connection: { url: redisUrl!, maxRetriesPerRequest: null },
      prefix: `${prefix}bull`,
    });
    queues.push(queue);
    await s.settled();
    await until(
      "nothing left to fire",
      async () => {
        const jobs = await queue.getJobCounts("delayed", "waiting", "active", "prioritized");
        const left = Object.values(jobs).reduce((n, c) => n + c, 0) + (await redises[0]!.zcard(`${prefix}timers:due`));
        return left === 0;
      },
      { everyMs: 50 },
    );
  };
  afterAll(async () => {
    for (const q of queues) await q.close();
    for (const s of schedulers) await s.stop();
    for (const p of prefixes) await dropPrefix(redises[0]!, p);
    for (const r of redises) r.disconnect();
  });

  conformance((fire) => {
    const prefix = cluster();
    const s = make(fire, prefix);
    return { s, idle: () => idle(s, prefix) };
  });

  it("two nodes arming the same timer fire it exactly once", async () => {
    const fired: string[] = [];
    const prefix = cluster();
    const a = make((code) => void fired.push(`a:${code}`), prefix);
    const b = make((code) => void fired.push(`b:${code}`), prefix);
    const at = Date.now() + 200;
    for (const code of ["TWO001", "TWO002", "TWO003", "TWO004"]) {
      a.arm(code, at, 3);
      b.arm(code, at, 3);
    }
    await until("four timers to fire", () => fired.length >= 4);
    await idle(a, prefix);
    await idle(b, prefix);
    expect(fired.map((f) => f.slice(2)).sort()).toEqual(["TWO001", "TWO002", "TWO003", "TWO004"]);
  });

  it("an arm from an older state never replaces a newer one", async () => {
    const fired: number[] = [];
    const prefix = cluster();
    const a = make(() => void fired.push(Date.now()), prefix);
    const late = Date.now() + 400;
    a.arm("OLD001", late, 9);
    await a.settled();
    // A slow node arms what it computed from seq 8: ignored.
    a.arm("OLD001", Date.now() + 50, 8);
    await until("the timer to fire", () => fired.length > 0);
    await idle(a, prefix);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toBeGreaterThanOrEqual(late);
  });

  it("a node that stops leaves its timers to the others", async () => {
    const fired: string[] = [];
    const prefix = cluster();
    const leaving = make((code) => void fired.push(`leaving:${code}`), prefix);
    // The node that stays only has to be running (its worker takes the job).
    const staying = make((code) => void fired.push(`staying:${code}`), prefix);
    const due = Date.now() + 1000;
    leaving.arm("LEFT01", due, 1);
    await leaving.stop();
    // On a starved machine the stop itself can outlast the timer, and then the leaving node
    // rightly fired it before it went: either way, once. Stopped in time, it is the other's.
    const stoppedInTime = Date.now() < due;
    await until("the timer to fire", () => fired.length > 0);
    await idle(staying, prefix);
    if (stoppedInTime) expect(fired).toEqual(["staying:LEFT01"]);
    else expect(fired).toHaveLength(1);
  });

  it("a timer recorded by a node that died before adding its job still fires, once", async () => {
    const fired: Fired[] = [];
    const prefix = cluster();
    const survivor = make((code) => void fired.push({ code, at: Date.now() }), prefix, { sweepMs: 100, lateMs: 300 });
    // What a node killed between its two writes leaves: the timer recorded, no job for it.
    const redis = redisClient();
    redises.push(redis);
    redis.defineCommand("armTimer", { numberOfKeys: 2, lua: BullMQScheduler.ARM });
    const at = Date.now() + 100;
    await (redis as unknown as { armTimer: (...a: unknown[]) => Promise<unknown> }).armTimer(
      `${prefix}timer:DEAD01`,
      `${prefix}timers:due`,
      4,
      at,
      60_000,
      "DEAD01",
    );
    // Re-arming the same time from the same state adds nothing (the record already says so).
    survivor.arm("DEAD01", at, 4);
    await until("the sweep to fire the timer", () => fired.length > 0);
    // The sweep fired it (a job would have fired it on time): not before it was overdue.
    expect(fired[0]!.at).toBeGreaterThanOrEqual(at + 300);
    // Fired, it left the due set, so the sweep does not fire it again.
    await idle(survivor, prefix);
    expect(fired.map((f) => f.code)).toEqual(["DEAD01"]);
  });

  it("with the sweep running, a timer whose job ran fires only once", async () => {
    const fired: string[] = [];
    const prefix = cluster();
    const s = make((code) => void fired.push(code), prefix, { sweepMs: 100, lateMs: 200 });
    s.arm("SWPT01", Date.now() + 100, 1);
    await until("the timer to fire", () => fired.length > 0);
    await idle(s, prefix);
    expect(fired).toEqual(["SWPT01"]);
  });

  it("a firing still under way past the sweep's lateness is not fired again by the sweep", async () => {
    // A loaded node runs the job late and slowly: the sweep finds the timer overdue while the
    // job is still firing it.
    // The firing holds on until the timer has been claimed again while it runs: by the sweep
    // finding it overdue, or by its job, should the sweep have fired it first on a loaded
    // machine (claims are counted on the node's connection; the first is the firing's own).
    const fired: string[] = [];
    let claims = 0;
    const prefix = cluster();
    const s = make(
      async (code) => {
        fired.push(code);
        await until("another claim on the timer while it fires", () => claims >= 2, { everyMs: 10 });
      },
      prefix,
      { sweepMs: 100, lateMs: 200 },
    );
    const redis = redises.at(-1)! as unknown as { claimTimer: (...a: unknown[]) => Promise<number> };
    const claim = redis.claimTimer;
    redis.claimTimer = function (this: unknown, ...a: unknown[]) {
      if (a.includes("SLOW01")) claims++;
      return claim.apply(this, a);
    };
    s.arm("SLOW01", Date.now() + 50, 1);
    await until("the timer to fire", () => fired.length > 0);
    await idle(s, prefix);
    expect(fired).toEqual(["SLOW01"]);
  });
});
