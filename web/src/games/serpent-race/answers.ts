import type { CardData } from "./wire";

/**
 * The answer each card type sends (the document's formats), built from what a player did
 * on screen, and answers and consequences written out for people.
 */

export const CARD_LABEL: Record<string, string> = {
  QUIZ: "Multiple choice",
  SENTENCE_PAIRING: "Matching",
  OWN_ANSWER: "Own answer",
  TRUE_FALSE: "True or false",
  CLOSER: "Closest number",
  JOKER: "Joker",
  LUCK: "Luck",
};

export const cardLabel = (cardType: string): string => CARD_LABEL[cardType] ?? cardType;

/** The UI a card needs: the legacy sentence card (words to order) is a pairing card too. */
export type AnswerUi = "quiz" | "pairs" | "words" | "text" | "truefalse" | "number";

export function answerUi(card: CardData): AnswerUi {
  switch (card.type) {
    case 0:
      return "quiz";
    case 1:
      return card.words ? "words" : "pairs";
    case 3:
      return "truefalse";
    case 4:
      return "number";
    default:
      return "text";
  }
}

/** SENTENCE_PAIRING: `matches` maps a pair's id to the index of the right part placed there. */
export function pairingAnswer(
  pairs: NonNullable<CardData["sentencePairs"]>,
  matches: ReadonlyMap<string, number>,
): { pairId: string; leftText: string; rightText: string }[] {
  return pairs.map((p) => {
    const i = matches.get(p.id);
    return { pairId: p.id, leftText: p.left, rightText: i === undefined ? "" : (pairs[i]?.right ?? "") };
  });
}

/** Place right part `right` on pair `pairId`; whatever sat there (or wherever it sat) moves out. */
export function place(matches: ReadonlyMap<string, number>, pairId: string, right: number): Map<string, number> {
  const next = new Map(matches);
  for (const [k, v] of next) if (v === right) next.delete(k);
  next.set(pairId, right);
  return next;
}

/** The right parts not placed yet, by index. */
export function unplaced(count: number, matches: ReadonlyMap<string, number>): number[] {
  const used = new Set(matches.values());
  return Array.from({ length: count }, (_, i) => i).filter((i) => !used.has(i));
}

/** The legacy sentence: the words in the order chosen (indices into the scrambled words). */
export const sentenceOf = (words: readonly string[], order: readonly number[]): string[] =>
  order.map((i) => words[i] ?? "");

/**
 * A number as typed on any phone: "3,5" or "3.5", a leading minus or "−". Null when it is
 * not a number at all.
 */
export function readNumber(raw: string): number | null {
  const t = raw.trim().replace(/\s+/g, "").replace("−", "-").replace(",", ".");
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A position guess: a whole number, or null. */
export function readWhole(raw: string): number | null {
  const n = readNumber(raw);
  return n !== null && Number.isInteger(n) ? n : null;
}

/** An answer (a player's as read, or the correct one) in a line of text. */
export function describeAnswer(a: unknown): string {
  if (a === null || a === undefined) return "(no answer)";
  if (typeof a === "boolean") return a ? "True" : "False";
  if (typeof a === "number") return String(a);
  if (typeof a === "string") return a;
  if (Array.isArray(a)) {
    if (a.every((x) => typeof x === "string")) return a.join(" ");
    const pairs = a.map((x) => {
      if (typeof x !== "object" || x === null) return String(x);
      const o = x as Record<string, unknown>;
      const left = o.left ?? o.leftText ?? "";
      const right = o.right ?? o.rightText ?? "";
      return `${String(left)} → ${String(right) || "?"}`;
    });
    return pairs.join("; ");
  }
  return JSON.stringify(a);
}

/**
 * A server explanation without its ✅ / ❌ marks: the screen says right or wrong in words
 * and colour already, and projectors without an emoji font would show empty boxes.
 */
export const plainMessage = (m: string): string => m.replace(/[\u2705\u274C]\uFE0F?\s*/gu, "").trim();

/** The accepted answers of an OWN_ANSWER card, or the letters of a quiz, as a list. */
export function describeCorrect(cardType: string, a: unknown): string {
  if (cardType === "OWN_ANSWER" && Array.isArray(a)) return a.map(String).join(" / ");
  if (cardType === "QUIZ" && Array.isArray(a)) return a.map(String).join(" or ");
  return describeAnswer(a);
}

const CONSEQUENCES: Record<number, (n: number) => string> = {
  0: (n) => `Move forward ${n}`,
  1: (n) => `Move back ${n}`,
  2: (n) => `Lose ${n} turn${n === 1 ? "" : "s"}`,
  3: (n) => `${n} extra turn${n === 1 ? "" : "s"}`,
  5: () => "Back to the start",
};

/** A joker's or luck card's consequence in words (the document's value defaults to 1). */
export function describeConsequence(c: { type: number; value?: number | undefined } | null): string {
  if (!c) return "No consequence";
  return CONSEQUENCES[c.type]?.(c.value ?? 1) ?? "A surprise";
}
