import { z } from "zod";
import { GridCategory } from "./content/schema";
import { DECK_SIZE, MODES } from "./params";
import { isIsoDate } from "./seed";

/**
 * Cricket Bingo's wire shapes: what the REST layer parses at the door and what it sends.
 * Types come from these schemas; tests parse every view and result with them.
 */

export const IsoDate = z.string().refine(isIsoDate, "a real date written YYYY-MM-DD");
export const GridSizeSchema = z.union([z.literal(3), z.literal(4)]);
export const ModeSchema = z.enum(MODES);

/**
 * The card the player decided on: its position in the deck (`deckIndex` of the state they
 * saw). Optional on the wire; when given, an action for any other card is refused
 * (`turn_conflict`), so a retried request never plays the next card.
 */
const DeckIndex = z.number().int().min(0).max(DECK_SIZE);
const CellId = z.string().min(1).max(100);

/** One turn. Fields the protocol does not know are refused, not ignored. */
export const BingoAction = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("PLACE"), categoryId: CellId, deckIndex: DeckIndex.optional() }),
  z.strictObject({ type: z.literal("SKIP"), deckIndex: DeckIndex.optional() }),
  z.strictObject({ type: z.literal("WILDCARD"), categoryId: CellId, deckIndex: DeckIndex.optional() }),
]);
export type BingoAction = z.infer<typeof BingoAction>;

/** A turn as the log keeps it: the action and the server time it was played at. */
export type LoggedAction = BingoAction & { at?: number };

/** POST /api/v1/bingo/games: today's date (UTC) when `date` is absent. */
export const NewGameBody = z.object({
  gridSize: GridSizeSchema,
  mode: ModeSchema.default("classic"),
  date: IsoDate.optional(),
});

export const PublicCardSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  countryFlag: z.string(),
  jerseyNumber: z.number().int().optional(),
});

export const PlacementSchema = PublicCardSchema.extend({ by: z.enum(["placed", "wildcard"]) });

export const WinLineSchema = z.strictObject({
  kind: z.enum(["row", "column", "diagonal"]),
  index: z.number().int().min(0),
  cells: z.array(z.number().int().min(0)),
  categoryIds: z.array(z.string()),
});

export const HistoryEntrySchema = z.strictObject({
  turnNumber: z.number().int().min(0),
  player: PublicCardSchema,
  action: z.enum(["placed", "skipped", "wildcard"]),
  targetCell: z.string().optional(),
  wasValid: z.boolean().optional(),
  timestamp: z.number(),
  scoreDelta: z.number().int().min(0),
});

/**
 * The state a player sees, named as docs/games/cricket-bingo.md, "State and view" lists it:
 * the deck stays opaque (docs/games/cricket-bingo.md, Decisions D4).
 */
export const BingoViewSchema = z.strictObject({
  dailyGameId: z.string(),
  date: IsoDate,
  gridSize: GridSizeSchema,
  mode: ModeSchema,
  grid: z.array(GridCategory),
  deckSize: z.literal(DECK_SIZE),
  deckIndex: z.number().int().min(0).max(DECK_SIZE),
  currentPlayer: PublicCardSchema.nullable(),
  placements: z.record(z.string(), PlacementSchema),
  remainingPlayers: z.number().int().min(0),
  wildcardsLeft: z.number().int().min(0),
  score: z.number().int().min(0),
  streak: z.number().int().min(0),
  status: z.enum(["playing", "won", "lost"]),
  winLine: WinLineSchema.nullable(),
  history: z.array(HistoryEntrySchema),
  /** Assisted mode only: the unfilled cells the current card fits, highest priority first. */
  eligibleCells: z.array(z.string()).optional(),
  /** Assisted mode only: the first of `eligibleCells`, or null when there is none. */
  recommendedCell: z.string().nullable().optional(),
});
export type BingoView = z.infer<typeof BingoViewSchema>;

/** What one accepted action did, for the REST reply's `result`. */
export const TurnResultSchema = z.strictObject({
  action: z.enum(["placed", "skipped", "wildcard"]),
  wasValid: z.boolean().optional(),
  scoreDelta: z.number().int().min(0),
  winLine: WinLineSchema.optional(),
  status: z.enum(["playing", "won", "lost"]),
});
export type TurnResult = z.infer<typeof TurnResultSchema>;
