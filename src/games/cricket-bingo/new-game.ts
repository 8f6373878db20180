import { type DailyGame, type GenerateOptions, generateDaily } from "./generate";
import { type GridSize, type Mode, PARAMS } from "./params";
import { type DeckCard, type GameState, publicCard } from "./state";

/** One player's fresh attempt at a generated day, playing from its first card. */
export function newGame(day: DailyGame, mode: Mode = "classic"): GameState {
  const deck: DeckCard[] = day.dailyDeck.map((p, i) => ({ ...publicCard(p), fits: [...day.fits[i]!] }));
  return {
    dailyGameId: `${day.date}:${day.gridSize}`,
    date: day.date,
    gridSize: day.gridSize,
    mode,
    contentVersion: day.contentVersion,
    grid: structuredClone(day.grid),
    deck,
    deckIndex: 0,
    currentPlayer: publicCard(deck[0]!),
    placements: {},
    remainingPlayers: PARAMS[day.gridSize].lives,
    wildcardsLeft: PARAMS[day.gridSize].wildcards,
    score: 0,
    streak: 0,
    status: "playing",
    winLine: null,
    history: [],
  };
}

/** Generates the day (see `generateDaily`) and starts a game on it. */
export function startDaily(date: string, gridSize: GridSize, mode: Mode = "classic", options?: GenerateOptions) {
  return newGame(generateDaily(date, gridSize, options), mode);
}
