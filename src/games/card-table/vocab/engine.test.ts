import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROPERTY_SEED } from "../../../engine/testkit";
import { BUILTINS, Evaluator, EXPRESSION_STEPS, type Expr } from "./engine";
import { exprProblem, MAX_DEPTH } from "./expr-check";

const facts = {
  round: 2,
  me: "P1",
  hand: [
    { id: "a", type: "standard", properties: { rank: "8", suit: "clubs", value: 8 } },
    { id: "b", type: "standard", properties: { rank: "K", suit: "hearts", value: 10 } },
  ],
  suit: "hearts",
};

describe("the evaluator", () => {
  it("evaluates JSON Logic with the card operators, a card as `it` in count, where and ref", () => {
    const ev = new Evaluator({
      playable: {
        or: [
          { "==": [{ var: "it.properties.rank" }, "8"] },
          { "==": [{ var: "it.properties.suit" }, { var: "suit" }] },
        ],
      },
    });
    expect(ev.value({ "+": [1, { var: "round" }] }, facts)).toBe(3);
    expect(ev.value({ count: [{ var: "hand" }, { ref: "playable" }] }, facts)).toBe(2);
    expect(ev.value({ count: [{ var: "hand" }, "suit", "clubs"] }, facts)).toBe(1);
    expect(
      ev.value(
        { map: [{ where: [{ var: "hand" }, { "==": [{ var: "it.properties.value" }, 10] }] }, { var: "id" }] },
        facts,
      ),
    ).toEqual(["b"]);
    expect(ev.value({ ref: ["playable", { var: "hand.1" }] }, facts)).toBe(true);
    expect(ev.value({ total: [{ var: "hand" }, 21] }, facts)).toBe(18);
  });

  it("is worth null for what fails: an unknown or excluded operator, a division by zero, an unknown name", () => {
    const ev = new Evaluator();
    for (const e of [{ nope: 1 }, { throw: "x" }, { "/": [1, 0] }, { ref: "missing" }, { a: 1, b: 2 }] as Expr[])
      expect(ev.value(e, facts)).toBeNull();
    expect(ev.test({ throw: "x" }, facts)).toBe(false);
    expect(ev.number({ "/": [1, 0] }, facts, 7)).toBe(7);
  });

  it("stops an expression at its step budget, and a session at its own", () => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const bomb = {
      filter: [{ var: "d" }, { some: [{ val: [[2], "d"] }, { some: [{ val: [[4], "d"] }, false] }] }],
    } as Expr;
    const ev = new Evaluator({}, 3 * EXPRESSION_STEPS);
    expect(ev.value(bomb, { d: deck })).toBeNull();
    expect(ev.stepsLeft).toBe(2 * EXPRESSION_STEPS);
    ev.value(bomb, { d: deck });
    ev.value(bomb, { d: deck });
    // Nothing left: even a one-step expression is worth null now.
    expect(ev.value({ var: "round" }, facts)).toBeNull();
    // Literals cost nothing.
    expect(ev.value(5, facts)).toBe(5);
  });

  it("the same expression over the same facts gives the same value, changes nothing it reads, and never throws", () => {
    const leaf = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom("hearts", "8", "x", true, false, null),
      fc.constantFrom<Expr>(
        { var: "round" },
        { var: "hand" },
        { var: "suit" },
        { var: "hand.0.properties.value" },
        { var: "it" },
      ),
    );
    const ops = [
      ...BUILTINS.filter((o) => o !== "var" && o !== "val"),
      "count",
      "where",
      "sum",
      "total",
      "highest",
      "lowest",
      "top",
      "bottom",
    ];
    const expr = fc.letrec<{ e: Expr }>((tie) => ({
      e: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc
          .tuple(fc.constantFrom(...ops), fc.array(tie("e"), { maxLength: 3 }))
          .map(([op, args]) => ({ [op]: args }) as Expr),
      ),
    })).e;
    const frozen = structuredClone(facts);
    const freeze = (v: unknown): unknown => {
      if (v && typeof v === "object") {
        for (const x of Object.values(v)) freeze(x);
        Object.freeze(v);
      }
      return v;
    };
    freeze(frozen);
    fc.assert(
      fc.property(expr, (e) => {
        const a = new Evaluator().value(e, frozen);
        const b = new Evaluator().value(e, frozen);
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        expect(frozen).toEqual(facts);
      }),
      { seed: PROPERTY_SEED, numRuns: 500 },
    );
  });
});

describe("what an expression may be", () => {
  it("takes JSON Logic built from the known operators", () => {
    expect(exprProblem({ and: [{ "==": [{ var: "round" }, 1] }, { count: [{ var: "hand" }] }] })).toBeNull();
    expect(exprProblem(3)).toBeNull();
    expect(exprProblem({})).toBeNull();
  });
  it("refuses unknown and excluded operators, several keys, paths into the engine, and what is too big", () => {
    expect(exprProblem({ eval: "x" })).toMatch(/unknown operator "eval"/);
    expect(exprProblem({ try: [1] })).toMatch(/unknown operator "try"/);
    expect(exprProblem({ "==": [1, 1], "!=": [1, 2] })).toMatch(/one key/);
    expect(exprProblem({ var: "a.__proto__.b" })).toMatch(/__proto__/);
    expect(exprProblem({ val: ["constructor"] })).toMatch(/constructor/);
    expect(exprProblem({ "+": Array.from({ length: 3000 }, () => 1) })).toMatch(/at most 2000 parts/);
    let deep: Expr = 1;
    for (let i = 0; i < MAX_DEPTH + 2; i++) deep = { "!": [deep] };
    expect(exprProblem(deep)).toMatch(/nest at most/);
    expect(exprProblem(Number.NaN)).toMatch(/finite/);
    expect(exprProblem({ ref: 3 })).toMatch(/ref names/);
  });
});
