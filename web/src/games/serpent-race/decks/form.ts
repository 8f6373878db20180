import {
  ALLOWED,
  CARD,
  type CardTypeCode,
  CONSEQUENCE,
  CONSEQUENCE_UNIT,
  type ConsequenceCode,
  type DeckBody,
  type DeckTypeCode,
  LETTERS,
  type Letter,
  LIMITS,
  type QuestionOnly,
  type StoredDeck,
  type UploadCard,
  type Visibility,
} from "./types";

/**
 * A card as the editor's inputs hold it. Every type's answer fields are kept side by side,
 * so switching a card's type and back loses nothing the teacher typed; `deckFromForm` sends
 * only the fields of the card's type.
 */
export interface CardForm {
  /** This page's own id for the card (React keys, error anchors); never sent. */
  key: string;
  /** The server's id, kept across saves; null until the server assigns one. */
  cardid: string | null;
  type: CardTypeCode;
  question: string;
  /** A free subject (the shipped decks use science, geography, history, language); "" for none. */
  topic: string;
  /** QUIZ: the texts of options A–D and the letter marked right. */
  options: [string, string, string, string];
  correct: Letter | null;
  /** SENTENCE_PAIRING: pairs to match, or one sentence whose words are scrambled (the legacy format). */
  pairingMode: "pairs" | "sentence";
  pairs: { left: string; right: string }[];
  sentence: string;
  /** OWN_ANSWER: every answer that counts. */
  accepted: string[];
  /** TRUE_FALSE: null until chosen. */
  truth: boolean | null;
  /** CLOSER, as typed. */
  closerCorrect: string;
  closerPercent: string;
  /** LUCK and JOKER: null is "none" (a joker may have none, a luck card must have one). */
  consequenceType: ConsequenceCode | null;
  consequenceValue: string;
}

export interface DeckForm {
  /** Null for a deck not saved yet. */
  deckid: string | null;
  name: string;
  decktype: DeckTypeCode;
  visibility: Visibility;
  orgid: string | null;
  cards: CardForm[];
}

/**
 * Something wrong with the deck or one of its cards: `card` is the card's key (null for
 * the deck), `field` the path inside the card (`answer.2.text`) or deck (`name`), as the
 * server names it.
 */
export interface FieldProblem {
  card: string | null;
  field: string;
  message: string;
}

let counter = 0;
// A draft kept over a reload holds keys from the last page: this page's keys differ from them.
const PAGE = Math.random().toString(36).slice(2, 7);
/** A key unique on this page. */
export const newKey = (): string => `c${PAGE}${++counter}`;

export function blankCard(type: CardTypeCode, key = newKey()): CardForm {
  return {
    key,
    cardid: null,
    type,
    question: "",
    topic: "",
    options: ["", "", "", ""],
    correct: null,
    pairingMode: "pairs",
    pairs: [
      { left: "", right: "" },
      { left: "", right: "" },
    ],
    sentence: "",
    accepted: [""],
    truth: null,
    closerCorrect: "",
    closerPercent: "10",
    consequenceType: type === CARD.LUCK ? CONSEQUENCE.MOVE_FORWARD : null,
    consequenceValue: "1",
  };
}

export function blankDeck(decktype: DeckTypeCode = 0): DeckForm {
  return {
    deckid: null,
    name: "",
    decktype,
    visibility: "private",
    orgid: null,
    cards: [blankCard(ALLOWED[decktype][0]!)],
  };
}

/**
 * A card of the server's (or a file's, once parsed) as the editor holds it. A card read
 * without its answer (someone else's deck) leaves the answer's inputs empty.
 */
export function formFromCard(card: UploadCard | QuestionOnly): CardForm {
  const f = blankCard(card.type);
  f.cardid = card.cardid ?? null;
  f.question = card.question;
  if ("topic" in card && card.topic) f.topic = card.topic;
  if (!("answer" in card) && !("consequence" in card)) return f;
  card = card as UploadCard;
  switch (card.type) {
    case CARD.QUIZ:
      for (const o of card.answer) {
        const i = LETTERS.indexOf(o.answer);
        if (i >= 0) f.options[i] = o.text;
      }
      // More than one marked right cannot be shown with one choice: the first stands, the server would refuse the rest anyway.
      f.correct = card.answer.find((o) => o.correct)?.answer ?? null;
      break;
    case CARD.SENTENCE_PAIRING:
      if (typeof card.answer === "string") {
        f.pairingMode = "sentence";
        f.sentence = card.answer;
      } else f.pairs = card.answer.map((p) => ({ left: p.left, right: p.right }));
      break;
    case CARD.OWN_ANSWER:
      f.accepted = [...card.answer];
      break;
    case CARD.TRUE_FALSE:
      f.truth = card.answer;
      break;
    case CARD.CLOSER:
      f.closerCorrect = String(card.answer.correct);
      f.closerPercent = String(card.answer.percent);
      break;
    case CARD.JOKER:
    case CARD.LUCK:
      f.consequenceType = card.consequence ? card.consequence.type : null;
      f.consequenceValue = card.consequence?.value === undefined ? "1" : String(card.consequence.value);
      break;
  }
  return f;
}

export function formFromDeck(deck: StoredDeck): DeckForm {
  return {
    deckid: deck.deckid,
    name: deck.name,
    decktype: deck.decktype,
    visibility: deck.visibility,
    orgid: deck.orgid,
    cards: (deck.cards as (UploadCard | QuestionOnly)[]).map(formFromCard),
  };
}

/** A copy to edit and save as a new deck of one's own (a built-in or someone else's deck). */
export function duplicateForm(form: DeckForm): DeckForm {
  return {
    ...form,
    deckid: null,
    name: copyName(form.name),
    visibility: "private",
    orgid: null,
    cards: form.cards.map((c) => ({ ...c, key: newKey() })),
  };
}

export function copyName(name: string): string {
  const suffix = " (copy)";
  return name.slice(0, LIMITS.name - suffix.length) + suffix;
}

/** A number as people type it ("3,5" too), or null. */
export function readNumber(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (t === "" || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function consequenceOf(c: CardForm, problems: FieldProblem[]) {
  if (c.consequenceType === null) return null;
  if (CONSEQUENCE_UNIT[c.consequenceType] === null) return { type: c.consequenceType };
  const v = c.consequenceValue.trim();
  if (v === "") return { type: c.consequenceType };
  const n = readNumber(v);
  if (n === null || !Number.isInteger(n) || n < 1) {
    problems.push({ card: c.key, field: "consequence.value", message: "The value is a whole number, 1 or more." });
    return { type: c.consequenceType };
  }
  return { type: c.consequenceType, value: n };
}

/**
 * One card as the server takes it, or problems for what the inputs cannot say (a number
 * field with no number, a true/false with neither chosen). Everything the JSON can carry is
 * left to the server to judge, so its rules are written once.
 */
export function cardFromForm(c: CardForm, problems: FieldProblem[]): UploadCard {
  const head = { ...(c.cardid ? { cardid: c.cardid } : {}), question: c.question.trim() };
  const topic = c.topic.trim() ? { topic: c.topic.trim() } : {};
  switch (c.type) {
    case CARD.QUIZ:
      return {
        ...head,
        ...topic,
        type: CARD.QUIZ,
        answer: LETTERS.map((answer, i) => ({ answer, text: c.options[i]!.trim(), correct: c.correct === answer })),
      };
    case CARD.SENTENCE_PAIRING:
      return {
        ...head,
        ...topic,
        type: CARD.SENTENCE_PAIRING,
        answer:
          c.pairingMode === "sentence"
            ? c.sentence.trim().replace(/\s+/g, " ")
            : c.pairs
                .map((p) => ({ left: p.left.trim(), right: p.right.trim() }))
                // A row left wholly empty is a spare, not a mistake.
                .filter((p) => p.left !== "" || p.right !== ""),
      };
    case CARD.OWN_ANSWER:
      return {
        ...head,
        ...topic,
        type: CARD.OWN_ANSWER,
        answer: c.accepted.map((a) => a.trim()).filter((a) => a !== ""),
      };
    case CARD.TRUE_FALSE:
      if (c.truth === null)
        problems.push({ card: c.key, field: "answer", message: "Choose whether the statement is true or false." });
      return { ...head, ...topic, type: CARD.TRUE_FALSE, answer: c.truth ?? false };
    case CARD.CLOSER: {
      const correct = readNumber(c.closerCorrect);
      const percent = readNumber(c.closerPercent);
      if (correct === null) problems.push({ card: c.key, field: "answer.correct", message: "Enter the right number." });
      if (percent === null)
        problems.push({ card: c.key, field: "answer.percent", message: "Enter the margin in percent (0 to 100)." });
      return { ...head, ...topic, type: CARD.CLOSER, answer: { correct: correct ?? 0, percent: percent ?? 0 } };
    }
    case CARD.JOKER:
      return { ...head, ...topic, type: CARD.JOKER, consequence: consequenceOf(c, problems) };
    case CARD.LUCK:
      return {
        ...head,
        type: CARD.LUCK,
        consequence: consequenceOf(c, problems) ?? { type: CONSEQUENCE.MOVE_FORWARD },
      };
  }
}

/** The body of POST/PUT /api/v1/decks, or the problems that keep it from being sent. */
export function deckFromForm(form: DeckForm): { body: DeckBody; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const cards = form.cards.map((c) => cardFromForm(c, problems));
  const body: DeckBody = {
    name: form.name.trim(),
    decktype: form.decktype,
    cards,
    visibility: form.visibility,
    ...(form.visibility === "org" ? { orgid: form.orgid } : {}),
  };
  if (form.visibility === "org" && !form.orgid)
    problems.push({ card: null, field: "orgid", message: "Choose the organisation to share the deck with." });
  return { body, problems };
}

/** The document's GameDeck for a download: `{ deckid, name, decktype, cards }`. */
export function gameDeckJson(form: DeckForm): { json: string; problems: FieldProblem[] } {
  const { body, problems } = deckFromForm({ ...form, visibility: "private" });
  const deck = {
    ...(form.deckid ? { deckid: form.deckid } : {}),
    name: body.name,
    decktype: body.decktype,
    cards: body.cards,
  };
  return { json: `${JSON.stringify(deck, null, 2)}\n`, problems };
}

/** A file name for a deck: its name in plain letters, or "deck". */
export function fileName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "deck"}.serpent-deck.json`;
}

/**
 * The deck with another deck type. Cards the new type cannot hold become its first allowed
 * type (a luck deck: luck cards), keeping their text; their other fields stay in the form,
 * so switching back restores them.
 */
export function withDeckType(form: DeckForm, decktype: DeckTypeCode): DeckForm {
  const allowed = ALLOWED[decktype];
  return {
    ...form,
    decktype,
    cards: form.cards.map((c) => (allowed.includes(c.type) ? c : retype(c, allowed[0]!))),
  };
}

export function retype(c: CardForm, type: CardTypeCode): CardForm {
  const consequenceType = type === CARD.LUCK ? (c.consequenceType ?? CONSEQUENCE.MOVE_FORWARD) : c.consequenceType;
  return { ...c, type, consequenceType };
}

/** The range a CLOSER card accepts, for the editor to show (the race's rule: both ends count). */
export function closerRange(c: CardForm): { low: number; high: number } | null {
  const correct = readNumber(c.closerCorrect);
  const percent = readNumber(c.closerPercent);
  if (correct === null || percent === null || percent < 0) return null;
  const margin = (Math.abs(correct) * percent) / 100;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { low: round(correct - margin), high: round(correct + margin) };
}
