/**
 * Cricket Bingo's pure core (its design document as settled in docs/games/cricket-bingo.md,
 * "Decisions"). What the REST layer calls:
 *
 *   generateDaily(date, size, {secret}) the day: grid, 40-card deck, seed (cache it per date and size)
 *   dailyPublic(day)                   GET /daily: { date, gridSize, grid, deckSize }, never the deck
 *   newGame(day, mode)                 a fresh attempt, status "playing"
 *   act(state, action, now)            one turn: { state, result } or { error: { code, message } }
 *   view(state)                        the state a player may see (docs/games/cricket-bingo.md, Decisions D4 and D5)
 *   replay(date, size, mode, actions)  the state again, from the logged turns
 *
 * States are plain JSON; every accepted action is an input to log with its `now`.
 */
import type { ServiceModule } from "../../engine/module";
import { type Catalog as ContentCatalog, bingoCatalog as shippedCatalog } from "./catalog";
import { REFUSALS } from "./codes";
import { bingoMigrations } from "./service/migrations";
import { bingoRoutes } from "./service/routes";
import { keepSetup } from "./service/setup";

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

/**
 * Cricket Bingo as the server hosts it: REST routes under /api/v1/bingo and its tables. At
 * start it reads the deployment's seed secret (made and stored at the first start unless
 * DAILY_SEED_SECRET sets it); the content's version is stored before a game names it, so a
 * game can always be dealt again. `catalog` replaces the shipped content (a content change,
 * in tests).
 */
export function createBingoModule(options: { catalog?: () => ContentCatalog } = {}): ServiceModule {
  return {
    id: "cricket-bingo",
    title: "Cricket Bingo",
    slug: "bingo",
    refusals: REFUSALS,
    migrations: bingoMigrations,
    routes: bingoRoutes,
    async init(ctx) {
      if (!ctx.secret) throw new Error("cricket-bingo needs the platform's deployment secrets");
      keepSetup(ctx, await ctx.secret("daily-seed"), options.catalog ?? shippedCatalog);
    },
  };
}

export const cricketBingoModule: ServiceModule = createBingoModule();
