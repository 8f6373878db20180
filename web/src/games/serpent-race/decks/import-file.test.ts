import { describe, expect, it } from "vitest";
import { loadSerpentDecks } from "../../../../../src/games/serpent-race/content/index";
import { DeckBody } from "../../../../../src/games/serpent-race/service/deck-schema";
import { type DeckForm, deckFromForm, gameDeckJson } from "./form";
import { type Imported, parseDeckFile } from "./import-file";

function ok(r: Imported): Extract<Imported, { ok: true }> {
  if (!r.ok) throw new Error(r.error);
  return r;
}
const refused = (r: Imported) => (r.ok ? null : r.error);
const strip = (f: DeckForm) => ({ ...f, cards: f.cards.map(({ key: _key, ...c }) => c) });

describe("importing a deck from a JSON file", () => {
  it("reads back every shipped deck and every deck it exported, as a new deck", () => {
    for (const d of loadSerpentDecks()) {
      const r = ok(parseDeckFile(JSON.stringify(d)));
      expect(r.problems).toEqual([]);
      expect(r.form).toMatchObject({ deckid: null, name: d.name, decktype: d.decktype, visibility: "private" });
      const { body, problems } = deckFromForm(r.form);
      expect(problems).toEqual([]);
      expect(body.cards).toEqual(d.cards);
      expect(DeckBody.safeParse(body).success).toBe(true);
      // Export, then import: the same deck again.
      const again = ok(parseDeckFile(gameDeckJson(r.form).json));
      expect(strip(again.form)).toEqual(strip(r.form));
    }
  });

  it("names it a copy when the file is a deck already in the list", () => {
    const d = loadSerpentDecks()[0]!;
    expect(ok(parseDeckFile(JSON.stringify(d), new Set([d.deckid]))).form.name).toBe(`${d.name} (copy)`);
    expect(ok(parseDeckFile(JSON.stringify({ ...d, name: undefined }))).form.name).toBe("Imported deck");
  });

  it("refuses what cannot be a deck, saying why", () => {
    expect(refused(parseDeckFile("{ not json"))).toMatch(/not JSON/);
    expect(refused(parseDeckFile("[1, 2]"))).toMatch(/holds no deck/);
    expect(refused(parseDeckFile(JSON.stringify({ decktype: 0 })))).toMatch(/holds no deck/);
    expect(refused(parseDeckFile(JSON.stringify({ decktype: 0, cards: [] })))).toMatch(/no cards/);
    expect(refused(parseDeckFile(JSON.stringify({ decktype: 0, cards: [{ type: 9, question: "?" }] })))).toMatch(
      /Card 1 has no card type/,
    );
    expect(refused(parseDeckFile(JSON.stringify({ decktype: 0, cards: ["text"] })))).toMatch(/Card 1 is not an object/);
    expect(refused(parseDeckFile(JSON.stringify({ decktype: 7, cards: [{ type: 0 }] })))).toMatch(/deck type/);
    const many = {
      decktype: 2,
      cards: Array.from({ length: 501 }, () => ({ type: 6, question: "x", consequence: { type: 0 } })),
    };
    expect(refused(parseDeckFile(JSON.stringify(many)))).toMatch(/at most 500/);
    expect(refused(parseDeckFile(" ".repeat(512 * 1024 + 1)))).toMatch(/larger/);
  });

  it("takes the document's names for types and its `text` for the question", () => {
    const file = {
      decktype: "NEGATIVE",
      cards: [
        { type: "QUIZ", text: "Pick", answer: ["w", "x", "y", "z"] },
        { type: "true_false", question: "Sky is blue", answer: "true" },
        { type: "CLOSER", question: "How many?", answer: 12 },
      ],
    };
    const r = ok(parseDeckFile(JSON.stringify(file)));
    expect(r.form.decktype).toBe(1);
    expect(r.form.cards.map((c) => c.type)).toEqual([0, 3, 4]);
    expect(r.form.cards[0]).toMatchObject({ question: "Pick", options: ["w", "x", "y", "z"], correct: null });
    expect(r.form.cards[1]!.truth).toBe(true);
    expect(r.form.cards[2]).toMatchObject({ closerCorrect: "12", closerPercent: "10" });
    expect(r.notes.join(" ")).toMatch(/10 percent/);
  });

  it("works out a missing deck type from the cards, and says so", () => {
    const luck = ok(
      parseDeckFile(
        JSON.stringify({ cards: [{ type: 6, question: "Go", consequence: { type: "EXTRA_TURN", value: 2 } }] }),
      ),
    );
    expect(luck.form.decktype).toBe(2);
    expect(luck.form.cards[0]).toMatchObject({ consequenceType: 3, consequenceValue: "2" });
    expect(luck.notes.join(" ")).toMatch(/names no deck type.*luck/);
    expect(ok(parseDeckFile(JSON.stringify({ cards: [{ type: 5, question: "Dance" }] }))).form.decktype).toBe(3);
    expect(
      ok(parseDeckFile(JSON.stringify({ cards: [{ type: 3, question: "?", answer: false }] }))).form.decktype,
    ).toBe(0);
  });

  it("leaves what is missing on a card blank, with a problem next to that card", () => {
    const file = {
      decktype: 0,
      cards: [
        { type: 0, question: "" },
        { type: 1, question: "Pairs?" },
        { type: 2, question: "Own?" },
        { type: 3, question: "TF?", answer: "maybe" },
        { type: 4, question: "Near?", answer: { percent: 5 } },
        { type: 6, question: "Luck in a question deck", consequence: { type: 0 } },
      ],
    };
    const r = ok(parseDeckFile(JSON.stringify(file)));
    const keys = r.form.cards.map((c) => c.key);
    expect(r.problems.map((p) => [keys.indexOf(p.card!), p.field])).toEqual([
      [0, "question"],
      [0, "answer"],
      [1, "answer"],
      [2, "answer"],
      [3, "answer"],
      [4, "answer.correct"],
      [5, "type"],
    ]);
  });

  it("drops repeated card ids and overlong subjects, and says so", () => {
    const card = { cardid: "x-001", type: 3, question: "?", answer: true, topic: "t".repeat(41) };
    const r = ok(parseDeckFile(JSON.stringify({ decktype: 0, cards: [card, card] })));
    expect(r.form.cards.map((c) => [c.cardid, c.topic])).toEqual([
      [null, ""],
      [null, ""],
    ]);
    expect(r.notes).toHaveLength(2);
  });
});
