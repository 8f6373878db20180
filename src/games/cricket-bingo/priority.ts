import type { CategoryType, GridCategory } from "./content/schema";

/**
 * How hard a cell type is to fill, 1 the hardest (docs/games/cricket-bingo.md, "Cells").
 * The assisted mode recommends the eligible cell of highest priority
 * (docs/games/cricket-bingo.md, Decisions D5).
 */
export const PRIORITY: Record<CategoryType, number> = {
  combo: 1,
  teammate: 2,
  trophy: 3,
  stat: 4,
  role: 5,
  team: 6,
  country: 7,
};

/**
 * Cells by priority, highest first; cells of the same type keep their grid order (the
 * document does not rank within a type, so the earlier cell comes first).
 */
export function byPriority(cells: readonly GridCategory[], grid: readonly GridCategory[]): GridCategory[] {
  const position = new Map(grid.map((c, i) => [c.id, i]));
  return [...cells].sort(
    (a, b) => PRIORITY[a.type] - PRIORITY[b.type] || (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
  );
}
