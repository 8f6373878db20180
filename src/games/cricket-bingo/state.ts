import type { GridCategory } from "./content/schema";
import type { GridSize, Mode } from "./params";
import type { WinLine } from "./win-lines";

/**
 * What a player may see of a card once it is drawn
 * (docs/games/cricket-bingo.md, Decisions D4): never what decides cells.
 */
export interface PublicCard {
  id: string;
  name: string;
  country: string;
  countryFlag: string;
  /** Absent when the shirt number is not known. */
  jerseyNumber?: number;
}

/** A card of the daily deck as the rules hold it: the public face and the cells it fits. */
export interface DeckCard extends PublicCard {
  /** Grid categoryIds this player satisfies, worked out when the day was generated. */
  fits: string[];
}

/** A filled cell: who is in it, and whether a wildcard put him there. */
export interface Placement extends PublicCard {
  by: "placed" | "wildcard";
}

/** One played turn, with the points it scored. */
export interface HistoryEntry {
  /** The deck position of the card played: 0 for the first card. */
  turnNumber: number;
  player: PublicCard;
  action: "placed" | "skipped" | "wildcard";
  /** The categoryId for a placement or wildcard. */
  targetCell?: string;
  /** For a placement, whether the player fitted; always true for a wildcard. */
  wasValid?: boolean;
  /** The `now` the turn was played at (ms). */
  timestamp: number;
  /** Points this turn added, the bingo bonus included. */
  scoreDelta: number;
}

export type Status = "playing" | "won" | "lost";

/**
 * The state (docs/games/cricket-bingo.md, "State and view") of one player's attempt at one
 * day, JSON-serialisable and self-contained: the grid and the deck (with each card's fitting
 * cells) are copied in, so applying a turn needs no database and a stored game survives a content change.
 */
export interface GameState {
  /** `${date}:${gridSize}`, e.g. "2027-03-14:4". */
  dailyGameId: string;
  date: string;
  gridSize: GridSize;
  mode: Mode;
  /** The catalog version the day was generated from; replay checks it. */
  contentVersion: string;
  grid: GridCategory[];
  /** The 40 cards in draw order. Secret: only `view` decides what leaves. */
  deck: DeckCard[];
  /** The position of the current card; 40 once the deck is spent. */
  deckIndex: number;
  /** The card to play now, or null once the game is over. */
  currentPlayer: PublicCard | null;
  /** Filled cells by categoryId. A key, once set, never changes. */
  placements: Record<string, Placement>;
  /** Lives: starts at 20 (3×3) or 25 (4×4); a skip or a wrong placement costs one. */
  remainingPlayers: number;
  wildcardsLeft: number;
  score: number;
  /** Successful placements (wildcards included) since the last skip or wrong placement. */
  streak: number;
  status: Status;
  winLine: WinLine | null;
  history: HistoryEntry[];
}

export function publicCard(card: PublicCard): PublicCard {
  const out: PublicCard = { id: card.id, name: card.name, country: card.country, countryFlag: card.countryFlag };
  if (card.jerseyNumber !== undefined) out.jerseyNumber = card.jerseyNumber;
  return out;
}
