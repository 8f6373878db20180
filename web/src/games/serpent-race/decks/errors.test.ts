import { describe, expect, it } from "vitest";
import { zodMessage } from "../../../../../src/engine/zod-message";
import { DeckBody } from "../../../../../src/games/serpent-race/service/deck-schema";
import { concerns, problemFromServer } from "./errors";
import { blankCard, blankDeck, type CardForm, type DeckForm, deckFromForm } from "./form";
import { CARD } from "./types";

/** What the server answers for this deck (its 400's `error`), from its own schema and formatter. */
function serverSays(form: DeckForm): string {
  const { body, problems } = deckFromForm(form);
  expect(problems).toEqual([]);
  const r = DeckBody.safeParse(body);
  if (r.success) throw new Error("the server would take this deck");
  return zodMessage(r.error);
}

const good = (): CardForm => ({ ...blankCard(CARD.TRUE_FALSE), question: "Fine", truth: true });
const deck = (bad: CardForm, decktype: DeckForm["decktype"] = 0): DeckForm => ({
  ...blankDeck(decktype),
  name: "Deck",
  cards: decktype === 0 ? [good(), good(), bad] : [bad],
});

/** The problem the editor shows for one bad card placed third in a deck. */
function shown(bad: CardForm, decktype: DeckForm["decktype"] = 0) {
  const form = deck(bad, decktype);
  return problemFromServer(serverSays(form), form.cards, form.decktype, "invalid_body");
}

describe("the server's validation errors, next to the card they concern", () => {
  it("anchors each card type's answer error to its card and field, in the editor's words", () => {
    const quiz = { ...blankCard(CARD.QUIZ), question: "Q", options: ["a", "b", "c", "d"] as CardForm["options"] };
    const cases: [CardForm, string, RegExp][] = [
      [quiz, "answer", /exactly one option/],
      [{ ...quiz, correct: "A", options: ["a", "b", " ", "d"] }, "answer.2.text", /Write option C/],
      [{ ...quiz, correct: "A", question: "  " }, "question", /Write the question/],
      [
        { ...blankCard(CARD.SENTENCE_PAIRING), question: "Q", pairs: [{ left: "a", right: "b" }] },
        "answer",
        /at least two pairs/,
      ],
      [
        {
          ...blankCard(CARD.SENTENCE_PAIRING),
          question: "Q",
          pairs: [
            { left: "a", right: "" },
            { left: "c", right: "d" },
          ],
        },
        "answer.0.right",
        /Pair 1: write both/,
      ],
      [
        { ...blankCard(CARD.SENTENCE_PAIRING), question: "Q", pairingMode: "sentence", sentence: " " },
        "answer",
        /Write the sentence/,
      ],
      [{ ...blankCard(CARD.OWN_ANSWER), question: "Q", accepted: ["", " "] }, "answer", /at least one accepted answer/],
      [
        { ...blankCard(CARD.CLOSER), question: "Q", closerCorrect: "5", closerPercent: "150" },
        "answer.percent",
        /between 0 and 100/,
      ],
    ];
    for (const [bad, field, message] of cases) {
      const p = shown(bad);
      expect(p, field).toMatchObject({ card: bad.key, field });
      expect(p.message, field).toMatch(message);
    }
  });

  it("covers luck and joker cards and cards of the wrong type", () => {
    const luck = { ...blankCard(CARD.LUCK), question: "" };
    expect(shown(luck, 2)).toMatchObject({
      card: luck.key,
      field: "question",
      message: expect.stringMatching(/says to the table/),
    });
    const joker = { ...blankCard(CARD.JOKER), question: "" };
    expect(shown(joker, 3)).toMatchObject({ card: joker.key, field: "question", message: "Write the task." });
    const stray = { ...blankCard(CARD.LUCK), question: "Move on" };
    expect(shown(stray)).toMatchObject({
      card: stray.key,
      field: "type",
      message: expect.stringMatching(/does not belong.*positive/i),
    });
  });

  it("keeps deck-wide problems on the deck", () => {
    const form = { ...deck(good()), name: " " };
    expect(problemFromServer(serverSays(form), form.cards, 0, "invalid_body")).toMatchObject({
      card: null,
      field: "name",
    });
    const twins = {
      ...deck(good()),
      cards: [
        { ...good(), cardid: "a" },
        { ...good(), cardid: "a" },
      ],
    };
    expect(problemFromServer(serverSays(twins), twins.cards, 0, "invalid_body")).toMatchObject({
      card: null,
      field: "cards",
      message: expect.stringMatching(/same card id/),
    });
  });

  it("shows other refusals as they are, on the deck", () => {
    const cards = deck(good()).cards;
    expect(
      problemFromServer("You can only share a deck with an organisation you belong to.", cards, 0, "not_a_member"),
    ).toEqual({
      card: null,
      field: "",
      message: "You can only share a deck with an organisation you belong to.",
    });
    // A path naming a card that is no longer there still says which one.
    expect(problemFromServer("cards.9.question: Too small", cards, 0, "invalid_body")).toMatchObject({
      card: null,
      message: /Card 10/,
    });
    // An unknown field keeps the server's message.
    expect(problemFromServer("cards.0.played: Unrecognized key", cards, 0).message).toMatch(/played/);
  });

  it("marks an input when a problem names it or something inside it", () => {
    const p = { card: "k", field: "answer.2.text", message: "" };
    expect([
      concerns(p, "answer"),
      concerns(p, "answer.2"),
      concerns(p, "answer.2.text"),
      concerns(p, "answer.1"),
      concerns(p, "ans"),
    ]).toEqual([true, true, true, false, false]);
    expect(concerns(undefined, "answer")).toBe(false);
  });
});

describe("a text over the server's limit", () => {
  it("is said in the server's words, anchored to its field", () => {
    const quiz = {
      ...blankCard(CARD.QUIZ),
      question: "Q",
      correct: "A" as const,
      options: ["a", "b", "c", "d"] as CardForm["options"],
    };
    const long = "x".repeat(501);
    expect(shown({ ...quiz, question: long })).toMatchObject({
      field: "question",
      message: "A question is at most 500 characters.",
    });
    expect(shown({ ...quiz, options: ["a", "b", "x".repeat(201), "d"] })).toMatchObject({
      field: "answer.2.text",
      message: "Option C: an answer is at most 200 characters.",
    });
    const own = { ...blankCard(CARD.OWN_ANSWER), question: "Q", accepted: ["ok", "y".repeat(201)] };
    expect(shown(own)).toMatchObject({
      field: "answer.1",
      message: "Accepted answer 2: an answer is at most 200 characters.",
    });
  });
});
