import { describe, expect, it } from "vitest";
import { seedRng } from "../../engine/rng";
import { cardData, type Judged, judge, prepare, withinPercent } from "./answers";
import { DeckType } from "./content/schema";
import type { QuestionCard } from "./options";
import { answer, CARD, events, last, messages, plainBoard, race, rollAndDraw, setField, testDecks } from "./test-kit";
import type { CardData } from "./wire";

const card = (id: string) => testDecks[0]?.cards.find((c) => c.cardid === `pos-${id}`) as QuestionCard;
const judged = (id: string, a: unknown) => judge(card(id), a) as Judged;
const invalid = (id: string, a: unknown) => "invalid" in judge(card(id), a);
const oneLine = (s: string) => s.replace(/\s+/g, " ");

describe("QUIZ: the letter of an option", () => {
  it.each([
    ["B", true],
    ["b", true],
    [" B ", true],
    ["A", false],
    ["D", false],
  ])("%j is right: %s", (a, right) => {
    expect(judged(CARD.quiz, a)).toMatchObject({ isCorrect: right, correctAnswer: "B" });
  });

  it.each([["E"], [""], [1], [null], [["B"]], [{ answer: "B" }]])("%j is not an answer", (a) => {
    expect(invalid(CARD.quiz, a)).toBe(true);
  });
});

describe("SENTENCE_PAIRING, new format: left parts matched to right parts", () => {
  const pairs = (rights: string[]) =>
    ["Apple", "Banana", "Orange", "Grape"].map((left, i) => ({
      pairId: `pair_${i}`,
      leftText: left,
      rightText: rights[i],
    }));

  it("all four right: the document's explanation", () => {
    const r = judged(CARD.pairs, pairs(["Red", "Yellow", "Orange", "Purple"]));
    expect(r.isCorrect).toBe(true);
    expect(oneLine(r.message)).toBe(
      '✅ Perfect! All 4 pairs matched correctly! ✓ "Apple" → "Red" ✓ "Banana" → "Yellow" ✓ "Orange" → "Orange" ✓ "Grape" → "Purple"',
    );
    expect(r.correctAnswer).toEqual([
      { left: "Apple", right: "Red" },
      { left: "Banana", right: "Yellow" },
      { left: "Orange", right: "Orange" },
      { left: "Grape", right: "Purple" },
    ]);
  });

  it("two of four: wrong, with the document's partial-match explanation", () => {
    const r = judged(CARD.pairs, pairs(["Red", "Purple", "Yellow", "Purple"]));
    expect(r.isCorrect).toBe(false);
    expect(oneLine(r.message)).toBe(
      '❌ Only 2/4 pairs correct: ✓ "Apple" → "Red" ✗ "Banana" → "Purple" (should be "Yellow") ✗ "Orange" → "Yellow" (should be "Orange") ✓ "Grape" → "Purple"',
    );
  });

  it("compares trimmed and case-insensitively, and finds each left part whatever the order", () => {
    const answer = pairs([" red", "YELLOW ", "orange", "Purple"]).reverse();
    expect(judged(CARD.pairs, answer).isCorrect).toBe(true);
  });

  it("falls back on pairId when the left text is missing; a missing pair is wrong", () => {
    const byId = pairs(["Red", "Yellow", "Orange", "Purple"]).map(({ pairId, rightText }) => ({ pairId, rightText }));
    expect(judged(CARD.pairs, byId).isCorrect).toBe(true);
    const three = judged(CARD.pairs, pairs(["Red", "Yellow", "Orange", "Purple"]).slice(0, 3));
    expect(three.isCorrect).toBe(false);
    expect(oneLine(three.message)).toContain('✗ "Grape" → (no answer) (should be "Purple")');
  });

  it.each([["Red Yellow Orange Purple"], [[1, 2]], [[{ pairId: "pair_0" }]], [null]])("%j is not an answer", (a) => {
    expect(invalid(CARD.pairs, a)).toBe(true);
  });

  it("the player is shown left parts in order and right parts scrambled, never in the right order", () => {
    for (const seed of ["1", "2", "3", "4", "5", "6", "7", "8"]) {
      const c = card(CARD.pairs);
      const data = cardData(c, prepare(c, seedRng(seed)), 60, "c1");
      expect(data.sentencePairs?.map((p) => p.left)).toEqual(["Apple", "Banana", "Orange", "Grape"]);
      expect(data.sentencePairs?.map((p) => p.id)).toEqual(["pair_0", "pair_1", "pair_2", "pair_3"]);
      const rights = data.sentencePairs?.map((p) => p.right);
      expect([...(rights ?? [])].sort()).toEqual(["Orange", "Purple", "Red", "Yellow"]);
      expect(rights).not.toEqual(["Red", "Yellow", "Orange", "Purple"]);
      expect(JSON.stringify(data)).not.toMatch(/correct|answer/);
    }
  });
});

describe("SENTENCE_PAIRING, legacy format: scrambled words", () => {
  const sentence = "The quick brown fox jumps over the lazy dog";

  it("accepts the words as a list or as one string", () => {
    expect(judged(CARD.legacy, sentence.split(" ")).isCorrect).toBe(true);
    expect(judged(CARD.legacy, sentence).isCorrect).toBe(true);
    expect(judged(CARD.legacy, `  ${sentence.toLowerCase()}  `).isCorrect).toBe(true);
    expect(judged(CARD.legacy, "The quick brown fox jumps over the dog lazy")).toMatchObject({
      isCorrect: false,
      correctAnswer: sentence,
    });
  });

  it.each([[42], [[1, "two"]], [{ words: [] }]])("%j is not an answer", (a) => {
    expect(invalid(CARD.legacy, a)).toBe(true);
  });

  it("shows the words scrambled, with the document's prompt when the card has no question", () => {
    for (const seed of ["1", "2", "3", "4", "5"]) {
      const c = card(CARD.legacy);
      const data = cardData(c, prepare(c, seedRng(seed)), 60, "c1");
      expect(data.question).toBe("Arrange the words to form a sentence:");
      expect([...(data.words ?? [])].sort()).toEqual(sentence.split(" ").sort());
      expect(data.words?.join(" ")).not.toBe(sentence);
    }
  });
});

describe("OWN_ANSWER: any of the accepted answers", () => {
  it.each([
    ["Jupiter", true],
    ["  jupiter ", true],
    ["Planet   Jupiter", true],
    ["Saturn", false],
    ["", false],
  ])("%j is right: %s", (a, right) => {
    expect(judged(CARD.own, a)).toMatchObject({ isCorrect: right, correctAnswer: ["Jupiter", "planet Jupiter"] });
  });

  it("refuses what is not text, and text over 500 characters", () => {
    expect(invalid(CARD.own, null)).toBe(true);
    expect(invalid(CARD.own, ["Jupiter"])).toBe(true);
    expect(invalid(CARD.own, "x".repeat(501))).toBe(true);
  });
});

describe("TRUE_FALSE: a boolean or its text", () => {
  it.each([
    [true, true],
    ["true", true],
    [" TRUE ", true],
    [false, false],
    ["false", false],
  ])("%j is right: %s", (a, right) => {
    expect(judged(CARD.trueFalse, a)).toMatchObject({ isCorrect: right, correctAnswer: true });
  });

  it.each([["yes"], [1], [null]])("%j is not an answer", (a) => {
    expect(invalid(CARD.trueFalse, a)).toBe(true);
  });
});

describe("CLOSER: within the card's percentage", () => {
  it.each([
    [42, true],
    [40, true],
    [37.8, true],
    [46.2, true],
    ["44", true],
    [37.7, false],
    [46.3, false],
    [0, false],
  ])("%j against 42 ± 10 %% is right: %s", (a, right) => {
    expect(judged(CARD.closer, a)).toMatchObject({ isCorrect: right, correctAnswer: 42 });
  });

  it("works around negative numbers and with 0 % (exact)", () => {
    expect(withinPercent(-55, -50, 10)).toBe(true);
    expect(withinPercent(-56, -50, 10)).toBe(false);
    expect(withinPercent(7, 7, 0)).toBe(true);
    expect(withinPercent(7.01, 7, 0)).toBe(false);
  });

  it.each([["forty"], [""], [null], [Number.NaN], [Number.POSITIVE_INFINITY]])("%j is not an answer", (a) => {
    expect(invalid(CARD.closer, a)).toBe(true);
  });
});

describe("each card type in a game", () => {
  const cases: [string, unknown, unknown][] = [
    [CARD.quiz, "C", "B"],
    [CARD.pairs, [], null],
    [CARD.legacy, "dog lazy", null],
    [CARD.own, "Mars", null],
    [CARD.trueFalse, "false", true],
    [CARD.closer, 10, 42],
  ];

  it.each(cases)("%s: card-drawn-self without the answer, validation after the answer", (id, wrong, correct) => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setField(t, 3, "positive", 1);
    rollAndDraw(t, "P1", 3, DeckType.POSITIVE, `pos-${id}`);
    const self = messages(t).filter((m) => m.event === "game:card-drawn-self");
    expect(self).toHaveLength(1);
    expect(self[0]?.to).toEqual({ seat: "P1" });
    const data = last(t, "game:card-drawn-self").cardData as CardData;
    // The game's own id for the first card drawn, never the deck's.
    expect(data.cardid).toBe("c1");
    expect(JSON.stringify(data)).not.toMatch(/"correct"|"percent"|"answer":\s*(true|false|\[)/);
    expect(events(t, "game:answer-validated")).toHaveLength(0);
    answer(t, "P1", wrong);
    const v = last(t, "game:answer-validated");
    expect(v.isCorrect).toBe(false);
    if (correct !== null) expect(v.correctAnswer).toEqual(correct);
    // Positive field, wrong answer: no movement.
    expect(last(t, "game:no-movement")).toMatchObject({ playerId: "P1", reason: "Wrong answer on positive field" });
    expect(t.state.players[0]?.answers).toEqual({
      [last(t, "game:card-drawn").cardType]: { right: 0, wrong: 1 },
    });
  });

  it("an answer of the wrong format is refused and the card stays (it can be answered again)", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setField(t, 3, "positive", 1);
    rollAndDraw(t, "P1", 3, DeckType.POSITIVE, `pos-${CARD.quiz}`);
    expect(t.refused("P1", { event: "game:card-answer", data: { answer: "Z" } })).toBe("invalid_answer_format");
    expect(t.refused("P2", { event: "game:card-answer", data: { answer: "B" } })).toBe("not_your_turn");
    answer(t, "P1", "B");
    expect(last(t, "game:answer-validated").isCorrect).toBe(true);
    expect(t.refused("P1", { event: "game:card-answer", data: { answer: "B" } })).toBe("no_pending_card");
  });
});
