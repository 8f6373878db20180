import type { TIMER_SECONDS } from "../../../../src/games/serpent-race/options";
import type { DeckSummary, NewGame } from "./api";
import { BOARD_SIZE } from "./board";

/** The timers a game may choose (the server's `TIMER_SECONDS`: the same numbers, or the build fails). */
export const TIMERS: typeof TIMER_SECONDS = {
  answerSeconds: { min: 5, max: 600, default: 60 },
  decisionSeconds: { min: 10, max: 600, default: 120 },
  guessSeconds: { min: 5, max: 300, default: 30 },
  drawDelaySeconds: { min: 1, max: 10, default: 2 },
};
export type TimerName = keyof typeof TIMERS;
export const TIMER_NAMES = Object.keys(TIMERS) as TimerName[];

/** Each timer in words, for the form and its errors. */
export const TIMER_LABEL: Record<TimerName, string> = {
  answerSeconds: "Time to answer a card",
  decisionSeconds: "Time for your joker ruling",
  guessSeconds: "Time to work out the field",
  drawDelaySeconds: "Pause before a card is drawn",
};

/** The gamemaster's choices before a race, and what is wrong with them, in words. */
export interface CreateFormState {
  deckids: string[];
  logintype: 0 | 1 | 2;
  orgid: string | null;
  maxplayers: string;
  /** The board's fields (ours, beyond the document): 100 unless the gamemaster wants a shorter or longer race. */
  boardSize: string;
  physicalDice: boolean;
  /** The timers in seconds, as typed (ours: the document fixes them at 60, 120, 30 and 2). */
  timers: Record<TimerName, string>;
}

export const DEFAULT_CREATE: CreateFormState = {
  deckids: [],
  logintype: 0,
  orgid: null,
  maxplayers: "10",
  boardSize: String(BOARD_SIZE.default),
  physicalDice: false,
  timers: {
    answerSeconds: String(TIMERS.answerSeconds.default),
    decisionSeconds: String(TIMERS.decisionSeconds.default),
    guessSeconds: String(TIMERS.guessSeconds.default),
    drawDelaySeconds: String(TIMERS.drawDelaySeconds.default),
  },
};

/** The decks ticked when the form opens: the shipped ones, one full set of every field type. */
export const defaultDecks = (decks: readonly DeckSummary[]): string[] =>
  decks.filter((d) => d.builtin).map((d) => d.deckid);

const FIELD_OF_DECK = ["reward (+)", "penalty (−)", "luck (★)", "joker"] as const;

/** Deck types the chosen decks leave empty: those fields draw nothing (the turn moves on). */
export function missingDeckTypes(decks: readonly DeckSummary[], chosen: readonly string[]): string[] {
  const types = new Set(decks.filter((d) => chosen.includes(d.deckid)).map((d) => d.decktype));
  return FIELD_OF_DECK.filter((_, t) => !types.has(t));
}

export function createProblem(f: CreateFormState): string | null {
  if (f.deckids.length === 0) return "Choose at least one deck.";
  const n = Number(f.maxplayers);
  if (!Number.isInteger(n) || n < 2 || n > 10) return "Players: a whole number from 2 to 10.";
  const size = Number(f.boardSize);
  if (!Number.isInteger(size) || size < BOARD_SIZE.min || size > BOARD_SIZE.max)
    return `Board size: a whole number of fields from ${BOARD_SIZE.min} to ${BOARD_SIZE.max}.`;
  for (const name of TIMER_NAMES) {
    const n = Number(f.timers[name]);
    const { min, max } = TIMERS[name];
    if (f.timers[name].trim() === "" || !Number.isInteger(n) || n < min || n > max)
      return `${TIMER_LABEL[name]}: a whole number of seconds from ${min} to ${max}.`;
  }
  if (f.logintype === 2 && !f.orgid) return "Choose the organisation whose members may join, or create one.";
  return null;
}

export function toNewGame(f: CreateFormState): NewGame {
  return {
    deckids: f.deckids,
    maxplayers: Number(f.maxplayers),
    logintype: f.logintype,
    ...(f.logintype === 2 && f.orgid ? { orgid: f.orgid } : {}),
    ...(f.physicalDice ? { physicalDice: true } : {}),
    ...(Number(f.boardSize) !== BOARD_SIZE.default ? { boardSize: Number(f.boardSize) } : {}),
    ...Object.fromEntries(
      TIMER_NAMES.filter((name) => Number(f.timers[name]) !== TIMERS[name].default).map((name) => [
        name,
        Number(f.timers[name]),
      ]),
    ),
  };
}
