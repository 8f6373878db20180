import { describe, expect, it } from "vitest";
import { loadPacks } from "../content/index";
import cah from "../definitions/cah.json";
import { describeOverlong, overlongText, TEXT_LIMITS } from "./text-limits";

describe("text limits on uploads", () => {
  it("takes every shipped pack and definition as they are", () => {
    for (const pack of loadPacks()) expect(overlongText(pack)).toBeNull();
    expect(overlongText(cah)).toBeNull();
  });

  it("limits each field by its name, anything else and every key too", () => {
    expect(overlongText({ name: "x".repeat(TEXT_LIMITS.name) })).toBeNull();
    expect(overlongText({ name: "x".repeat(TEXT_LIMITS.name + 1) })).toEqual({
      path: ["name"],
      length: TEXT_LIMITS.name + 1,
      limit: TEXT_LIMITS.name,
    });
    expect(overlongText({ a: [{ description: "d".repeat(TEXT_LIMITS.description + 1) }] })?.path).toEqual([
      "a",
      0,
      "description",
    ]);
    // A list of strings takes its field's name: `tags: [...]` is "any other string".
    expect(overlongText({ tags: ["t".repeat(TEXT_LIMITS.other + 1)] })?.limit).toBe(TEXT_LIMITS.other);
    expect(overlongText({ props: { ["k".repeat(TEXT_LIMITS.key + 1)]: 1 } })).toMatchObject({
      path: ["props"],
      key: true,
    });
    expect(overlongText({ n: 1e300, b: true, z: null })).toBeNull();
  });

  it("refuses values nested deeper than a definition needs, without walking them all", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const p = overlongText({ deep });
    expect(p).toMatchObject({ depth: true, limit: TEXT_LIMITS.depth });
    expect(describeOverlong(p!, "the pack")).toMatch(/^Nested too deeply in the pack: deep\[0\]/);
  });

  it("lets a definition nest further, for its expressions, and no further than that", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 15; i++) deep = { "!": [deep] };
    expect(overlongText({ named: { x: deep } })).toMatchObject({ depth: true, limit: TEXT_LIMITS.depth });
    expect(overlongText({ named: { x: deep } }, [], TEXT_LIMITS.definitionDepth)).toBeNull();
    for (let i = 0; i < 10; i++) deep = { "!": [deep] };
    expect(overlongText({ named: { x: deep } }, [], TEXT_LIMITS.definitionDepth)).toMatchObject({
      depth: true,
      limit: TEXT_LIMITS.definitionDepth,
    });
  });

  it("names the field in a sentence", () => {
    const p = overlongText({ cards: { white: [{ properties: { watermark: "w".repeat(612) } }] } })!;
    expect(describeOverlong(p, "the pack")).toBe(
      "Text too long in the pack: cards.white[0].properties.watermark has 612 characters; at most 200.",
    );
  });
});
