import { scaledMs } from "../../engine/context";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { patternModifier } from "./board";
import { DeckType } from "./content/schema";
import type { RaceDeck } from "./options";
import { createSerpentRaceRules } from "./rules";
import type { FieldType, SerpentState } from "./state";
import type { ServerEventData, ServerEventName } from "./wire";

/**
 * Test helpers: small decks made of the document's own example cards, a table with the
 * gamemaster and players seated, and ways to set the board, the positions and the next
 * card the way a scenario needs them.
 */

export const rules = createSerpentRaceRules();

export const CARD = {
  quiz: "quiz-001",
  pairs: "pair-001",
  legacy: "pair-002",
  own: "own-001",
  trueFalse: "tf-001",
  closer: "closer-001",
} as const;

/** The document's examples, one of each question type, on both field decks. */
const questions = (prefix: string): RaceDeck["cards"] => [
  {
    cardid: `${prefix}${CARD.quiz}`,
    type: 0,
    question: "What is the capital of France?",
    answer: [
      { answer: "A", text: "Berlin", correct: false },
      { answer: "B", text: "Paris", correct: true },
      { answer: "C", text: "Madrid", correct: false },
      { answer: "D", text: "Rome", correct: false },
    ],
  },
  {
    cardid: `${prefix}${CARD.pairs}`,
    type: 1,
    question: "Match each fruit to its color",
    answer: [
      { left: "Apple", right: "Red" },
      { left: "Banana", right: "Yellow" },
      { left: "Orange", right: "Orange" },
      { left: "Grape", right: "Purple" },
    ],
  },
  {
    cardid: `${prefix}${CARD.legacy}`,
    type: 1,
    question: "",
    answer: "The quick brown fox jumps over the lazy dog",
  },
  {
    cardid: `${prefix}${CARD.own}`,
    type: 2,
    question: "Name the largest planet of the solar system.",
    answer: ["Jupiter", "planet Jupiter"],
  },
  { cardid: `${prefix}${CARD.trueFalse}`, type: 3, question: "The Sun is a star.", answer: true },
  {
    cardid: `${prefix}${CARD.closer}`,
    type: 4,
    question: "How many moons does Jupiter have, roughly?",
    answer: { correct: 42, percent: 10 },
  },
];

export const LUCK = {
  forward: "luck-fwd",
  backward: "luck-back",
  lose1: "luck-lose1",
  lose2: "luck-lose2",
  extra2: "luck-extra2",
  extra3: "luck-extra3",
  start: "luck-start",
} as const;

export const testDecks: RaceDeck[] = [
  { deckid: "deck-positive", decktype: 0, cards: questions("pos-") },
  { deckid: "deck-negative", decktype: 1, cards: questions("neg-") },
  {
    deckid: "deck-luck",
    decktype: 2,
    cards: [
      { cardid: LUCK.forward, type: 6, question: "Move forward 3 fields.", consequence: { type: 0, value: 3 } },
      { cardid: LUCK.backward, type: 6, question: "Move back 4 fields.", consequence: { type: 1, value: 4 } },
      { cardid: LUCK.lose1, type: 6, question: "Lose a turn.", consequence: { type: 2 } },
      { cardid: LUCK.lose2, type: 6, question: "Lose 2 turns.", consequence: { type: 2, value: 2 } },
      { cardid: LUCK.extra2, type: 6, question: "Take 2 extra turns.", consequence: { type: 3, value: 2 } },
      { cardid: LUCK.extra3, type: 6, question: "Take 3 extra turns.", consequence: { type: 3, value: 3 } },
      { cardid: LUCK.start, type: 6, question: "Back to the start.", consequence: { type: 5 } },
    ],
  },
  {
    deckid: "deck-joker",
    decktype: 3,
    cards: [
      { cardid: "joker-1", type: 5, question: "Name five countries in Europe.", consequence: null },
      { cardid: "joker-2", type: 5, question: "Sing a song.", consequence: { type: 0, value: 2 } },
    ],
  },
];

export type T = Table<SerpentState>;

export interface TableInit {
  options?: Record<string, unknown>;
  seed?: string;
  timeScale?: number;
}

export function table(init: TableInit = {}): T {
  return new Table<SerpentState>(rules, {
    options: { decks: testDecks, physicalDice: true, ...init.options },
    seed: init.seed ?? "serpent",
    timeScale: init.timeScale ?? 1,
  });
}

export const presence = (t: T, seat: string, status: string, name?: string) =>
  t.act(SYSTEM, { type: "@presence", seat, status, ...(name === undefined ? {} : { name }) });

/** The gamemaster and `names.length` players seated and ready (P1…). */
export function lobby(names: string[], init: TableInit = {}): T {
  const t = table(init);
  presence(t, "GM", "joined", "Ms Teacher");
  names.forEach((n, i) => {
    presence(t, `P${i + 1}`, "joined", n);
  });
  names.forEach((_, i) => {
    t.must(`P${i + 1}`, { event: "game:ready", data: { ready: true } });
  });
  return t;
}

/** A started race with the turn order P1, P2, … (set after the shuffle). */
export function race(names: string[], init: TableInit = {}): T {
  const t = lobby(names, init);
  t.must("GM", { event: "start", data: {} });
  rig(t, (s) => {
    s.sequence = names.map((_, i) => `P${i + 1}`);
    s.current = 0;
  });
  return t;
}

/** Change the table's state for a scenario (a new object; the old one is left alone). */
export function rig(t: T, change: (s: SerpentState) => void): void {
  const { cards, ...rest } = t.state;
  const s = { ...structuredClone(rest), cards } as SerpentState;
  change(s);
  t.state = s;
}

export function setField(t: T, position: number, type: FieldType, stepValue = 0): void {
  rig(t, (s) => {
    const board = (s.board ?? []).slice();
    board[position - 1] = {
      position,
      type,
      stepValue,
      patternModifier: patternModifier(position, s.settings.boardSize),
    };
    s.board = board;
  });
}

/** Every field regular with step value 0, so only the fields a scenario sets draw cards. */
export function plainBoard(t: T): void {
  rig(t, (s) => {
    s.board = (s.board ?? []).map((f) => ({ ...f, type: "regular", stepValue: 0 }));
  });
}

export function setPosition(t: T, seat: string, position: number): void {
  rig(t, (s) => {
    const p = s.players.find((q) => q.seat === seat);
    if (p) p.position = position;
  });
}

/** The next card drawn from `deckType` is the one with this id. */
export function nextCard(t: T, deckType: DeckType, cardid: string): void {
  rig(t, (s) => {
    const index = s.cards.findIndex((c) => c.card.cardid === cardid && c.deckType === deckType);
    if (index < 0) throw new Error(`no card ${cardid} in deck type ${deckType}`);
    s.piles = { ...s.piles, [deckType]: [...s.piles[deckType], index] };
  });
}

/** The next card of `deckType` will be `cardid`; `seat` rolls `dice` onto its field, and the draw delay passes. */
export function rollAndDraw(t: T, seat: string, dice: number, deckType: DeckType, cardid: string): void {
  nextCard(t, deckType, cardid);
  roll(t, seat, dice);
  t.advance(ms(t.state.settings.drawDelaySeconds, t.state.timeScale));
}

type QuestionField = "positive" | "negative" | "luck";

/**
 * P1 at `start` rolls `dice` onto a `fieldType` field of step `stepValue` (alone on a plain
 * board) whose deck has `cardid` next; the draw is still to come.
 */
export function rollOnto(t: T, start: number, dice: number, fieldType: QuestionField, cardid: string, stepValue = 1) {
  plainBoard(t);
  setPosition(t, "P1", start);
  setField(t, start + dice, fieldType, stepValue);
  const deck = { positive: DeckType.POSITIVE, negative: DeckType.NEGATIVE, luck: DeckType.LUCK }[fieldType];
  nextCard(t, deck, cardid);
  roll(t, "P1", dice);
}

/** As `rollOnto`, and the draw delay passes: P1 has drawn `cardid`. */
export function land(t: T, start: number, dice: number, fieldType: QuestionField, cardid: string, stepValue = 1) {
  rollOnto(t, start, dice, fieldType, cardid, stepValue);
  t.advance(ms(t.state.settings.drawDelaySeconds, t.state.timeScale));
}

/**
 * P1 rolls 4 onto a positive field (step 0) and answers its true/false card right, so it is
 * asked where it goes: 0 + 4 + 0 + 2 (the pattern) = 6, a `field` field of step `stepValue`.
 */
export function guessAsked(t: T, field: FieldType, stepValue: number): void {
  plainBoard(t);
  setField(t, 4, "positive", 0);
  setField(t, 6, field, stepValue);
  rollAndDraw(t, "P1", 4, DeckType.POSITIVE, `pos-${CARD.trueFalse}`);
  answer(t, "P1", true);
}

/** A two-player race at `SCALE`: P1 rolls 5 onto a `field` field (step 1) and draws its `card` question. */
export function questionDrawn(field: "positive" | "negative", card: keyof typeof CARD): T {
  const t = race(["Ann", "Bob"], { timeScale: SCALE });
  plainBoard(t);
  setField(t, 5, field, 1);
  const deck = field === "positive" ? DeckType.POSITIVE : DeckType.NEGATIVE;
  rollAndDraw(t, "P1", 5, deck, `${field.slice(0, 3)}-${CARD[card]}`);
  return t;
}

export const roll = (t: T, seat: string, diceValue: number) =>
  t.must(seat, { event: "game:dice-roll", data: { gameCode: "TEST01", diceValue } });
export const answer = (t: T, seat: string, value: unknown) =>
  t.must(seat, { event: "game:card-answer", data: { answer: value } });
export const guess = (t: T, seat: string, guessedPosition: number) =>
  t.must(seat, { event: "game:position-guess", data: { guessedPosition } });
export const jokerGuess = (t: T, seat: string, guessedPosition: number) =>
  t.must(seat, { event: "game:joker-position-guess", data: { guessedPosition } });

interface Sent {
  event: string;
  data: Record<string, unknown>;
}

/** Every message sent so far, with its audience. */
export function messages(t: T, from = 0) {
  return t.sent.slice(from).map((d) => ({ to: d.to, ...(d.msg as Sent) }));
}

/** The payloads of one event, in order. */
export function events<E extends ServerEventName>(t: T, event: E, from = 0): ServerEventData<E>[] {
  return messages(t, from)
    .filter((m) => m.event === event)
    .map((m) => m.data as ServerEventData<E>);
}

export const last = <E extends ServerEventName>(t: T, event: E): ServerEventData<E> => {
  const all = events(t, event);
  const x = all[all.length - 1];
  if (!x) throw new Error(`no ${event} sent`);
  return x;
};

/** Event names sent since `from`, in order. */
export const names = (t: T, from = 0) => messages(t, from).map((m) => m.event);

export const pos = (t: T, seat: string) => t.state.players.find((p) => p.seat === seat)?.position;
export const current = (t: T) => t.state.sequence[t.state.current];
export const ms = (seconds: number, timeScale = 1) => scaledMs(timeScale, seconds);

/** The draw delay at real time (the default two seconds). */
export const DRAW_DELAY = ms(2);

/** The race's timers at a hundredth of real time, for tests that wait them out. */
export const SCALE = 0.01;
export const SCALED = {
  DRAW: ms(2, SCALE),
  ANSWER: ms(60, SCALE),
  GUESS: ms(30, SCALE),
  DECISION: ms(120, SCALE),
  AWAY: ms(30, SCALE),
};
