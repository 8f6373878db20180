/**
 * Cricket Bingo's wire types, taken from the server's own schemas (type-only imports: the
 * browser bundle never pulls in zod or server code), so a change on either side that breaks
 * the other fails the typecheck.
 */
import type { z } from "zod";
import type { Standing as StandingSchema } from "../../../../src/games/cricket-bingo/service/schemas";
import type { BingoView, TurnResult } from "../../../../src/games/cricket-bingo/wire";

export type { GridCategory } from "../../../../src/games/cricket-bingo/content/schema";
export type { BingoView, TurnResult } from "../../../../src/games/cricket-bingo/wire";

export type GridSize = 3 | 4;
export type Mode = "classic" | "assisted";
export type Card = NonNullable<BingoView["currentPlayer"]>;
export type WinLine = NonNullable<BingoView["winLine"]>;

/**
 * Where a finished game stands on its day's board: its rank, or for a game that is not
 * ranked (a guest's, or practice) the rank it would have had.
 */
export type Standing = z.infer<typeof StandingSchema>;

/**
 * POST /games: a new attempt (201) or the one this player already has at that day and size
 * (200), in the mode it was started in, which may not be the mode asked for.
 */
export interface StartReply {
  gameId: string;
  playerToken?: string;
  ranked: boolean;
  state: BingoView;
  standing?: Standing;
}

export interface GameReply {
  gameId: string;
  ranked: boolean;
  state: BingoView;
  standing?: Standing;
}

export interface ActionReply {
  state: BingoView;
  result: TurnResult;
  standing?: Standing;
}

/** A turn: `deckIndex` names the card on show when the player decided, so a retry is never played twice. */
export type BingoAction =
  | { type: "PLACE" | "WILDCARD"; categoryId: string; deckIndex: number }
  | { type: "SKIP"; deckIndex: number };

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

/** GET /me/games: the attempts this player has at a day (docs/games/cricket-bingo.md, Decisions D7: one per size). */
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

/** Lives per size (docs/games/cricket-bingo.md, "Parameters"), for the setup screen's wording only. */
export const LIVES: Record<GridSize, number> = { 3: 20, 4: 25 };
