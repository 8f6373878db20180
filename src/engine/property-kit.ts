import fc from "fast-check";
import { deepFreeze } from "./copy";
import type { Table } from "./testkit";

/**
 * One random command of a game's property test: an operation picked by weight, a seat (an
 * index into the test's seats), and two numbers the game reads as choices ("the a-th card").
 */
export interface Cmd<Op extends string> {
  op: Op;
  seat: number;
  a: number;
  b: number;
}

/** The platform's presence statuses, by the names property tests give the operations that send them. */
export const PRESENCE_OPS = {
  join: "joined",
  connect: "connected",
  disconnect: "disconnected",
  leave: "left",
} as const;

/** Commands over `seats` seats, each operation as often as its weight says. */
export function commands<Op extends string>(
  weights: Readonly<Record<Op, number>>,
  seats: number,
): fc.Arbitrary<Cmd<Op>> {
  const ops = Object.entries(weights) as [Op, number][];
  return fc.record({
    op: fc.oneof(...ops.map(([op, weight]) => ({ weight, arbitrary: fc.constant(op) }))),
    seat: fc.integer({ min: 0, max: seats - 1 }),
    a: fc.nat({ max: 1000 }),
    b: fc.nat({ max: 1000 }),
  });
}

/**
 * Play random commands on a table, each input and each timer checked alike: the state it is
 * given is frozen (an input that writes into it throws), a refused input leaves the state as
 * it was, and `problems` (the game's invariants) finds nothing. A "wait" command (`waitMs`
 * gives how long) fires the timers due by then one at a time.
 */
export function playChecked<S, Op extends string>(
  t: Table<S>,
  cmds: readonly Cmd<Op>[],
  play: { run(c: Cmd<Op>): void; waitMs(c: Cmd<Op>): number | null; problems(before: S, sentFrom: number): string[] },
): void {
  const checked = (c: Cmd<Op>, act: () => void) => {
    const before = t.state;
    const log = t.log.length;
    const sent = t.sent.length;
    deepFreeze(before);
    act();
    if (t.log.length === log && t.state !== before) throw new Error("a refused input replaced the state");
    const bad = play.problems(before, sent);
    if (bad.length > 0) throw new Error(`after ${JSON.stringify(c)}: ${bad.join("; ")}`);
  };
  for (const c of cmds) {
    const wait = play.waitMs(c);
    if (wait === null) {
      checked(c, () => play.run(c));
      continue;
    }
    const until = t.now + wait;
    for (let due = t.rules.due(t.state); due !== null && due <= until; due = t.rules.due(t.state))
      checked(c, () => t.advance(Math.max(0, (due as number) - t.now)));
    t.advance(until - t.now);
  }
}
