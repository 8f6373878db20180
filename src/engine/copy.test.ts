import { describe, expect, it } from "vitest";
import { cloneData, copier } from "./copy";

describe("cloneData and copier", () => {
  it("copies plain data deeply, in key order, frozen parts too (a copy is always writable)", () => {
    const card = Object.freeze({ id: "c1", text: "hello" });
    const s = { b: [1, { x: [2, 3] }], a: { deep: { n: null as null | number } }, card, list: [card], u: undefined };
    const c = cloneData(s);
    expect(c).toEqual(s);
    expect(JSON.stringify(c)).toBe(JSON.stringify(s));
    expect(Object.keys(c)).toEqual(Object.keys(s));
    expect(c.b).not.toBe(s.b);
    expect(c.b[1]).not.toBe(s.b[1]);
    expect(c.a.deep).not.toBe(s.a.deep);
    expect(c.card).not.toBe(card);
    expect(Object.isFrozen(c.list[0])).toBe(false);
    c.a.deep.n = 5;
    expect(s.a.deep.n).toBeNull();
  });

  it("shares only the parts named", () => {
    const copy = copier<{ questions: string[]; score: number[] }>(["questions"]);
    const s = { questions: ["q1"], score: [1] };
    const c = copy(s);
    expect(c.questions).toBe(s.questions);
    expect(c.score).not.toBe(s.score);
    expect(c).toEqual(s);
  });
});
