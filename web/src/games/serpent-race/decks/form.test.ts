import { describe, expect, it } from "vitest";
import { loadSerpentDecks } from "../../../../../src/games/serpent-race/content/index";
import { DeckBody } from "../../../../../src/games/serpent-race/service/deck-schema";
import { answerLines, consequenceText } from "./describe";
import {
  blankCard,
  blankDeck,
  type CardForm,
  closerRange,
  type DeckForm,
  deckFromForm,
  duplicateForm,
  fileName,
  formFromDeck,
  gameDeckJson,
  readNumber,
  retype,
  withDeckType,
} from "./form";
import { CARD, type StoredDeck } from "./types";

/** A shipped deck as the server hands out a deck to its owner (GET /api/v1/decks/:id). */
function stored(i: number): StoredDeck {
  const d = loadSerpentDecks()[i]!;
  return {
    deckid: d.deckid,
    version: 1,
    name: d.name,
    decktype: d.decktype,
    cardCount: d.cards.length,
    visibility: "public",
    orgid: null,
    builtin: true,
    mine: false,
    withAnswers: true,
    cards: d.cards,
  };
}

const deckOf = (...cards: CardForm[]): DeckForm => ({ ...blankDeck(0), name: "Mine", cards });

/** A quiz card answering a, b, c, d, the right one `correct`. */
const quizOf = (correct: "A" | "B" | "C" | "D", question = ""): CardForm => ({
  ...blankCard(CARD.QUIZ),
  question,
  options: ["a", "b", "c", "d"],
  correct,
});

describe("form ↔ deck", () => {
  it("gives back every shipped deck's cards unchanged, and the server takes them", () => {
    for (const [i, d] of loadSerpentDecks().entries()) {
      const { body, problems } = deckFromForm(formFromDeck(stored(i)));
      expect(problems).toEqual([]);
      expect(body.cards).toEqual(d.cards);
      expect(body).toMatchObject({ name: d.name, decktype: d.decktype, visibility: "public" });
      expect(DeckBody.safeParse(body).success).toBe(true);
    }
  });

  it("covers all seven card types in the shipped decks", () => {
    const types = new Set(loadSerpentDecks().flatMap((d) => d.cards.map((c) => c.type)));
    expect([...types].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("writes each card type in its own answer format, trimmed, and nothing else", () => {
    const quiz = {
      ...blankCard(CARD.QUIZ),
      question: " Capital of France? ",
      options: [" Paris", "Rome", "Oslo", "Bern "] as CardForm["options"],
      correct: "A" as const,
      topic: "geography",
    };
    const pairs = {
      ...blankCard(CARD.SENTENCE_PAIRING),
      question: "Match",
      pairs: [
        { left: "Frog", right: "Amphibian" },
        { left: "", right: "" },
        { left: "Owl", right: " Bird" },
      ],
    };
    const sentence = {
      ...blankCard(CARD.SENTENCE_PAIRING),
      question: "Order",
      pairingMode: "sentence" as const,
      sentence: "  The  quick fox ",
    };
    const own = {
      ...blankCard(CARD.OWN_ANSWER),
      question: "Largest ocean?",
      accepted: ["Pacific", " ", "the Pacific Ocean "],
    };
    const tf = { ...blankCard(CARD.TRUE_FALSE), question: "Water boils at 100 °C at sea level.", truth: true };
    const closer = {
      ...blankCard(CARD.CLOSER),
      question: "Bones in an adult?",
      closerCorrect: "206",
      closerPercent: "2,5",
    };
    const { body, problems } = deckFromForm(deckOf(quiz, pairs, sentence, own, tf, closer));
    expect(problems).toEqual([]);
    expect(body.cards).toEqual([
      {
        question: "Capital of France?",
        topic: "geography",
        type: 0,
        answer: [
          { answer: "A", text: "Paris", correct: true },
          { answer: "B", text: "Rome", correct: false },
          { answer: "C", text: "Oslo", correct: false },
          { answer: "D", text: "Bern", correct: false },
        ],
      },
      {
        question: "Match",
        type: 1,
        answer: [
          { left: "Frog", right: "Amphibian" },
          { left: "Owl", right: "Bird" },
        ],
      },
      { question: "Order", type: 1, answer: "The quick fox" },
      { question: "Largest ocean?", type: 2, answer: ["Pacific", "the Pacific Ocean"] },
      { question: "Water boils at 100 °C at sea level.", type: 3, answer: true },
      { question: "Bones in an adult?", type: 4, answer: { correct: 206, percent: 2.5 } },
    ]);
    expect(DeckBody.safeParse(body).success).toBe(true);
  });

  it("writes luck and joker consequences, with the value only where it counts", () => {
    const luck = (consequenceType: CardForm["consequenceType"], consequenceValue: string) => ({
      ...blankCard(CARD.LUCK),
      question: "Something happens",
      topic: "ignored for luck",
      consequenceType,
      consequenceValue,
    });
    const deck = { ...blankDeck(2), name: "Luck", cards: [luck(0, "3"), luck(2, ""), luck(5, "4")] };
    const { body, problems } = deckFromForm(deck);
    expect(problems).toEqual([]);
    expect(body.cards).toEqual([
      { question: "Something happens", type: 6, consequence: { type: 0, value: 3 } },
      { question: "Something happens", type: 6, consequence: { type: 2 } },
      { question: "Something happens", type: 6, consequence: { type: 5 } },
    ]);
    expect(DeckBody.safeParse(body).success).toBe(true);

    const joker = { ...blankCard(CARD.JOKER), question: "Sing a song" };
    expect(joker.consequenceType).toBeNull();
    const jokers = deckFromForm({
      ...blankDeck(3),
      name: "J",
      cards: [joker, { ...joker, consequenceType: 3, consequenceValue: "2" }],
    });
    expect(jokers.body.cards).toEqual([
      { question: "Sing a song", type: 5, consequence: null },
      { question: "Sing a song", type: 5, consequence: { type: 3, value: 2 } },
    ]);
    expect(DeckBody.safeParse(jokers.body).success).toBe(true);
  });

  it("names what the inputs cannot say, next to the card, instead of sending it", () => {
    const tf = { ...blankCard(CARD.TRUE_FALSE), question: "?" };
    const closer = { ...blankCard(CARD.CLOSER), question: "?", closerCorrect: "", closerPercent: "ten" };
    const luck = { ...blankCard(CARD.LUCK), question: "?", consequenceValue: "1.5" };
    const { problems } = deckFromForm(deckOf(tf, closer, luck));
    expect(problems.map((p) => [p.card, p.field])).toEqual([
      [tf.key, "answer"],
      [closer.key, "answer.correct"],
      [closer.key, "answer.percent"],
      [luck.key, "consequence.value"],
    ]);
    const org = deckFromForm({ ...deckOf({ ...tf, truth: false }), visibility: "org", orgid: null });
    expect(org.problems).toEqual([{ card: null, field: "orgid", message: expect.stringMatching(/organisation/) }]);
  });

  it("sends sharing as the server reads it", () => {
    const card = { ...blankCard(CARD.TRUE_FALSE), question: "?", truth: true };
    expect(deckFromForm({ ...deckOf(card), visibility: "org", orgid: "o1" }).body).toMatchObject({
      visibility: "org",
      orgid: "o1",
    });
    expect(deckFromForm({ ...deckOf(card), visibility: "public", orgid: "o1" }).body).not.toHaveProperty("orgid");
  });

  it("keeps a card's other answers when its type changes, and a deck type converts what it cannot hold", () => {
    const quiz = quizOf("C", "Q");
    const asTf = retype(quiz, CARD.TRUE_FALSE);
    expect(retype(asTf, CARD.QUIZ)).toEqual(quiz);
    const luckDeck = withDeckType(deckOf(quiz), 2);
    expect(luckDeck.cards[0]).toMatchObject({ type: CARD.LUCK, question: "Q", consequenceType: 0 });
    expect(withDeckType(luckDeck, 0).cards[0]!.type).toBe(CARD.QUIZ);
    expect(withDeckType(deckOf(quiz), 1).cards[0]).toBe(quiz);
  });

  it("duplicates as a private, unsaved copy with new keys", () => {
    const f = formFromDeck(stored(0));
    const copy = duplicateForm(f);
    expect(copy).toMatchObject({ deckid: null, visibility: "private", orgid: null, name: `${f.name} (copy)` });
    expect(copy.cards.map((c) => c.key)).not.toContain(f.cards[0]!.key);
    expect(deckFromForm(copy).body.cards).toEqual(deckFromForm(f).body.cards);
    expect(duplicateForm({ ...f, name: "x".repeat(80) }).name).toHaveLength(80);
  });

  it("exports the document's GameDeck", () => {
    const f = formFromDeck(stored(1));
    const out = JSON.parse(gameDeckJson(f).json);
    expect(Object.keys(out)).toEqual(["deckid", "name", "decktype", "cards"]);
    expect(out.cards).toEqual(loadSerpentDecks()[1]!.cards);
    expect(JSON.parse(gameDeckJson({ ...f, deckid: null }).json)).not.toHaveProperty("deckid");
    expect(fileName("Sciénce & Language!")).toBe("science-language.serpent-deck.json");
    expect(fileName("???")).toBe("deck.serpent-deck.json");
  });

  it("reads numbers as people type them, and shows a closest-number card's range", () => {
    expect([readNumber("42"), readNumber(" -3.5 "), readNumber("2,5"), readNumber("1e3"), readNumber(".5")]).toEqual([
      42, -3.5, 2.5, 1000, 0.5,
    ]);
    for (const bad of ["", "abc", "12abc", "1.2.3", "Infinity", "0x10"]) expect(readNumber(bad)).toBeNull();
    expect(closerRange({ ...blankCard(CARD.CLOSER), closerCorrect: "42", closerPercent: "10" })).toEqual({
      low: 37.8,
      high: 46.2,
    });
    expect(closerRange({ ...blankCard(CARD.CLOSER), closerCorrect: "-20", closerPercent: "5" })).toEqual({
      low: -21,
      high: -19,
    });
    expect(closerRange({ ...blankCard(CARD.CLOSER), closerCorrect: "", closerPercent: "5" })).toBeNull();
  });

  it("describes cards in words for a deck one can only read", () => {
    const said: [Parameters<typeof consequenceText>[0], string, string][] = [
      [0, "1", "Move forward 1 field"],
      [1, "3", "Move back 3 fields"],
      [2, "", "Lose 1 turn"],
      [3, "2", "Gain 2 extra turns"],
      [5, "9", "Back to start"],
      [null, "1", "No consequence"],
    ];
    for (const [type, value, text] of said) expect(consequenceText(type, value)).toBe(text);
    const quiz = quizOf("B");
    expect(answerLines(quiz)[1]).toMatch(/^B\. b .*right/);
  });
});

describe("a deck read without its answers (someone else's)", () => {
  it("fills the questions and a luck card's consequence; the answers' inputs stay empty for the copy's owner to write", () => {
    const f = formFromDeck({
      ...stored(0),
      withAnswers: false,
      cards: [
        { cardid: "a-1", type: CARD.QUIZ, question: "Which is a planet?" },
        { cardid: "a-2", type: CARD.TRUE_FALSE, question: "Ice floats.", topic: "science" },
        { cardid: "a-3", type: CARD.LUCK, question: "Move on 2.", consequence: { type: 0, value: 2 } },
      ],
    });
    expect(f.cards.map((c) => c.question)).toEqual(["Which is a planet?", "Ice floats.", "Move on 2."]);
    expect(f.cards[0]).toMatchObject({ options: ["", "", "", ""], correct: null });
    expect(f.cards[1]).toMatchObject({ truth: null, topic: "science" });
    expect(f.cards[2]).toMatchObject({ consequenceType: 0, consequenceValue: "2" });
  });
});
