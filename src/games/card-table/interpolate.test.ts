import { describe, expect, it } from "vitest";
import { loadPacks, packChecks, readPackFiles } from "./content/index";
import type { Card } from "./content/schema";
import { fillBlank, interpolatePrompt, lowerable } from "./interpolate";

const black = (text: string, pick?: number, blanks?: number): Card => ({
  id: "b",
  type: "black",
  properties: { text, ...(pick === undefined ? {} : { pick }), ...(blanks === undefined ? {} : { blanks }) },
});
const white = (text: string, id = text.toLowerCase().replace(/[^a-z0-9]+/g, "-"), proper?: boolean): Card => ({
  id,
  type: "white",
  properties: { text, ...(proper === undefined ? {} : { proper }) },
});

describe("interpolatePrompt (the document's algorithm)", () => {
  it("fills one blank with the answer in bold", () => {
    expect(interpolatePrompt(black("I never leave home without _____.", 1, 1), [white("A rubber duck")])).toBe(
      "I never leave home without **a rubber duck**.",
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

describe("answers read naturally in their blank", () => {
  const never = black("Never trust _____, and always carry a spare sock.", 1, 1);

  it("the issue's example: no full stop before the comma, no capital mid-sentence", () => {
    expect(interpolatePrompt(never, [white("A tuba solo.")])).toBe(
      "Never trust **a tuba solo**, and always carry a spare sock.",
    );
  });

  it("drops the final full stop before any punctuation, and before more words", () => {
    for (const p of [".", ",", "!", "?", ";", ":"])
      expect(interpolatePrompt(black(`It was _____${p}`, 1, 1), [white("A tuba solo.")])).toBe(
        `It was **a tuba solo**${p}`,
      );
    expect(interpolatePrompt(black("_____ and _____ walk into a bar.", 2, 2), [white("A cat."), white("A dog.")])).toBe(
      "**A cat** and **a dog** walk into a bar.",
    );
  });

  it("keeps the full stop where the prompt ends at the blank or a new sentence follows", () => {
    expect(interpolatePrompt(black("My motto: _____", 1, 1), [white("Nap often.")])).toBe("My motto: **Nap often.**");
    expect(interpolatePrompt(black("Step 1: _____ Step 2: _____", 2, 2), [white("Run."), white("Hide.")])).toBe(
      "Step 1: **Run.** Step 2: **Hide.**",
    );
  });

  it("keeps an ellipsis, and a full stop inside a quote goes the same way", () => {
    expect(interpolatePrompt(black("He said _____, then left.", 1, 1), [white("Well...")])).toBe(
      "He said **Well...**, then left.",
    );
    expect(interpolatePrompt(black("She wrote _____, then left.", 1, 1), [white('"Per my last email."')])).toBe(
      'She wrote **"Per my last email"**, then left.',
    );
  });

  it("keeps an answer's ! or ?, writing the sentence's end only once", () => {
    expect(interpolatePrompt(black("Today's lesson: _____.", 1, 1), [white("Too much glitter!")])).toBe(
      "Today's lesson: **too much glitter!**",
    );
    expect(interpolatePrompt(black("Today's lesson: _____.", 1, 1), [white("Run!")])).toBe("Today's lesson: **Run!**");
    expect(interpolatePrompt(black("Who shouted _____?", 1, 1), [white("Are we there yet?")])).toBe(
      "Who shouted **Are we there yet?**",
    );
    expect(interpolatePrompt(black("Who shouted _____!", 1, 1), [white("What?")])).toBe("Who shouted **what?**!");
    expect(interpolatePrompt(black("It was _____, and then", 1, 1), [white("Boom!")])).toBe(
      "It was **Boom!**, and then",
    );
  });

  it("keeps the capital at the start of a sentence or a quote", () => {
    expect(interpolatePrompt(black("_____. That's my secret.", 1, 1), [white("A tuba solo.")])).toBe(
      "**A tuba solo**. That's my secret.",
    );
    expect(interpolatePrompt(black("It rained. _____ saved us.", 1, 1), [white("The goose.")])).toBe(
      "It rained. **The goose** saved us.",
    );
    expect(interpolatePrompt(black('My motto is "_____" forever.', 1, 1), [white("A tuba solo.")])).toBe(
      'My motto is "**A tuba solo**" forever.',
    );
  });

  it("keeps the capital of proper nouns, I, acronyms and abbreviations", () => {
    const mid = (card: Card) => interpolatePrompt(black("I blame _____.", 1, 1), [card]);
    expect(mid(white("Grandma's casserole.", "g", true))).toBe("I blame **Grandma's casserole**.");
    expect(mid(white("The Beatles.", "b", true))).toBe("I blame **The Beatles**.");
    expect(mid(white("I'm not mad, just disappointed."))).toBe("I blame **I'm not mad, just disappointed**.");
    expect(mid(white("I, for one, welcome it."))).toBe("I blame **I, for one, welcome it**.");
    expect(mid(white("NASA's budget."))).toBe("I blame **NASA's budget**.");
    expect(mid(white("McDonald's."))).toBe("I blame **McDonald's**.");
    expect(mid(white("T-shirt cannons."))).toBe("I blame **T-shirt cannons**.");
    expect(mid(white("Dr. Snuggles."))).toBe("I blame **Dr. Snuggles**.");
    expect(mid(white("iPhones."))).toBe("I blame **iPhones**.");
  });

  it("without a mark, lowers only common words (an imported pack's names keep their capital)", () => {
    expect(lowerable(white("Paris in the spring."))).toBe(false);
    expect(lowerable(white("Oprah."))).toBe(false);
    expect(lowerable(white("Pickles in a jar."))).toBe(false);
    expect(lowerable(white("The last slice."))).toBe(true);
    expect(lowerable(white("Some guy named Kevin."))).toBe(true);
    expect(lowerable(white("Being chased by a goose."))).toBe(true);
    expect(lowerable(white("Three raccoons."))).toBe(true);
    expect(lowerable(white("Dad's socks."))).toBe(false);
    expect(lowerable(white("Forgetting the words."))).toBe(true);
    // A card may say so itself: proper false lowers any plain word.
    expect(lowerable(white("Pickles in a jar.", "p", false))).toBe(true);
    expect(lowerable(white("NASA.", "n", false))).toBe(false);
  });

  it("fillBlank says how much of the prompt to skip after an answer ending in ! or ?", () => {
    expect(fillBlank(white("Run!"), "Lesson: ", ". Next")).toEqual({ text: "Run!", skip: 1 });
    expect(fillBlank(white("Run!"), "Lesson: ", ", next")).toEqual({ text: "Run!", skip: 0 });
    expect(fillBlank(white("A nap."), "", "")).toEqual({ text: "A nap.", skip: 0 });
  });
});

describe("the shipped packs in a blank", () => {
  const answers = loadPacks().flatMap((p) => p.cards.white ?? []);

  it("every answer reads without a stray full stop or a capital mid-sentence (unless marked)", () => {
    expect(answers.length).toBeGreaterThanOrEqual(500);
    for (const card of answers) {
      const text = interpolatePrompt(black("Never trust _____, and never look back.", 1, 1), [card]);
      expect(text, card.id).not.toMatch(/\.\*\*,|\.["”]\*\*,/);
      const first = text.slice("Never trust **".length).charAt(0);
      if (card.properties.proper === true) expect(first, card.id).toBe(card.properties.text?.charAt(0));
      if (/^(A|An|The|My) /.test(card.properties.text ?? "")) expect(first, card.id).toMatch(/[a-z]/);
    }
  });

  it("answers that start with a name keep their capital, marked or not", () => {
    // The shipped answers whose first word is a name (people, places, titles): the ones to mark
    // `proper: true` once the community round trip carries the mark (see the README).
    const names = [
      "base-w-002",
      "base-w-012",
      "base-w-020",
      "base-w-038",
      "base-w-075",
      "base-w-140",
      "base-w-152",
      "base-w-211",
      "base-w-325",
      "space-and-science-w-008",
      "space-and-science-w-018",
      "space-and-science-w-033",
      "space-and-science-w-067",
    ];
    for (const id of names) {
      const card = answers.find((c) => c.id === id)!;
      expect(lowerable(card), id).toBe(false);
      expect(lowerable({ ...card, properties: { ...card.properties, proper: true } }), id).toBe(false);
    }
  });

  it("the content check refuses a mark that is not true, or not on an answer", () => {
    const name = "proper-noun marks: true, on answers that start with a capital";
    const failing = (mutate: (cards: { white: Card[]; black: Card[] }) => void) => {
      const fs = structuredClone(readPackFiles());
      mutate((fs[0]!.data as { cards: { white: Card[]; black: Card[] } }).cards);
      return packChecks(fs).find((c) => c.name === name)?.ok;
    };
    expect(failing(() => {})).toBe(true);
    expect(failing((c) => (c.white[0]!.properties.proper = false))).toBe(false);
    expect(failing((c) => (c.black[0]!.properties.proper = true))).toBe(false);
  });
});
