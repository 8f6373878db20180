import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Context } from "./context";
import { defineGame, UNCHANGED } from "./game";
import { type Cmd, commands, playChecked } from "./property-kit";
import { Table } from "./testkit";

interface S {
  total: number;
  history: number[];
}

/** A counter whose "bad" input writes into the state it was given. */
const counter = defineGame({
  id: "counter",
  seats: { min: 1, max: 1 },
  options: z.object({}),
  intent: z.object({ add: z.number(), bad: z.boolean() }),
  setup: (): S => ({ total: 0, history: [] }),
  copy: (s: S): S => ({ total: s.total, history: [...s.history] }),
  context: (s: S, now: number) => new Context(s, now, 1),
  validate: (s: S, _from, i: { add: number; bad: boolean }) => {
    if (i.bad) s.history.push(i.add);
    return i.add === 0 ? UNCHANGED : i.add;
  },
  apply: (ctx: Context<S>, _from, _i, add: number) => {
    ctx.s.total += add;
  },
  presence: { plan: () => UNCHANGED, apply: () => {} },
  deadlines: () => [],
  fire: () => {},
  view: (s: S) => s.total,
  stage: () => "playing",
});

const play = (t: Table<S>, bad: boolean) => ({
  run: (c: Cmd<"add" | "wait">) => {
    t.act("P1", { add: c.a % 3, bad: bad && c.b % 2 === 0 });
  },
  waitMs: (c: Cmd<"add" | "wait">) => (c.op === "wait" ? 100 : null),
  problems: () => (t.state.total < 0 ? ["negative"] : []),
});

describe("the property kit", () => {
  it("draws commands by weight, over the seats given", () => {
    const cmds = fc.sample(commands({ add: 1, wait: 0 }, 3), { numRuns: 50, seed: 7 });
    expect(cmds.every((c) => c.op === "add" && c.seat >= 0 && c.seat < 3)).toBe(true);
  });

  it("passes a game that keeps to its states, and catches one that writes into the state it is given", () => {
    const cmds = fc.sample(commands({ add: 3, wait: 1 }, 1), { numRuns: 40, seed: 7 });
    const good = new Table<S>(counter);
    playChecked(good, cmds, play(good, false));
    const bad = new Table<S>(counter);
    expect(() => playChecked(bad, cmds, play(bad, true))).toThrow();
  });
});
