import type { CricketPlayer, GridCategory } from "./content/schema";
import { validate } from "./content/validators";

/**
 * The cell validators (docs/games/cricket-bingo.md, "Cells") live with the content
 * (`content/validators.ts`): team, country (with the game's code-to-name mapping), stat,
 * role, trophy, teammate and combo.
 * The rules never call them while a game is played: a daily deck carries, for each card,
 * the grid cells it fits, worked out once when the day is generated.
 */
export { COUNTRIES as COUNTRY_NAME_BY_CODE } from "./content/schema";
export { criteriaOf, eligible, meets, validate } from "./content/validators";

/** For each category, which players (by index into `players`) it accepts: 1 or 0. */
export function acceptanceTable(
  players: readonly CricketPlayer[],
  categories: readonly GridCategory[],
): Map<string, Uint8Array> {
  const table = new Map<string, Uint8Array>();
  for (const cell of categories) {
    const row = new Uint8Array(players.length);
    players.forEach((p, i) => {
      row[i] = validate(p, cell) ? 1 : 0;
    });
    table.set(cell.id, row);
  }
  return table;
}
