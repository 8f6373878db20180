import { bingoCatalog } from "./catalog";
import type { CricketPlayer, GridCategory } from "./content/schema";
import type { DailyGame } from "./generate";
import { newGame } from "./new-game";
import { DECK_SIZE, type GridSize, type Mode, PARAMS } from "./params";
import type { GameState } from "./state";

/**
 * A hand-made day for rules tests: real grid categories (so cell types and bonuses are
 * real), and 40 synthetic cards whose fitting cells the test chooses. Card k is "p<k>",
 * and by default fits cell k mod cells.
 */
export function fixtureDay(
  size: GridSize,
  fits: (card: number, grid: GridCategory[]) => string[] = (k, grid) => [grid[k % grid.length]!.id],
  grid: GridCategory[] = defaultGrid(size),
): DailyGame {
  const template = bingoCatalog().players[0]!;
  const dailyDeck: CricketPlayer[] = Array.from({ length: DECK_SIZE }, (_, k) => ({
    ...template,
    id: `p${k}`,
    name: `Player ${k}`,
    jerseyNumber: k,
  }));
  return {
    date: "2027-01-01",
    gridSize: size,
    grid,
    dailyDeck,
    seed: "0".repeat(64),
    attempts: 1,
    contentVersion: "fixture",
    fits: dailyDeck.map((_, k) => fits(k, grid)),
    solution: {},
  };
}

/** One category of each type first (combo, teammate, trophy, stat, role, team, country), then more. */
export function defaultGrid(size: GridSize): GridCategory[] {
  const cats = bingoCatalog().categories;
  const pick = (id: string) => cats.find((c) => c.id === id)!;
  const ids = [
    "combo-mi-ind",
    "teammate-ms-dhoni",
    "trophy-cwc",
    "stat-century-maker",
    "role-pacer",
    "team-csk",
    "country-aus",
    "team-rcb",
    "role-spinner",
    "country-ind",
    "stat-test-matches-50",
    "trophy-ipl",
    "team-mi",
    "role-batsman",
    "country-eng",
    "combo-aus-pacer",
  ];
  return ids.slice(0, PARAMS[size].cells).map(pick);
}

export function fixtureGame(size: GridSize = 3, mode: Mode = "classic", day = fixtureDay(size)): GameState {
  return newGame(day, mode);
}
