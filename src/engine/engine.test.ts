import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { draft } from "./draft";
import { isRuleError, refuse } from "./errors";
import { type LogEntry, replay } from "./replay";
import { rngInt, rngNext, rngShuffle, seedRng } from "./rng";
import type { GameRules } from "./rules";
import { Table } from "./testkit";

describe("seeded generator", () => {
  it("is a pure function of its seed, and its state survives JSON", () => {
    const a = seedRng("room-1");
    const b = seedRng("room-1");
    expect([rngNext(a), rngNext(a), rngNext(a)]).toEqual([rngNext(b), rngNext(b), rngNext(b)]);
    const copy = JSON.parse(JSON.stringify(a));
    expect(rngNext(copy)).toBe(rngNext(a));
    expect(rngNext(seedRng("room-2"))).not.toBe(rngNext(seedRng("room-1")));
  });

  it("draws integers in range, roughly uniformly", () => {
    const r = seedRng("uniform");
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rngInt(r, 6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    expect(() => rngInt(r, 0)).toThrow();
  });

  it("shuffles into a permutation", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer(), { maxLength: 60 }), (seed, xs) => {
        const out = rngShuffle(seedRng(seed), [...xs]);
        expect([...out].sort((p, q) => p - q)).toEqual([...xs].sort((p, q) => p - q));
      }),
    );
  });
});

/** A tiny counting game: +n to a total, a timer that doubles it once, refusals for n <= 0. */
interface Count {
  total: number;
  doubleAt: number | null;
}
const counting: GameRules<Count, { type: "add"; n: number }, { start: number }> = {
  id: "count",
  seats: { min: 1, max: 2 },
  options: z.object({ start: z.number().default(0) }),
  intent: z.object({ type: z.literal("add"), n: z.number() }),
  setup: ({ options, now, timeScale }) => ({ total: options.start, doubleAt: now + 1000 * timeScale }),
  act(state, _from, intent, _now) {
    if (intent.type !== "add") return refuse("bad", "no");
    if (intent.n <= 0) return refuse("not_positive", "Add a positive number.");
    const s = draft(state);
    s.total += intent.n;
    return { state: s, out: [{ to: "all", msg: { type: "ADDED", total: s.total } }] };
  },
  due: (s) => s.doubleAt,
  tick(state) {
    const s = draft(state);
    s.total *= 2;
    s.doubleAt = null;
    return { state: s, out: [{ to: "all", msg: { type: "DOUBLED", total: s.total } }] };
  },
  view: (s) => s,
};

describe("virtual clock test kit and replay", () => {
  it("fires timers at due(), refuses without change, and replays its log", () => {
    const t = new Table<Count>(counting, { options: { start: 1 } });
    t.must("P1", { type: "add", n: 2 });
    expect(t.refused("P1", { type: "add", n: -1 })).toBe("not_positive");
    t.advance(999);
    expect(t.state.total).toBe(3);
    t.advance(1);
    expect(t.state.total).toBe(6);
    expect(t.ofType("DOUBLED")).toEqual([{ type: "DOUBLED", total: 6 }]);
    t.must("P2", { type: "add", n: 1 });
    expect(replay<Count>(counting, t.origin, t.log)).toEqual(t.state);
  });

  it("a log the rules refuse is a bug, and replay says so", () => {
    const t = new Table<Count>(counting);
    const bad: LogEntry[] = [{ kind: "act", from: "P1", intent: { type: "add", n: 0 }, at: t.now }];
    expect(() => replay(counting, t.origin, bad)).toThrow(/not_positive/);
  });

  it("time scale shortens every duration", () => {
    const t = new Table<Count>(counting, { timeScale: 0.1 });
    t.advance(100);
    expect(t.state.doubleAt).toBeNull();
    expect(isRuleError(refuse("x", "y"))).toBe(true);
  });
});
