import type { DeckSummary, NewGame } from "./api";
import { BOARD_SIZE } from "./board";

/** The gamemaster's choices before a race, and what is wrong with them, in words. */
export interface CreateFormState {
  deckids: string[];
  logintype: 0 | 1 | 2;
  orgid: string | null;
  maxplayers: string;
  /** The board's fields (ours, beyond the document): 100 unless the gamemaster wants a shorter or longer race. */
  boardSize: string;
  physicalDice: boolean;
}

export const DEFAULT_CREATE: CreateFormState = {
  deckids: [],
  logintype: 0,
  orgid: null,
  maxplayers: "10",
  boardSize: String(BOARD_SIZE.default),
  physicalDice: false,
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
  };
}
