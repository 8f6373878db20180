import { describe, expect, it } from "vitest";
import type { Card } from "./content/schema";
import { interpolatePrompt } from "./interpolate";

const black = (text: string, pick?: number, blanks?: number): Card => ({
  id: "b",
  type: "black",
  properties: { text, ...(pick === undefined ? {} : { pick }), ...(blanks === undefined ? {} : { blanks }) },
});
const white = (text: string, id = text.toLowerCase().replace(/[^a-z0-9]+/g, "-")): Card => ({
  id,
  type: "white",
  properties: { text },
});

describe("interpolatePrompt (the document's algorithm)", () => {
  it("fills one blank with the answer in bold", () => {
    expect(interpolatePrompt(black("I never leave home without _____.", 1, 1), [white("A rubber duck")])).toBe(
      "I never leave home without **A rubber duck**.",
    );
  });

  it("fills pick-2 blanks in submission order", () => {
    const b = black("First _____, then _____.", 2, 2);
    expect(interpolatePrompt(b, [white("coffee"), white("chaos")])).toBe("First **coffee**, then **chaos**.");
    expect(interpolatePrompt(b, [white("chaos"), white("coffee")])).toBe("First **chaos**, then **coffee**.");
  });

  it("fills pick-3 blanks in order", () => {
    const b = black("_____ + _____ = _____.", 3, 3);
    expect(interpolatePrompt(b, [white("a"), white("b"), white("c")])).toBe("**a** + **b** = **c**.");
  });

  it("appends answers beyond the blanks (pick > blanks), unbolded, as the document does", () => {
    expect(interpolatePrompt(black("What's in the box?", 1, 0), [white("A tiny horse.")])).toBe(
      "What's in the box? A tiny horse.",
    );
    expect(interpolatePrompt(black("Make a haiku about _____.", 3, 1), [white("x"), white("y"), white("z")])).toBe(
      "Make a haiku about **x**. y z",
    );
  });

  it("falls back to pick, then 1, when blanks is not given", () => {
    expect(interpolatePrompt(black("_____ and _____.", 2), [white("a"), white("b")])).toBe("**a** and **b**.");
    expect(interpolatePrompt(black("Hello _____."), [white("world")])).toBe("Hello **world**.");
  });

  it("leaves unfilled blanks when fewer answers than blanks arrive", () => {
    expect(interpolatePrompt(black("_____ meets _____.", 2, 2), [white("A cat")])).toBe("**A cat** meets _____.");
  });

  it("keeps answer text literal, dollar signs included", () => {
    expect(interpolatePrompt(black("I paid _____.", 1, 1), [white("$& and $1 and $$", "dollars")])).toBe(
      "I paid **$& and $1 and $$**.",
    );
  });
});
