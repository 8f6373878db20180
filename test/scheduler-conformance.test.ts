import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BullMQScheduler } from "../src/platform/bullmq-scheduler";
import { InProcessScheduler, type Scheduler } from "../src/platform/scheduler";
import { describeWithRedis, redisUrl } from "./support/needs";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wait until `cond` holds (or give up after `ms`); the assertions after it say what went wrong. */
async function until(cond: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await sleep(10);
}

interface Fired {
  code: string;
  at: number;
}

/** What every scheduler must do: fire once at its time, re-arming replaces, null cancels. */
function conformance(make: (fire: (code: string) => void) => Scheduler) {
  const fired: Fired[] = [];
  let s: Scheduler;
  beforeAll(() => {
    s = make((code) => void fired.push({ code, at: Date.now() }));
  });
  afterAll(() => s.cancelAll());
  afterEach(() => {
    fired.length = 0;
  });

  it("fires a timer once, not before its time", async () => {
    const at = Date.now() + 150;
    s.arm("ONCE22", at, 1);
    s.arm("ONCE22", at, 1);
    await until(() => fired.length > 0);
    await sleep(300);
    expect(fired.map((f) => f.code)).toEqual(["ONCE22"]);
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
    await until(() => fired.length >= 40);
    expect(fired.filter((f) => f.at < ats.get(f.code)!)).toEqual([]);
    expect(fired.map((f) => f.code).sort()).toEqual([...ats.keys()].sort());
  });

  it("a re-armed timer fires at its new time only", async () => {
    const first = Date.now() + 100;
    const second = Date.now() + 400;
    s.arm("MOVE22", first, 1);
    s.arm("MOVE22", second, 2);
    await until(() => fired.length > 0);
    await sleep(300);
    expect(fired.map((f) => f.code)).toEqual(["MOVE22"]);
    expect(fired[0]!.at).toBeGreaterThanOrEqual(second);
  });

  it("null cancels", async () => {
    s.arm("GONE22", Date.now() + 100, 1);
    s.arm("GONE22", null, 2);
    s.arm("KEEP22", Date.now() + 300, 1);
    await until(() => fired.length > 0);
    await sleep(200);
    expect(fired.map((f) => f.code)).toEqual(["KEEP22"]);
  });
}

describe("InProcessScheduler", () => conformance((fire) => new InProcessScheduler(fire)));

describeWithRedis("BullMQScheduler", () => {
  const prefixes: string[] = [];
  const redises: Redis[] = [];
  const schedulers: BullMQScheduler[] = [];
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
  afterAll(async () => {
    for (const s of schedulers) await s.stop();
    for (const p of prefixes) await dropPrefix(redises[0]!, p);
    for (const r of redises) r.disconnect();
  });

  conformance(make);

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
    await until(() => fired.length >= 4);
    await sleep(400);
    expect(fired.map((f) => f.slice(2)).sort()).toEqual(["TWO001", "TWO002", "TWO003", "TWO004"]);
  });

  it("an arm from an older state never replaces a newer one", async () => {
    const fired: number[] = [];
    const a = make(() => void fired.push(Date.now()), cluster());
    const late = Date.now() + 400;
    a.arm("OLD001", late, 9);
    await a.settled();
    // A slow node arms what it computed from seq 8: ignored.
    a.arm("OLD001", Date.now() + 50, 8);
    await until(() => fired.length > 0);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toBeGreaterThanOrEqual(late);
  });

  it("a node that stops leaves its timers to the others", async () => {
    const fired: string[] = [];
    const prefix = cluster();
    const leaving = make((code) => void fired.push(`leaving:${code}`), prefix);
    // The node that stays only has to be running (its worker takes the job).
    make((code) => void fired.push(`staying:${code}`), prefix);
    leaving.arm("LEFT01", Date.now() + 300, 1);
    await leaving.stop();
    await until(() => fired.length > 0);
    expect(fired).toEqual(["staying:LEFT01"]);
  });

  it("a timer recorded by a node that died before adding its job still fires, once", async () => {
    const fired: string[] = [];
    const prefix = cluster();
    const survivor = make((code) => void fired.push(code), prefix, { sweepMs: 100, lateMs: 300 });
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
    await until(() => fired.length > 0);
    expect(fired).toEqual(["DEAD01"]);
    expect(Date.now()).toBeGreaterThanOrEqual(at + 300);
    // Fired: it left the due set, so the sweep does not fire it again.
    await sleep(800);
    expect(fired).toEqual(["DEAD01"]);
  });

  it("with the sweep running, a timer whose job ran fires only once", async () => {
    const fired: string[] = [];
    const s = make((code) => void fired.push(code), cluster(), { sweepMs: 100, lateMs: 200 });
    s.arm("SWPT01", Date.now() + 100, 1);
    await until(() => fired.length > 0);
    await sleep(800);
    expect(fired).toEqual(["SWPT01"]);
  });

  it("a firing still under way past the sweep's lateness is not fired again by the sweep", async () => {
    // A loaded node runs the job late and slowly: the sweep finds the timer overdue while the
    // job is still firing it.
    const fired: string[] = [];
    const s = make(
      async (code) => {
        fired.push(code);
        await sleep(600);
      },
      cluster(),
      { sweepMs: 100, lateMs: 200 },
    );
    s.arm("SLOW01", Date.now() + 50, 1);
    await until(() => fired.length > 0);
    await sleep(1200);
    expect(fired).toEqual(["SLOW01"]);
  });
});
