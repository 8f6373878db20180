import { describe, expect, it } from "vitest";
import { workingCopy } from "./copy";
import { choose, give, outrankTable, suppliedWithTag } from "./test-table";

describe("working copy", () => {
  it("has every field of the state and of each player, in the same order, and equal values", () => {
    const t = outrankTable({ players: 3 });
    choose(t);
    give(t, "P2", suppliedWithTag(t, "countries", "Asia", 2));
    const s = t.state;
    const c = workingCopy(s);
    expect(Object.keys(c)).toEqual(Object.keys(s));
    expect(Object.keys(c.players[0] ?? {})).toEqual(Object.keys(s.players[0] ?? {}));
    expect(JSON.stringify(c)).toBe(JSON.stringify(s));
  });

  it("copies what the rules change in place and shares what they replace whole", () => {
    const t = outrankTable({ players: 2 });
    choose(t);
    const s = t.state;
    const c = workingCopy(s);
    expect(c.players).not.toBe(s.players);
    expect(c.players[0]).not.toBe(s.players[0]);
    expect(c.players[0]?.hand).not.toBe(s.players[0]?.hand);
    expect(c.pool).not.toBe(s.pool);
    expect(c.rng).not.toBe(s.rng);
    expect(c.supply).toBe(s.supply);
    expect(c.settings).toBe(s.settings);
  });
});
