import { z } from "zod";
import { GridCategory } from "../content/schema";
import { DECK_SIZE } from "../params";
import { BingoViewSchema, GridSizeSchema, IsoDate, ModeSchema, TurnResultSchema } from "../wire";

/**
 * The REST shapes of Cricket Bingo's routes as the OpenAPI description shows them (query
 * parameters are strings on the wire; the handlers parse them, each with its own refusal).
 * The test of `/docs/json` checks every route carries them.
 */

const DateParam = IsoDate.optional().describe("YYYY-MM-DD (UTC); today by default, never later");
const SizeParam = z.enum(["3", "4"]).optional().describe("grid size; 3 by default");
const ModeParam = ModeSchema.optional().describe("classic by default; ranked apart from assisted");

export const DailyQuery = z.object({ date: DateParam, size: SizeParam });
export const LeaderboardQuery = z.object({ date: DateParam, size: SizeParam, mode: ModeParam });
export const DayQuery = z.object({ date: DateParam });

export const DailyReply = z.object({
  date: IsoDate,
  gridSize: GridSizeSchema,
  grid: z.array(GridCategory),
  deckSize: z.literal(DECK_SIZE),
});

/**
 * Where a finished game stands on its day's board (its date, size and mode). A ranked game
 * has its rank; an unranked one (anonymous, or practice) is told the rank it would have had.
 */
export const Standing = z
  .strictObject({
    rank: z.number().int().min(1),
    players: z.number().int().min(1).describe("the board's finished ranked games, plus this one if it is not on it"),
    ranked: z.boolean(),
  })
  .describe("only once the game is over");

export const StartReply = z.object({
  gameId: z.string(),
  playerToken: z.string().optional().describe("only when the call made a new anonymous identity"),
  ranked: z.boolean(),
  state: BingoViewSchema,
  standing: Standing.optional(),
});

export const GameReply = z.object({
  gameId: z.string(),
  ranked: z.boolean(),
  state: BingoViewSchema,
  standing: Standing.optional(),
});

export const ActionReply = z.object({
  state: BingoViewSchema,
  result: TurnResultSchema,
  standing: Standing.optional(),
});

export const ShareReply = z.object({ text: z.string() });

const Result = z.enum(["playing", "won", "lost"]);
const BoardEntry = z.object({
  rank: z.number().int().min(1),
  displayName: z.string(),
  score: z.number().int(),
  result: Result,
});

export const LeaderboardReply = z.object({
  date: IsoDate,
  gridSize: GridSizeSchema,
  mode: ModeSchema,
  players: z.number().int().min(0),
  top: z.array(BoardEntry).max(50),
  you: BoardEntry.nullable(),
});

export const MyGamesReply = z.object({
  date: IsoDate,
  games: z.array(
    z.object({
      gameId: z.string(),
      gridSize: GridSizeSchema,
      mode: ModeSchema,
      ranked: z.boolean(),
      status: Result,
      score: z.number().int(),
    }),
  ),
});

const Run = z.object({ played: z.number().int().min(0), won: z.number().int().min(0) });
export const StreaksReply = z.object({ streaks: z.object({ "3": Run, "4": Run }) });
