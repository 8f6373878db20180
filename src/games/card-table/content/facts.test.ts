import { describe, expect, it } from "vitest";
import { loadPacks, packById } from "./index";
import { BLANK, type Card } from "./schema";

/**
 * Spot checks on the shipped packs. There are no real-world facts here, so these pin
 * known cards and the format promises the engine relies on (blanks, picks, ids, text shape).
 */

function card(packId: string, id: string): Card {
  const found = Object.values(packById(packId)?.cards ?? {})
    .flat()
    .find((c) => c.id === id);
  if (!found) throw new Error(`no card ${id} in ${packId}`);
  return found;
}

const allCards = () => loadPacks().flatMap((p) => Object.values(p.cards).flat());
const blackCards = () => allCards().filter((c) => c.type === "black");
const whiteCards = () => allCards().filter((c) => c.type === "white");

/** The document's interpolation, as the engine will apply it: fill blanks in order, append the rest. */
function interpolate(prompt: Card, answers: string[]): string {
  let result = prompt.properties.text ?? "";
  const blanks = prompt.properties.blanks ?? prompt.properties.pick ?? 1;
  for (let i = 0; i < blanks && i < answers.length; i++) result = result.replace(BLANK, `**${answers[i]}**`);
  if (answers.length > blanks) result += ` ${answers.slice(blanks).join(" ")}`;
  return result;
}

describe("shipped packs", () => {
  it("are the base pack followed by the expansions in file order", () => {
    expect(loadPacks().map((p) => p.id)).toEqual(["base", "office-life", "space-and-science"]);
  });

  it("name each expansion", () => {
    expect(packById("office-life")?.name).toBe("Office Life");
    expect(packById("space-and-science")?.name).toBe("Space and Science");
  });

  it("call the base pack Base Pack and give every pack a description", () => {
    expect(packById("base")?.name).toBe("Base Pack");
    for (const pack of loadPacks()) expect(pack.description?.length).toBeGreaterThan(20);
  });

  it("are all marked unofficial, being original content", () => {
    expect(loadPacks().every((p) => p.official === false)).toBe(true);
  });

  it("have no pack for an unknown id", () => {
    expect(packById("no-such-pack")).toBeUndefined();
  });

  it("hold only the two CAH decks", () => {
    for (const pack of loadPacks()) expect(Object.keys(pack.cards).sort()).toEqual(["black", "white"]);
  });
});

describe("known cards", () => {
  it("the first answer in the base pack", () => {
    expect(card("base", "base-w-001").properties.text).toBe("A sock puppet with a law degree.");
  });

  it("the sandwich prompt is a pick-3 with three blanks", () => {
    const sandwich = card("base", "base-b-097");
    expect(sandwich.properties).toMatchObject({ pick: 3, blanks: 3 });
    expect(sandwich.properties.text?.split(BLANK)).toHaveLength(4);
  });

  it("the magic-potion prompt is a pick-3 with no blanks", () => {
    expect(card("base", "base-b-103").properties).toMatchObject({
      text: "Pick three ingredients for a magic potion.",
      pick: 3,
      blanks: 0,
    });
  });

  it("the lunchbox prompt asks for two answers with no blanks", () => {
    expect(card("base", "base-b-094").properties).toMatchObject({ pick: 2, blanks: 0 });
  });

  it("the mascot prompt has one blank but takes two answers", () => {
    expect(card("base", "base-b-095").properties).toMatchObject({ pick: 2, blanks: 1 });
  });

  it("a plain question is pick 1 with no blanks", () => {
    expect(card("base", "base-b-007").properties).toEqual({ text: "What's hiding under my bed?", pick: 1, blanks: 0 });
  });

  it("a prompt may open with its blank", () => {
    expect(card("base", "base-b-026").properties.text?.startsWith(BLANK)).toBe(true);
  });

  it("the Newton prompt in Space and Science is a pick-2 with two blanks", () => {
    expect(card("space-and-science", "space-and-science-b-019").properties).toMatchObject({ pick: 2, blanks: 2 });
  });

  it("the to-do list in Office Life is a pick-3", () => {
    expect(card("office-life", "office-life-b-023").properties).toMatchObject({ pick: 3, blanks: 3 });
  });
});

describe("interpolation-ready text", () => {
  it("fills a two-blank prompt in order", () => {
    const out = interpolate(card("base", "base-b-081"), ["A tuba solo.", "Brain freeze."]);
    expect(out).toBe("The recipe calls for two cups of **A tuba solo.** and a pinch of **Brain freeze.**.");
  });

  it("appends the extra answer when pick exceeds blanks", () => {
    const out = interpolate(card("base", "base-b-095"), ["A goat on the roof.", "Jazz hands."]);
    expect(out).toBe("Our new school mascot is **A goat on the roof.**. Its battle cry is: Jazz hands.");
  });

  it("leaves no blank behind on any prompt once it has its picks", () => {
    for (const prompt of blackCards()) {
      const answers = Array.from({ length: prompt.properties.pick ?? 1 }, (_, i) => `Answer ${i}.`);
      expect(interpolate(prompt, answers), prompt.id).not.toContain("_");
    }
  });

  it("answers carry no bold markers or underscores that would break the display", () => {
    for (const answer of whiteCards()) expect(answer.properties.text, answer.id).not.toMatch(/\*|_/);
  });

  it("every prompt ends in punctuation", () => {
    for (const prompt of blackCards()) expect(prompt.properties.text, prompt.id).toMatch(/[.?!:]$/);
  });

  it("no text holds a tab, newline or double space", () => {
    for (const c of allCards()) expect(c.properties.text, c.id).not.toMatch(/\t|\n| {2}/);
  });
});

describe("ids and spread", () => {
  it("card ids start with their pack id", () => {
    for (const pack of loadPacks()) {
      for (const c of Object.values(pack.cards).flat()) expect(c.id.startsWith(`${pack.id}-`), c.id).toBe(true);
    }
  });

  it("no two prompts in any pack share a text", () => {
    const seen = blackCards().map((c) => c.properties.text);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("each expansion has at least one pick-2 and one pick-3", () => {
    for (const id of ["office-life", "space-and-science"]) {
      const picks = (packById(id)?.cards.black ?? []).map((c) => c.properties.pick);
      expect(picks, id).toContain(2);
      expect(picks, id).toContain(3);
    }
  });

  it("most base prompts take a single answer", () => {
    const picks = (packById("base")?.cards.black ?? []).map((c) => c.properties.pick);
    expect(picks.filter((p) => p === 1).length).toBeGreaterThan(picks.length / 2);
  });
});
