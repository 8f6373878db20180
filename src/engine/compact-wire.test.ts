import { describe, expect, it } from "vitest";
import { diffViews, patchView } from "./compact-wire";

/** The round trip the compact wire rests on: the patch from a view to the next, applied to the first, gives the next as JSON. */
const roundTrip = (before: unknown, after: unknown) => {
  const held = JSON.parse(JSON.stringify(before));
  const patch = JSON.parse(JSON.stringify(diffViews(before, after)));
  return patchView(held, patch);
};

describe("the compact wire's patches", () => {
  it("a view and its next one: changed, added and removed fields, arrays grown and cut", () => {
    const before = { type: "state", state: { round: 1, hand: ["a", "b", "c"], players: [{ id: "P1", score: 0 }] } };
    const after = {
      type: "state",
      state: { round: 2, hand: ["b", "c", "d", "e"], players: [{ id: "P1", score: 1 }], winner: "P1" },
    };
    expect(roundTrip(before, after)).toEqual(after);
    expect(roundTrip(after, before)).toEqual(before);
  });

  it("parts shared by reference are not walked, and an unchanged view is an empty patch", () => {
    const definition = { name: "CAH", deck: Array.from({ length: 100 }, (_, i) => i) };
    const a = { state: { definition, round: 1 } };
    expect(diffViews(a, { state: { definition, round: 2 } })).toEqual([
      { op: "replace", path: "/state/round", value: 2 },
    ]);
    expect(diffViews(a, a)).toEqual([]);
    expect(diffViews(a, structuredClone(a))).toEqual([]);
  });

  it("undefined counts as absent, as on the wire", () => {
    const before = { a: 1, b: undefined as number | undefined, c: 3 as number | undefined };
    const after = { a: 1, b: 2, c: undefined };
    expect(roundTrip(before, after)).toEqual({ a: 1, b: 2 });
  });

  it("a view that is not an object is replaced whole", () => {
    expect(roundTrip({ a: 1 }, null)).toBeNull();
    expect(roundTrip([1, 2], { a: 1 })).toEqual({ a: 1 });
  });

  it("patching leaves the held view as it was, and a patch that does not fit throws", () => {
    const held = { state: { round: 1 } };
    const next = patchView(held, [{ op: "replace", path: "/state/round", value: 2 }]);
    expect(next).toEqual({ state: { round: 2 } });
    expect(held).toEqual({ state: { round: 1 } });
    expect(() => patchView(held, [{ op: "replace", path: "/players/3/score", value: 2 }])).toThrow();
  });
});
