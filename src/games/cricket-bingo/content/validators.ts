import {
  COUNTRIES,
  type CountryCode,
  type CricketPlayer,
  type Criterion,
  type GridCategory,
  STAT_KEYS,
  type StatKey,
} from "./schema";

/** Reads a `<statKey>>=<n>` threshold, or null when the key is not a stat. */
export function parseStatThreshold(value: string): { key: StatKey; min: number } | null {
  const m = /^([a-zA-Z0-9]+)>=(\d+)$/.exec(value);
  if (!m || !(STAT_KEYS as readonly string[]).includes(m[1]!)) return null;
  return { key: m[1] as StatKey, min: Number(m[2]) };
}

/** The single criterion a non-combo cell's validator key names, or null when it is malformed. */
export function criterionOf(validator: string): Criterion | null {
  const cut = validator.indexOf(":");
  if (cut < 0) return null;
  const type = validator.slice(0, cut);
  const value = validator.slice(cut + 1);
  switch (type) {
    case "team":
    case "country":
    case "stat":
    case "role":
    case "trophy":
    case "teammate":
      return { type, value } as Criterion;
    default:
      return null;
  }
}

function countryName(value: string): string {
  return value in COUNTRIES ? COUNTRIES[value as CountryCode] : value;
}

/** One criterion against one player. Unknown stat keys never match. */
export function meets(player: CricketPlayer, c: Criterion): boolean {
  switch (c.type) {
    case "team":
      return (player.iplTeams as string[]).includes(c.value);
    case "country":
      return player.country === countryName(c.value);
    case "stat": {
      const t = parseStatThreshold(c.value);
      return t !== null && player.stats[t.key] >= t.min;
    }
    case "role":
      // "Batsman" cells take wicket-keeper batsmen too; the other roles are exact.
      return c.value === "Batsman"
        ? player.primaryRole === "Batsman" || player.primaryRole === "WK-Bat"
        : player.primaryRole === c.value;
    case "trophy":
      return player.trophies.includes(c.value);
    case "teammate":
      // Nobody is his own teammate, even if the data said so.
      return c.value !== player.id && player.teammates.some((t) => t.playerId === c.value);
  }
}

/** The criteria a cell checks: its combo criteria, or the one its validator key names. */
export function criteriaOf(cell: GridCategory): Criterion[] {
  if (cell.type === "combo") return cell.comboCriteria ?? [];
  const c = criterionOf(cell.validator);
  return c ? [c] : [];
}

/**
 * `validate(player, cell)` (docs/games/cricket-bingo.md, "Cells"): a combo needs every one of its criteria;
 * a cell whose criteria cannot be read matches nobody.
 */
export function validate(player: CricketPlayer, cell: GridCategory): boolean {
  const criteria = criteriaOf(cell);
  return criteria.length > 0 && criteria.every((c) => meets(player, c));
}

/** The players a cell accepts. */
export function eligible(players: readonly CricketPlayer[], cell: GridCategory): CricketPlayer[] {
  return players.filter((p) => validate(p, cell));
}
