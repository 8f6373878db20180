/**
 * Cricket Bingo's pure core (seeds/cricket-bingo.md with RULINGS 1–7). What the REST layer
 * calls:
 *
 *   generateDaily(date, size)          the day: grid, 40-card deck, seed (cache it per date and size)
 *   dailyPublic(day)                   GET /daily: { date, gridSize, grid, deckSize }, never the deck
 *   newGame(day, mode)                 a fresh attempt, status "playing"
 *   act(state, action, now)            one turn: { state, result } or { error: { code, message } }
 *   view(state)                        the state a player may see (RULINGS 4 and 5)
 *   replay(date, size, mode, actions)  the state again, from the logged turns
 *
 * States are plain JSON; every accepted action is an input to log with its `now`.
 */
import type { ServiceModule } from "../../engine/module";
import { bingoMigrations } from "./service/migrations";
import { bingoRoutes } from "./service/routes";

export { bingoCatalog, buildCatalog, type Catalog } from "./catalog";
export { type BingoCode, refuseBingo } from "./codes";
export { type DailyGame, dailyPublic, type GenerateOptions, generateDaily } from "./generate";
export { newGame, startDaily } from "./new-game";
export { DECK_SIZE, GRID_SIZES, type GridSize, MODES, type Mode, PARAMS } from "./params";
export { type ReplayOptions, replay } from "./replay";
export { act, type Turn } from "./rules";
export { dailySeed, isIsoDate, utcDate } from "./seed";
export type { DeckCard, GameState, HistoryEntry, Placement, PublicCard, Status } from "./state";
export { view } from "./view";
export type { WinLine } from "./win-lines";
export {
  BingoAction,
  type BingoView,
  BingoViewSchema,
  type LoggedAction,
  NewGameBody,
  type TurnResult,
  TurnResultSchema,
} from "./wire";

/** Cricket Bingo as the server hosts it: REST routes under /api/v1/bingo and its tables. */
export const cricketBingoModule: ServiceModule = {
  id: "cricket-bingo",
  title: "Cricket Bingo",
  slug: "bingo",
  migrations: bingoMigrations,
  routes: bingoRoutes,
};
