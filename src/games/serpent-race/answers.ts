import { type Rng, rngShuffle } from "../../engine/rng";
import { CardType } from "./content/schema";
import type { QuestionCard, RaceCard } from "./options";
import type { CardTypeName, Prepared } from "./state";
import type { CardData } from "./wire";

/**
 * The seven card types: what a player is shown (never the answer), and how an answer is
 * judged, as the document's "Card Answer Formats by Type" and SENTENCE_PAIRING sections say.
 * Text is compared trimmed and case-insensitively, with runs of spaces read as one.
 */

const NAMES: Record<number, CardTypeName> = {
  [CardType.QUIZ]: "QUIZ",
  [CardType.SENTENCE_PAIRING]: "SENTENCE_PAIRING",
  [CardType.OWN_ANSWER]: "OWN_ANSWER",
  [CardType.TRUE_FALSE]: "TRUE_FALSE",
  [CardType.CLOSER]: "CLOSER",
  [CardType.JOKER]: "JOKER",
  [CardType.LUCK]: "LUCK",
};

export const cardTypeName = (type: number): CardTypeName => NAMES[type] ?? "QUIZ";

export const isQuestion = (card: RaceCard): card is QuestionCard => card.type <= CardType.CLOSER;

export const norm = (s: string): string => s.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** Longest text answer read; longer is refused as malformed. */
export const ANSWER_MAX = 500;
const LEGACY_PROMPT = "Arrange the words to form a sentence:";

/** Words of a legacy sentence, split on whitespace. */
const wordsOf = (sentence: string): string[] => sentence.trim().split(/\s+/);

function sameOrder<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Scramble what a card shows, from the game's generator: the right parts of new-format
 * pairs (left parts stay in order), or the words of a legacy sentence. A scramble that came
 * out in the right order is rotated by one, since showing it would show the answer.
 */
export function prepare(card: QuestionCard, rng: Rng): Prepared {
  if (card.type !== CardType.SENTENCE_PAIRING) return {};
  if (typeof card.answer === "string") {
    const original = wordsOf(card.answer);
    let words = rngShuffle(rng, original.slice());
    if (sameOrder(words, original)) words = [...words.slice(1), ...words.slice(0, 1)];
    return { words };
  }
  const identity = card.answer.map((_, i) => i);
  const pairs = card.answer;
  const rightsOf = (order: number[]) => order.map((i) => norm(pairs[i]?.right ?? ""));
  let rights = rngShuffle(rng, identity.slice());
  if (sameOrder(rightsOf(rights), rightsOf(identity))) rights = [...rights.slice(1), ...rights.slice(0, 1)];
  return { rights };
}

/** The game's own id for its n-th card drawn: c1, c2, … (a card drawn again gets a new one). */
export const drawnCardId = (n: number): string => `c${n}`;

/**
 * `game:card-drawn-self`'s card: the question and what to choose from, without any answer.
 * `cardid` is the game's own name for this draw (`drawnCardId`), never the deck's: a deck's
 * card ids would let anyone look the card up (see docs/games/serpent-race.md,
 * Decisions D2).
 */
export function cardData(card: QuestionCard, prepared: Prepared, timeLimit: number, cardid: string): CardData {
  const data: CardData = { cardid, question: card.question, type: card.type, timeLimit };
  switch (card.type) {
    case CardType.QUIZ:
      data.answerOptions = card.answer.map((o) => ({ answer: o.answer, text: o.text }));
      break;
    case CardType.SENTENCE_PAIRING:
      if (typeof card.answer === "string") {
        if (data.question === "") data.question = LEGACY_PROMPT;
        data.words = (prepared.words ?? []).slice();
      } else {
        const pairs = card.answer;
        data.sentencePairs = pairs.map((p, i) => ({
          id: `pair_${i}`,
          left: p.left,
          right: pairs[prepared.rights?.[i] ?? i]?.right ?? "",
        }));
      }
      break;
    default:
      break;
  }
  return data;
}

/** A judged answer: right or wrong, the answer as read, and what the right one was. */
export interface Judged {
  isCorrect: boolean;
  /** The player's answer as the rules read it (what `game:answer-submitted` shows). */
  submitted: unknown;
  correctAnswer: unknown;
  /** For people: the document's explanation (pairs) or a line like it. */
  message: string;
}

export type Judgement = Judged | { invalid: string };

/** Judge a player's answer to a question card; `invalid` means it has the wrong format. */
export function judge(card: QuestionCard, answer: unknown): Judgement {
  switch (card.type) {
    case CardType.QUIZ:
      return judgeQuiz(card, answer);
    case CardType.SENTENCE_PAIRING:
      return typeof card.answer === "string" ? judgeSentence(card.answer, answer) : judgePairs(card.answer, answer);
    case CardType.OWN_ANSWER:
      return judgeOwn(card.answer, answer);
    case CardType.TRUE_FALSE:
      return judgeTrueFalse(card.answer, answer);
    case CardType.CLOSER:
      return judgeCloser(card.answer, answer);
  }
}

/** What a timed-out card counts as: wrong, with the right answer now public. */
export function timedOut(card: QuestionCard): Judged {
  return {
    isCorrect: false,
    submitted: null,
    correctAnswer: correctOf(card),
    message: "⏰ Time is up: counted as a wrong answer.",
  };
}

/** The right answer as `game:answer-validated` carries it. */
export function correctOf(card: QuestionCard): unknown {
  switch (card.type) {
    case CardType.QUIZ: {
      const letters = card.answer.filter((o) => o.correct).map((o) => o.answer);
      return letters.length === 1 ? letters[0] : letters;
    }
    case CardType.SENTENCE_PAIRING:
      return typeof card.answer === "string" ? card.answer : card.answer.map((p) => ({ left: p.left, right: p.right }));
    case CardType.OWN_ANSWER:
      return card.answer.slice();
    case CardType.TRUE_FALSE:
      return card.answer;
    case CardType.CLOSER:
      return card.answer.correct;
  }
}

function judgeQuiz(card: Extract<QuestionCard, { type: 0 }>, answer: unknown): Judgement {
  const letters = card.answer.map((o) => o.answer).join(", ");
  if (typeof answer !== "string") return { invalid: `Answer with the letter of an option (${letters}).` };
  const letter = answer.trim().toUpperCase();
  const chosen = card.answer.find((o) => o.answer.trim().toUpperCase() === letter);
  if (!chosen) return { invalid: `Answer with the letter of an option (${letters}).` };
  const right = card.answer.filter((o) => o.correct);
  const shown = right.map((o) => `${o.answer}: ${o.text}`).join(" / ");
  return {
    isCorrect: chosen.correct,
    submitted: chosen.answer,
    correctAnswer: correctOf(card),
    message: chosen.correct ? `✅ Correct! ${shown}` : `❌ Wrong: the answer was ${shown}`,
  };
}

interface PairAnswer {
  pairId: string;
  leftText: string;
  rightText: string;
}

const cap = (s: string) => s.slice(0, ANSWER_MAX);

/**
 * New-format pairs, as the document's validation logic says: for each stored pair, find the
 * player's match for its left part (by `leftText`, else by `pairId`), compare the chosen
 * right part, and only all pairs right is right. Missing pairs count as wrong.
 */
function judgePairs(pairs: readonly { left: string; right: string }[], answer: unknown): Judgement {
  const format = "Answer with a list of { pairId, leftText, rightText }.";
  if (!Array.isArray(answer) || answer.length > 100) return { invalid: format };
  const items: PairAnswer[] = [];
  for (const x of answer) {
    if (typeof x !== "object" || x === null) return { invalid: format };
    const o = x as Record<string, unknown>;
    if (typeof o.rightText !== "string") return { invalid: format };
    if (o.leftText !== undefined && typeof o.leftText !== "string") return { invalid: format };
    if (o.pairId !== undefined && typeof o.pairId !== "string") return { invalid: format };
    items.push({
      pairId: cap(o.pairId ?? ""),
      leftText: cap((o.leftText as string) ?? ""),
      rightText: cap(o.rightText),
    });
  }
  let right = 0;
  const lines = pairs.map((p, i) => {
    const match =
      items.find((it) => norm(it.leftText) === norm(p.left)) ?? items.find((it) => it.pairId === `pair_${i}`);
    if (match && norm(match.rightText) === norm(p.right)) {
      right++;
      return `✓ "${p.left}" → "${p.right}"`;
    }
    const chosen = match ? `"${match.rightText}"` : "(no answer)";
    return `✗ "${p.left}" → ${chosen} (should be "${p.right}")`;
  });
  const isCorrect = right === pairs.length;
  const head = isCorrect
    ? `✅ Perfect! All ${pairs.length} pairs matched correctly!`
    : `❌ Only ${right}/${pairs.length} pairs correct:`;
  return {
    isCorrect,
    submitted: items,
    correctAnswer: pairs.map((p) => ({ left: p.left, right: p.right })),
    message: [head, ...lines].join("\n"),
  };
}

/** Legacy sentences: the words in order, as a list or one string. */
function judgeSentence(sentence: string, answer: unknown): Judgement {
  const format = "Answer with the words in order, as a list or as one sentence.";
  let given: string;
  if (typeof answer === "string") given = answer;
  else if (Array.isArray(answer) && answer.length <= 200 && answer.every((w) => typeof w === "string"))
    given = answer.join(" ");
  else return { invalid: format };
  if (given.length > 4 * ANSWER_MAX) return { invalid: format };
  const isCorrect = norm(given) === norm(sentence);
  return {
    isCorrect,
    submitted: given.trim().replace(/\s+/g, " "),
    correctAnswer: sentence,
    message: isCorrect ? `✅ Correct! "${sentence}"` : `❌ The sentence was: "${sentence}"`,
  };
}

function judgeOwn(accepted: readonly string[], answer: unknown): Judgement {
  let given: string;
  if (typeof answer === "string") given = answer;
  else if (typeof answer === "number" && Number.isFinite(answer)) given = String(answer);
  else return { invalid: "Answer with text." };
  if (given.length > ANSWER_MAX) return { invalid: `An answer is at most ${ANSWER_MAX} characters.` };
  const isCorrect = accepted.some((a) => norm(a) === norm(given));
  return {
    isCorrect,
    submitted: given.trim(),
    correctAnswer: accepted.slice(),
    message: isCorrect ? `✅ Correct! "${given.trim()}"` : `❌ Accepted answers: ${accepted.join(", ")}`,
  };
}

function judgeTrueFalse(truth: boolean, answer: unknown): Judgement {
  let given: boolean;
  if (typeof answer === "boolean") given = answer;
  else if (typeof answer === "string" && ["true", "false"].includes(answer.trim().toLowerCase()))
    given = answer.trim().toLowerCase() === "true";
  else return { invalid: 'Answer with true or false (or "true" / "false").' };
  const isCorrect = given === truth;
  return {
    isCorrect,
    submitted: given,
    correctAnswer: truth,
    message: `${isCorrect ? "✅ Correct!" : "❌ Wrong:"} The statement is ${truth ? "true" : "false"}.`,
  };
}

/**
 * CLOSER: right when within `percent` % of the correct number, both ends included. A
 * relative hair of slack keeps decimal tolerances exact (42 ± 10 % accepts 37.8).
 */
export function withinPercent(given: number, correct: number, percent: number): boolean {
  const tolerance = (Math.abs(correct) * percent) / 100;
  return Math.abs(given - correct) <= tolerance + 1e-9 * Math.max(1, Math.abs(correct));
}

function judgeCloser(stored: { correct: number; percent: number }, answer: unknown): Judgement {
  let given: number;
  if (typeof answer === "number") given = answer;
  else if (typeof answer === "string" && answer.trim() !== "") given = Number(answer.trim());
  else return { invalid: "Answer with a number." };
  if (!Number.isFinite(given)) return { invalid: "Answer with a number." };
  const { correct, percent } = stored;
  const isCorrect = withinPercent(given, correct, percent);
  const tolerance = (Math.abs(correct) * percent) / 100;
  const range = `${round(correct - tolerance)}–${round(correct + tolerance)}`;
  return {
    isCorrect,
    submitted: given,
    correctAnswer: correct,
    message: isCorrect
      ? `✅ ${given} is within ${percent}% of ${correct}.`
      : `❌ ${given} is not within ${percent}% of ${correct} (${range}).`,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
