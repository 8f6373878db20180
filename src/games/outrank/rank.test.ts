import { describe, expect, it } from "vitest";
import { callFor, callIsRight } from "./rank";

describe("a call is about rank, read through the challenge's direction", () => {
  it("on a higher card HIGHER claims a bigger number; on a lower card a smaller one", () => {
    expect(callIsRight("higher", "higher", 5, 3)).toBe(true);
    expect(callIsRight("higher", "higher", 2, 3)).toBe(false);
    expect(callIsRight("lower", "higher", 2, 3)).toBe(true);
    expect(callIsRight("higher", "lower", 2, 3)).toBe(true);
    expect(callIsRight("higher", "lower", 5, 3)).toBe(false);
    expect(callIsRight("lower", "lower", 5, 3)).toBe(true);
    expect(callIsRight("lower", "lower", 2, 3)).toBe(false);
  });

  it("a tie is right for either call on either card", () => {
    for (const call of ["higher", "lower"] as const)
      for (const dir of ["higher", "lower"] as const) expect(callIsRight(call, dir, 7, 7)).toBe(true);
  });

  it("callFor names the call that claims a numeric side, and that call is right on that side", () => {
    for (const dir of ["higher", "lower"] as const)
      for (const up of [true, false]) {
        const call = callFor(up, dir);
        expect(callIsRight(call, dir, up ? 9 : 1, 5)).toBe(true);
        expect(callIsRight(call, dir, up ? 1 : 9, 5)).toBe(false);
      }
    expect(callFor(true, "higher")).toBe("higher");
    expect(callFor(true, "lower")).toBe("lower");
  });
});
