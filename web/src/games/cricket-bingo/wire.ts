/**
 * Cricket Bingo's wire types, taken from the server's own schemas (type-only imports: the
 * browser bundle never pulls in zod or server code), so a change on either side that breaks
 * the other fails the typecheck.
 */
import type { BingoView, TurnResult } from "../../../../src/games/cricket-bingo/wire";

export type { GridCategory } from "../../../../src/games/cricket-bingo/content/schema";
export type { BingoView, TurnResult } from "../../../../src/games/cricket-bingo/wire";

export type GridSize = 3 | 4;
export type Mode = "classic" | "assisted";
export type Card = NonNullable<BingoView["currentPlayer"]>;
export type WinLine = NonNullable<BingoView["winLine"]>;

/**
 * POST /games: a new attempt (201) or the one this player already has at that day and size
 * (200), in the mode it was started in, which may not be the mode asked for.
 */
export interface StartReply {
  gameId: string;
  playerToken?: string;
  ranked: boolean;
  state: BingoView;
}

export interface ActionReply {
  state: BingoView;
  result: TurnResult;
}

export type BingoAction = { type: "PLACE" | "WILDCARD"; categoryId: string } | { type: "SKIP" };

export interface LeaderboardRow {
  rank: number;
  displayName: string;
  score: number;
  result: "playing" | "won" | "lost";
}

export interface LeaderboardReply {
  date: string;
  gridSize: GridSize;
  mode: Mode;
  players: number;
  top: LeaderboardRow[];
  you: LeaderboardRow | null;
}

/** GET /me/games: the attempts this player has at a day (RULINGS 7: one per size). */
export interface MyGamesReply {
  date: string;
  games: {
    gameId: string;
    gridSize: GridSize;
    mode: Mode;
    ranked: boolean;
    status: "playing" | "won" | "lost";
    score: number;
  }[];
}

export interface StreaksReply {
  streaks: Record<"3" | "4", { played: number; won: number }>;
}

/** The document's parameters table (§11), for the setup screen's wording only. */
export const LIVES: Record<GridSize, number> = { 3: 20, 4: 25 };
