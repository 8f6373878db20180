import { blankCard, type CardForm, copyName, type DeckForm, type FieldProblem } from "./form";
import {
  ALLOWED,
  CARD,
  CARD_TYPES,
  type CardTypeCode,
  CONSEQUENCES,
  type ConsequenceCode,
  DECK,
  DECK_LABEL,
  DECK_TYPES,
  type DeckTypeCode,
  LETTERS,
  type Letter,
  LIMITS,
} from "./types";

export type Imported =
  | { ok: true; form: DeckForm; problems: FieldProblem[]; notes: string[] }
  | { ok: false; error: string };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** An enum value given as its number or its name in the document ("QUIZ", "luck"). */
function code<T extends number>(v: unknown, names: Record<string, T>, allowed: readonly T[]): T | null {
  if (typeof v === "number" && (allowed as readonly number[]).includes(v)) return v as T;
  if (typeof v === "string") {
    const byName =
      names[
        v
          .trim()
          .toUpperCase()
          .replace(/[\s-]+/g, "_")
      ];
    if (byName !== undefined) return byName;
    if (/^\d+$/.test(v.trim())) return code(Number(v), names, allowed);
  }
  return null;
}

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/**
 * A deck from a JSON file: the document's `GameDeck` (`{ deckid?, name?, decktype, cards }`),
 * as exported here or written by hand. It becomes a new, unsaved deck: the file's deckid
 * is never reused. What cannot be read at all (not JSON, no cards, an unknown card type)
 * refuses the file; what is missing on a card is left blank and named as a problem next
 * to that card, so it can be filled in before saving.
 */
export function parseDeckFile(source: string, knownDeckIds: ReadonlySet<string> = new Set()): Imported {
  if (source.length > LIMITS.fileBytes) return { ok: false, error: "The file is larger than a deck can be (512 KB)." };
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    return { ok: false, error: "The file is not JSON. Choose a deck exported from this editor, or a GameDeck file." };
  }
  if (!isObject(data) || !Array.isArray(data.cards))
    return { ok: false, error: 'The file holds no deck: a deck is a JSON object with a list of cards under "cards".' };
  const rawCards = data.cards as unknown[];
  if (rawCards.length === 0) return { ok: false, error: "The deck in the file has no cards." };
  if (rawCards.length > LIMITS.cards)
    return { ok: false, error: `The deck has ${rawCards.length} cards; a deck holds at most ${LIMITS.cards}.` };

  const problems: FieldProblem[] = [];
  const notes: string[] = [];
  const cards: CardForm[] = [];
  for (const [i, raw] of rawCards.entries()) {
    if (!isObject(raw)) return { ok: false, error: `Card ${i + 1} is not an object.` };
    const type = code<CardTypeCode>(raw.type, CARD, CARD_TYPES);
    if (type === null)
      return {
        ok: false,
        error: `Card ${i + 1} has no card type the game knows (0 to 6, or a name such as "QUIZ").`,
      };
    cards.push(readCard(raw, type, problems, notes));
  }

  let decktype = code<DeckTypeCode>(data.decktype, DECK, DECK_TYPES);
  if (data.decktype !== undefined && decktype === null)
    return {
      ok: false,
      error: "The deck type is not one the game knows (0 to 3, or POSITIVE, NEGATIVE, LUCK, JOKER).",
    };
  if (decktype === null) {
    decktype = cards.every((c) => c.type === CARD.LUCK)
      ? DECK.LUCK
      : cards.every((c) => c.type === CARD.JOKER)
        ? DECK.JOKER
        : DECK.POSITIVE;
    notes.push(`The file names no deck type; it is read as a deck for ${DECK_LABEL[decktype].toLowerCase()}.`);
  }
  const allowed = ALLOWED[decktype];
  for (const c of cards)
    if (!allowed.includes(c.type))
      problems.push({
        card: c.key,
        field: "type",
        message: "This card type does not belong in this deck; change it or remove the card.",
      });

  const fileName = text(data.name).trim();
  let name = (fileName || "Imported deck").slice(0, LIMITS.name);
  if (typeof data.deckid === "string" && knownDeckIds.has(data.deckid)) name = copyName(name);
  const ids = cards.map((c) => c.cardid).filter((id): id is string => id !== null);
  if (new Set(ids).size !== ids.length) {
    for (const c of cards) c.cardid = null;
    notes.push("Card ids repeated in the file; the server gives every card a new one.");
  }
  return {
    ok: true,
    form: { deckid: null, name, decktype, visibility: "private", orgid: null, cards },
    problems,
    notes: [...new Set(notes)],
  };
}

function readCard(raw: Json, type: CardTypeCode, problems: FieldProblem[], notes: string[]): CardForm {
  const c = blankCard(type);
  const need = (field: string, message: string) => problems.push({ card: c.key, field, message });
  // The document's examples call the question `text` in places.
  c.question = text(raw.question ?? raw.text);
  if (c.question.trim() === "") need("question", "The file gives this card no question.");
  const id = text(raw.cardid).trim();
  if (id && id.length <= LIMITS.cardid) c.cardid = id;
  if (typeof raw.topic === "string" && raw.topic.trim()) {
    if (raw.topic.trim().length <= LIMITS.topic) c.topic = raw.topic.trim();
    else notes.push(`Subjects longer than ${LIMITS.topic} characters are left out.`);
  }
  const answer = raw.answer;
  switch (type) {
    case CARD.QUIZ: {
      if (!Array.isArray(answer) || answer.length === 0) {
        need("answer", "The file gives no options; write the four and mark the right one.");
        break;
      }
      if (answer.length > 4) need("answer", `The file gives ${answer.length} options; a card keeps four (A to D).`);
      answer.slice(0, 4).forEach((o, i) => {
        const letter = isObject(o) && LETTERS.includes(o.answer as Letter) ? (o.answer as Letter) : LETTERS[i]!;
        const at = LETTERS.indexOf(letter);
        c.options[at] = isObject(o) ? text(o.text) : text(o);
        if (isObject(o) && o.correct === true && c.correct === null) c.correct = letter;
      });
      break;
    }
    case CARD.SENTENCE_PAIRING:
      if (typeof answer === "string") {
        c.pairingMode = "sentence";
        c.sentence = answer;
      } else if (Array.isArray(answer) && answer.length > 0) {
        c.pairs = answer.map((p) =>
          isObject(p) ? { left: text(p.left), right: text(p.right) } : { left: "", right: "" },
        );
      } else need("answer", "The file gives no pairs and no sentence.");
      break;
    case CARD.OWN_ANSWER:
      if (Array.isArray(answer) && answer.length > 0) c.accepted = answer.map(text);
      else if (typeof answer === "string" && answer.trim()) c.accepted = [answer];
      else need("answer", "The file gives no accepted answers.");
      break;
    case CARD.TRUE_FALSE:
      if (answer === true || answer === "true") c.truth = true;
      else if (answer === false || answer === "false") c.truth = false;
      else need("answer", "The file does not say whether the statement is true or false.");
      break;
    case CARD.CLOSER: {
      const obj = isObject(answer) ? answer : typeof answer === "number" ? { correct: answer } : null;
      if (!obj || obj.correct === undefined) {
        need("answer.correct", "The file gives no right number.");
        break;
      }
      c.closerCorrect = text(obj.correct);
      if (obj.percent !== undefined) c.closerPercent = text(obj.percent);
      else notes.push("A closest-number card without a margin gets 10 percent.");
      break;
    }
    case CARD.JOKER:
    case CARD.LUCK: {
      const cons = raw.consequence;
      if (!isObject(cons)) {
        if (type === CARD.LUCK) need("consequence", "The file does not say what this luck card does.");
        c.consequenceType = type === CARD.LUCK ? 0 : null;
        break;
      }
      const t = code<ConsequenceCode>(cons.type, CONSEQUENCE_NAMES, CONSEQUENCES);
      if (t === null) need("consequence", "The file's consequence is not one the game knows.");
      c.consequenceType = t ?? (type === CARD.LUCK ? 0 : null);
      if (cons.value !== undefined) c.consequenceValue = text(cons.value);
      break;
    }
  }
  return c;
}

const CONSEQUENCE_NAMES: Record<string, ConsequenceCode> = {
  MOVE_FORWARD: 0,
  MOVE_BACKWARD: 1,
  LOSE_TURN: 2,
  EXTRA_TURN: 3,
  GO_TO_START: 5,
};
