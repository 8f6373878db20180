import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Context, scaledMs } from "./context";
import { refuse } from "./errors";
import { defineGame, UNCHANGED } from "./game";
import { SYSTEM } from "./rules";

interface S {
  seats: string[];
  beeps: { name: string; at: number }[];
  alarms: { name: string; at: number }[];
  copies: number;
}

const Intent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("SET"), name: z.string(), inSec: z.number() }),
  z.object({ type: z.literal("NOTHING") }),
]);
type Intent = z.infer<typeof Intent>;

let copies = 0;
const rules = defineGame({
  id: "alarms",
  seats: { min: 1, max: 2 },
  options: z.object({}),
  intent: Intent,
  setup: (): S => ({ seats: [], beeps: [], alarms: [], copies: 0 }),
  copy: (s: S): S => {
    copies++;
    return { seats: [...s.seats], beeps: [...s.beeps], alarms: [...s.alarms], copies: s.copies + 1 };
  },
  context: (s: S, now: number) => new Context(s, now, 1),
  validate: (s: S, from: string, intent: Intent) => {
    if (!s.seats.includes(from)) return refuse("not_seated", "Join first.");
    if (intent.type === "NOTHING") return UNCHANGED;
    return intent;
  },
  apply: (ctx: Context<S>, _from: string, _i: Intent, set: Extract<Intent, { type: "SET" }>) => {
    ctx.s.alarms.push({ name: set.name, at: ctx.now + ctx.ms(set.inSec) });
  },
  presence: {
    plan: (s: S, p) => (s.seats.includes(p.seat) ? UNCHANGED : p.seat),
    apply: (ctx: Context<S>, _p, seat: string) => {
      ctx.s.seats.push(seat);
    },
  },
  deadlines: (s: S) => s.alarms,
  fire: (ctx: Context<S>, d: { name: string; at: number }) => {
    ctx.s.alarms = ctx.s.alarms.filter((a) => a !== d);
    ctx.s.beeps.push({ name: d.name, at: ctx.now });
    // An alarm named "again" sets one more a second later: fired in the same tick if due by then.
    if (d.name === "again") ctx.s.alarms.push({ name: "after", at: ctx.now + 1000 });
    ctx.send({ type: "BEEP", name: d.name });
  },
  finish: (ctx: Context<S>) => ctx.views(),
  view: (s: S) => s.beeps.length,
  stage: () => "playing",
});

const join = (seat: string) => ({ type: "@presence", seat, status: "joined" }) as const;

describe("defineGame", () => {
  it("refuses and leaves unchanged without copying the state", () => {
    const s0 = rules.setup({ roomId: "R", options: {}, seed: "x", now: 0, timeScale: 1 });
    copies = 0;
    const refused = rules.act(s0, "P1", { type: "SET", name: "a", inSec: 1 }, 0);
    expect(refused).toEqual(refuse("not_seated", "Join first."));
    const s1 = (rules.act(s0, SYSTEM, join("P1"), 0) as { state: S }).state;
    expect(copies).toBe(1);
    const again = rules.act(s1, SYSTEM, join("P1"), 0);
    expect(again).toEqual({ state: s1, out: [] });
    const nothing = rules.act(s1, "P1", { type: "NOTHING" }, 0);
    expect(nothing).toEqual({ state: s1, out: [] });
    expect(copies).toBe(1);
    expect(s0.seats).toEqual([]);
  });

  it("presence comes only from the platform, and the platform does not play", () => {
    const s0 = rules.setup({ roomId: "R", options: {}, seed: "x", now: 0, timeScale: 1 });
    expect(rules.act(s0, "P1", join("P1"), 0)).toMatchObject({ error: { code: "system_only" } });
    expect(rules.act(s0, SYSTEM, { type: "NOTHING" }, 0)).toMatchObject({ error: { code: "not_a_player" } });
  });

  it("fires each due deadline at its own time, earliest first, including ones a firing arms", () => {
    let s = rules.setup({ roomId: "R", options: {}, seed: "x", now: 0, timeScale: 1 });
    s = (rules.act(s, SYSTEM, join("P1"), 0) as { state: S }).state;
    for (const [name, inSec] of [
      ["late", 5],
      ["early", 2],
      ["again", 3],
    ] as const)
      s = (rules.act(s, "P1", { type: "SET", name, inSec }, 0) as { state: S }).state;
    expect(rules.due(s)).toBe(2000);
    // The timer ran late: everything due by 10 s fires, each at its own scheduled time.
    const step = rules.tick(s, 10_000);
    expect(step.state.beeps).toEqual([
      { name: "early", at: 2000 },
      { name: "again", at: 3000 },
      { name: "after", at: 4000 },
      { name: "late", at: 5000 },
    ]);
    expect(step.out.at(-1)).toEqual({ to: "all", view: true });
    expect(rules.due(step.state)).toBeNull();
    // Nothing due: the very state back.
    expect(rules.tick(step.state, 20_000)).toEqual({ state: step.state, out: [] });
  });

  it("scales durations, never below one millisecond", () => {
    expect(scaledMs(1, 2)).toBe(2000);
    expect(scaledMs(0.5, 1.5)).toBe(750);
    expect(scaledMs(0.0001, 1)).toBe(1);
    expect(scaledMs(1, 0)).toBe(1);
  });
});
