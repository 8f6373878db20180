import type { CardForm, FieldProblem } from "./form";
import { CARD, CARD_LABEL, type CardTypeCode, DECK_LABEL, type DeckTypeCode, LETTERS } from "./types";

/**
 * The server refuses a deck with its first problem as `path: message`
 * (`cards.3.answer: exactly one quiz option is correct`). This turns that into a problem
 * anchored to the card it names, in the words of the editor's labels where the server's
 * message is zod's generic one. Anything not in that form stays a message for the deck.
 */
export function problemFromServer(
  message: string,
  cards: readonly CardForm[],
  decktype: DeckTypeCode,
  code?: string,
): FieldProblem {
  const m = /^([A-Za-z0-9_.]+): ([\s\S]+)$/.exec(message);
  if (code !== undefined && code !== "invalid_body") return { card: null, field: "", message };
  if (!m) return { card: null, field: "", message };
  const path = m[1]!.split(".");
  const said = m[2]!;
  if (path[0] === "cards" && path.length >= 2 && /^\d+$/.test(path[1]!)) {
    const index = Number(path[1]);
    const card = cards[index];
    const field = path.slice(2).join(".");
    if (!card) return { card: null, field: "cards", message: `Card ${index + 1}: ${said}` };
    return { card: card.key, field, message: cardMessage(card, field, said, decktype) };
  }
  return { card: null, field: path.join("."), message: deckMessage(path.join("."), said) };
}

/** zod's own wording, which says what broke but not in a teacher's words. */
const generic = (said: string) => /^(Too small|Too big|Invalid|Required|Unrecognized key)/i.test(said);

function deckMessage(field: string, said: string): string {
  if (field === "name") return "Give the deck a name (up to 80 characters).";
  if (field === "cards" && /cardids repeat/.test(said)) return "Two cards have the same card id; change or clear one.";
  if (field === "cards" && /Too small/i.test(said)) return "A deck needs at least one card.";
  if (field === "cards" && /Too big/i.test(said)) return "A deck holds at most 500 cards.";
  if (field === "orgid") return "Choose the organisation to share the deck with.";
  return `${field}: ${said}`;
}

function cardMessage(card: CardForm, field: string, said: string, decktype: DeckTypeCode): string {
  const parts = field.split(".");
  const [head, second, third] = parts;
  if (head === "type") {
    if (/does not belong/.test(said))
      return `A ${CARD_LABEL[card.type].toLowerCase()} card does not belong in a deck for ${DECK_LABEL[decktype].toLowerCase()}; change its type or remove it.`;
    return said;
  }
  // The server's own words for a text over its limit ("a question is at most 500 characters").
  if (head === "question" && TOO_LONG.test(said)) return sentence(said);
  if (head === "question")
    return card.type === CARD.LUCK
      ? "Write what the card says to the table."
      : card.type === CARD.JOKER
        ? "Write the task."
        : "Write the question.";
  if (head === "cardid") return "The card id is 1 to 100 characters; clear it and the server picks one.";
  if (head === "topic") return "The subject is at most 40 characters.";
  if (head === "consequence") {
    if (second === "value") return "The value is a whole number, 1 or more.";
    return card.type === CARD.LUCK ? "Choose what the luck card does." : said;
  }
  if (head === "answer") return answerMessage(card.type, second, third, said);
  return generic(said) ? `${field}: ${said}` : said;
}

function answerMessage(
  type: CardTypeCode,
  second: string | undefined,
  third: string | undefined,
  said: string,
): string {
  const index = second !== undefined && /^\d+$/.test(second) ? Number(second) : null;
  if (TOO_LONG.test(said)) {
    const which =
      index === null
        ? null
        : type === CARD.QUIZ
          ? `Option ${LETTERS[index] ?? index + 1}`
          : type === CARD.OWN_ANSWER
            ? `Accepted answer ${index + 1}`
            : `Pair ${index + 1}`;
    return which ? `${which}: ${said}.` : sentence(said);
  }
  switch (type) {
    case CARD.QUIZ:
      if (/exactly one/.test(said)) return "Mark exactly one option as the right one.";
      if (/options A, B, C and D/.test(said)) return "A multiple-choice card has the four options A, B, C and D.";
      if (index !== null && third === "text") return `Write option ${LETTERS[index] ?? index + 1}.`;
      break;
    case CARD.SENTENCE_PAIRING:
      if (index !== null) return `Pair ${index + 1}: write both the left and the right part.`;
      if (/sentence is empty/.test(said)) return "Write the sentence to put in order.";
      if (/expected array/i.test(said) || /Too small/i.test(said))
        return /string/i.test(said) ? "Write the sentence to put in order." : "Give at least two pairs to match.";
      if (/Invalid/i.test(said)) return "Give at least two pairs, or a sentence.";
      break;
    case CARD.OWN_ANSWER:
      if (index !== null) return `Accepted answer ${index + 1} is empty.`;
      if (/Too small/i.test(said)) return "Give at least one accepted answer.";
      break;
    case CARD.TRUE_FALSE:
      return "Choose whether the statement is true or false.";
    case CARD.CLOSER:
      if (second === "percent") return "The margin is between 0 and 100 percent.";
      if (second === "correct") return "Enter the right number.";
      break;
  }
  return generic(said) ? `The answer: ${said}` : said;
}

/** The input a problem belongs to, for `aria-invalid` and focus: exact path, or a parent of it. */
export function concerns(p: FieldProblem | undefined, field: string): boolean {
  if (!p) return false;
  return p.field === field || p.field.startsWith(`${field}.`);
}

/** The server's message for a text or a list over its limit. */
const TOO_LONG = /\bat most \d+\b/;

/** A message as a sentence: a capital first, a full stop last. */
const sentence = (said: string) => `${said.charAt(0).toUpperCase()}${said.slice(1)}${/[.!?]$/.test(said) ? "" : "."}`;
