import { rngInt, rngShuffle } from "../../engine/rng";
import { bingoCatalog, type Catalog } from "./catalog";
import type { CricketPlayer, GridCategory } from "./content/schema";
import { hasCompleteMatching, maximumMatching } from "./matching";
import { DECK_SIZE, type GridSize, isGridSize, PARAMS } from "./params";
import { dailySeed, isIsoDate, rngFromSeed } from "./seed";

/** One date's game: grid and deck, with what generation found out along the way. */
export interface DailyGame {
  date: string;
  gridSize: GridSize;
  /** 9 or 16 cells, row-major. */
  grid: GridCategory[];
  /** The 40 cards in draw order. Never leaves the server (docs/games/cricket-bingo.md, Decisions D4). */
  dailyDeck: CricketPlayer[];
  /** The seed the day was dealt from: `dailySeed(date, secret)`, 64 hex digits. */
  seed: string;
  /** Candidate grids drawn until one was solvable against its own deck (1 = the first). */
  attempts: number;
  /** The catalog version this day was generated from. */
  contentVersion: string;
  /** Per card, in deck order: the ids of the grid cells it fits, in grid order. */
  fits: string[][];
  /** One complete assignment (categoryId → player id) that proves the day solvable. */
  solution: Record<string, string>;
}

/**
 * Decides whether a candidate grid can be completed from its deck. `candidates[i]` lists the
 * deck positions that fit cell i. The default is the bipartite matching
 * (docs/games/cricket-bingo.md, Decisions D2); the benchmark passes the document's
 * backtracking instead, on the same grids and decks.
 */
export type SolvabilityCheck = (candidates: number[][], grid: GridCategory[], deck: CricketPlayer[]) => boolean;

export interface GenerateOptions {
  catalog?: Catalog;
  solvable?: SolvabilityCheck;
  /**
   * The deployment's secret, mixed into the date seed (`dailySeed`): the server always
   * passes one. Without it the seed is the document's public one.
   */
  secret?: string;
  /** The seed itself (64 hex digits), as a stored game recorded it; overrides `secret`. */
  seed?: string;
}

/** Candidate grids tried before generation gives up; no date of 2025–2030 comes close. */
export const MAX_ATTEMPTS = 1000;

/**
 * docs/games/cricket-bingo.md, "Daily generation" and Decisions D2: draw the grid's
 * categories one by one without duplicates; gather every player who fits at least one
 * cell, pad with random distractors if fewer than 40, shuffle and take 40; keep the grid
 * only if that deck can complete it, and otherwise draw again from the categories still in
 * the pool. When the pool runs out it is refilled with every category, so generation always
 * ends. Pure: the same date, size and content always give the same day.
 */
export function generateDaily(date: string, gridSize: GridSize, options: GenerateOptions = {}): DailyGame {
  if (!isIsoDate(date)) throw new RangeError(`cricket-bingo: not a date: ${String(date)}`);
  if (!isGridSize(gridSize)) throw new RangeError(`cricket-bingo: grid size must be 3 or 4, got ${String(gridSize)}`);
  const catalog = options.catalog ?? bingoCatalog();
  const solvable = options.solvable ?? ((candidates) => hasCompleteMatching(candidates, DECK_SIZE));
  const cells = PARAMS[gridSize].cells;
  const master = catalog.players;
  if (master.length < DECK_SIZE || catalog.categories.length < cells)
    throw new RangeError("cricket-bingo: the catalog is too small for a daily game");

  const seed = options.seed ?? dailySeed(date, options.secret);
  const rng = rngFromSeed(seed);
  let pool = [...catalog.categories];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (pool.length < cells) pool = [...catalog.categories];
    const grid: GridCategory[] = [];
    while (grid.length < cells) grid.push(pool.splice(rngInt(rng, pool.length), 1)[0]!);

    const rows = grid.map((c) => catalog.accepts.get(c.id)!);
    const fitsAny = (i: number) => rows.some((row) => row[i] === 1);
    const relevant: number[] = [];
    const others: number[] = [];
    for (let i = 0; i < master.length; i++) (fitsAny(i) ? relevant : others).push(i);
    if (relevant.length < DECK_SIZE) {
      rngShuffle(rng, others);
      relevant.push(...others.slice(0, DECK_SIZE - relevant.length));
    }
    const deck = rngShuffle(rng, relevant).slice(0, DECK_SIZE);

    const candidates = rows.map((row) => deck.flatMap((p, k) => (row[p] === 1 ? [k] : [])));
    const dailyDeck = deck.map((i) => master[i]!);
    if (!solvable(candidates, grid, dailyDeck)) continue;

    const { matchOfLeft } = maximumMatching(candidates, DECK_SIZE);
    if (matchOfLeft.includes(-1)) throw new Error("cricket-bingo: the solvability check accepted an unsolvable grid");
    const solution: Record<string, string> = {};
    grid.forEach((c, i) => {
      solution[c.id] = dailyDeck[matchOfLeft[i]!]!.id;
    });
    return {
      date,
      gridSize,
      grid,
      dailyDeck,
      seed,
      attempts: attempt,
      contentVersion: catalog.version,
      fits: deck.map((p) => grid.filter((_, i) => rows[i]![p] === 1).map((c) => c.id)),
      solution,
    };
  }
  throw new Error(`cricket-bingo: no solvable grid for ${date} (${gridSize}×${gridSize}) in ${MAX_ATTEMPTS} attempts`);
}

/** What anyone may know of a day before playing it: never the deck. */
export function dailyPublic(day: DailyGame): {
  date: string;
  gridSize: GridSize;
  grid: GridCategory[];
  deckSize: number;
} {
  return { date: day.date, gridSize: day.gridSize, grid: day.grid, deckSize: day.dailyDeck.length };
}
