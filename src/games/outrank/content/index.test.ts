import { describe, expect, it } from "vitest";
import { loadOutrankContent, type OutrankContent, outrankChecks, outrankContentSet, tokensOf } from "./index";

const failing = (content: OutrankContent) =>
  outrankChecks(content)
    .filter((c) => !c.ok)
    .map((c) => c.name);

/** A deep copy, so a test can break it without touching the cached content. */
const copy = (): OutrankContent => structuredClone(loadOutrankContent());

describe("Outrank content set", () => {
  it("meets every minimum and passes every check", () => {
    for (const c of outrankContentSet.counts()) expect(c.value, c.label).toBeGreaterThanOrEqual(c.min);
    for (const c of outrankContentSet.checks()) expect(c.ok, `${c.name}: ${c.detail}`).toBe(true);
  });

  it("has at least 40 tokens in each category and 3+ stats with units", () => {
    for (const file of loadOutrankContent().categories) {
      expect(file.tokens.length).toBeGreaterThanOrEqual(40);
      expect(file.stats.length).toBeGreaterThanOrEqual(3);
      for (const s of file.stats) expect(s.unit.length).toBeGreaterThan(0);
    }
  });

  it("every category has a challenge for each of its stats", () => {
    const { categories, challenges } = loadOutrankContent();
    for (const file of categories) {
      for (const s of file.stats) {
        expect(
          challenges.some((c) => c.category === file.category && c.stat === s.key),
          `${file.category}/${s.key}`,
        ).toBe(true);
      }
    }
  });

  it("has enough tokens per category for a 13-token draw", () => {
    for (const c of ["movies", "countries", "sports", "companies"] as const) {
      expect(tokensOf(c).length).toBeGreaterThanOrEqual(13);
    }
  });
});

describe("Outrank content checks catch broken data", () => {
  it("a duplicate id", () => {
    const c = copy();
    const first = c.categories[0]!.tokens[0]!;
    c.categories[1]!.tokens.push({ ...first, category: c.categories[1]!.category });
    expect(failing(c)).toContain("unique token ids");
  });

  it("a missing or unknown stat", () => {
    const c = copy();
    const t = c.categories[0]!.tokens[0]!;
    const [key] = Object.keys(t.stats);
    delete t.stats[key!];
    expect(failing(c)).toContain("every token has exactly its category's stats");
    const d = copy();
    d.categories[0]!.tokens[0]!.stats.madeUp = 1;
    expect(failing(d)).toContain("every token has exactly its category's stats");
  });

  it("a tag value too rare to collect", () => {
    const c = copy();
    c.categories[2]!.tokens[0]!.tags.B = "Only me";
    expect(failing(c)).toContain("every tag value held by at least 3 tokens");
  });

  it("a token filed under the wrong category", () => {
    const c = copy();
    c.categories[0]!.tokens[0]!.category = "sports";
    expect(failing(c)).toContain("tokens sit in their category's file");
  });

  it("a challenge on a stat its category lacks", () => {
    const c = copy();
    c.challenges.push({ id: "sports-gross", category: "sports", stat: "worldwideGrossUsd", name: "Sports - Gross" });
    expect(failing(c)).toContain("challenges are unique and name a stat of their category");
  });
});
