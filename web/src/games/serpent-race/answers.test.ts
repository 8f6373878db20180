import { describe, expect, it } from "vitest";
import {
  answerUi,
  describeAnswer,
  describeConsequence,
  describeCorrect,
  pairingAnswer,
  place,
  plainMessage,
  readNumber,
  readWhole,
  sentenceOf,
  unplaced,
} from "./answers";
import type { CardData } from "./wire";

const card = (type: number, extra: Partial<CardData> = {}): CardData => ({
  cardid: "c",
  question: "?",
  type,
  timeLimit: 60,
  ...extra,
});

describe("the answer UI per card type", () => {
  it("picks the document's seven formats' UIs; a legacy sentence is word ordering", () => {
    expect(answerUi(card(0))).toBe("quiz");
    expect(answerUi(card(1, { sentencePairs: [] }))).toBe("pairs");
    expect(answerUi(card(1, { words: ["b", "a"] }))).toBe("words");
    expect(answerUi(card(2))).toBe("text");
    expect(answerUi(card(3))).toBe("truefalse");
    expect(answerUi(card(4))).toBe("number");
  });
});

describe("matching pairs", () => {
  const pairs = [
    { id: "pair_0", left: "Apple", right: "Purple" },
    { id: "pair_1", left: "Banana", right: "Red" },
    { id: "pair_2", left: "Grape", right: "Yellow" },
  ];

  it("builds the document's answer: every left part with the right part placed on it", () => {
    let m = place(new Map(), "pair_0", 1);
    m = place(m, "pair_1", 2);
    m = place(m, "pair_2", 0);
    expect(pairingAnswer(pairs, m)).toEqual([
      { pairId: "pair_0", leftText: "Apple", rightText: "Red" },
      { pairId: "pair_1", leftText: "Banana", rightText: "Yellow" },
      { pairId: "pair_2", leftText: "Grape", rightText: "Purple" },
    ]);
    expect(unplaced(3, m)).toEqual([]);
  });

  it("a right part placed again moves from its old slot; an empty slot sends an empty text", () => {
    let m = place(new Map(), "pair_0", 1);
    m = place(m, "pair_2", 1);
    expect([...m]).toEqual([["pair_2", 1]]);
    expect(unplaced(3, m)).toEqual([0, 2]);
    expect(pairingAnswer(pairs, m)[0]).toEqual({ pairId: "pair_0", leftText: "Apple", rightText: "" });
  });

  it("a slot that gets another part gives its old one back", () => {
    let m = place(new Map(), "pair_0", 1);
    m = place(m, "pair_0", 2);
    expect(unplaced(3, m)).toEqual([0, 1]);
  });
});

describe("typed numbers and words", () => {
  it("reads numbers as phones type them, and only whole numbers as positions", () => {
    expect(readNumber("3,5")).toBe(3.5);
    expect(readNumber(" −12 ")).toBe(-12);
    expect(readNumber("1e3")).toBeNull();
    expect(readNumber("abc")).toBeNull();
    expect(readNumber("")).toBeNull();
    expect(readWhole("21")).toBe(21);
    expect(readWhole("21.5")).toBeNull();
  });

  it("puts the words in the order tapped", () => {
    expect(sentenceOf(["fox", "The", "quick"], [1, 2, 0])).toEqual(["The", "quick", "fox"]);
  });
});

describe("answers in words", () => {
  it("writes out every format", () => {
    expect(describeAnswer(true)).toBe("True");
    expect(describeAnswer(42)).toBe("42");
    expect(describeAnswer(["The", "quick", "fox"])).toBe("The quick fox");
    expect(describeAnswer([{ left: "Apple", right: "Red" }])).toBe("Apple → Red");
    expect(describeAnswer([{ pairId: "p", leftText: "Apple", rightText: "" }])).toBe("Apple → ?");
    expect(describeAnswer(null)).toBe("(no answer)");
    expect(describeCorrect("OWN_ANSWER", ["Paris", "paris"])).toBe("Paris / paris");
    expect(describeCorrect("QUIZ", ["A", "C"])).toBe("A or C");
  });

  it("drops the server's ✅ / ❌ marks, keeping the explanation and its ✓ / ✗", () => {
    expect(plainMessage('✅ Perfect! All 2 pairs matched correctly! ✓ "Bee" → "Hive"')).toBe(
      'Perfect! All 2 pairs matched correctly! ✓ "Bee" → "Hive"',
    );
    expect(plainMessage('❌ Only 1/2 pairs correct: ✗ "Fox" → "Hive"')).toBe(
      'Only 1/2 pairs correct: ✗ "Fox" → "Hive"',
    );
  });

  it("writes out consequences, a missing value being 1", () => {
    expect(describeConsequence({ type: 0, value: 3 })).toBe("Move forward 3");
    expect(describeConsequence({ type: 1 })).toBe("Move back 1");
    expect(describeConsequence({ type: 2, value: 2 })).toBe("Lose 2 turns");
    expect(describeConsequence({ type: 3, value: 1 })).toBe("1 extra turn");
    expect(describeConsequence({ type: 5 })).toBe("Back to the start");
    expect(describeConsequence(null)).toBe("No consequence");
  });
});
