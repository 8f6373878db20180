import type { ContentSet } from "../../../engine/content";
import { buildPlayers } from "./build";
import { cricketChecks } from "./checks";
import { type RawLoad, readCategories, readRawPlayers } from "./load";
import { COUNTRY_NAMES, type CricketPlayer, type GridCategory } from "./schema";

export { validate } from "./validators";

/** Career figures are as of this date; retired players' figures are final. */
export const CRICKET_AS_OF = "2025-01-01";

let rawCache: RawLoad | null = null;
let playerCache: CricketPlayer[] | null = null;
let categoryCache: GridCategory[] | null = null;

function raw(): RawLoad {
  rawCache ??= readRawPlayers();
  return rawCache;
}

/** The master database: every `players/*.json` present, built into `CricketPlayer`s. */
export function loadCricketPlayers(): CricketPlayer[] {
  playerCache ??= buildPlayers(raw().records);
  return playerCache;
}

/** The grid cell pool (`categories.json`). */
export function loadCategories(): GridCategory[] {
  categoryCache ??= readCategories();
  return categoryCache;
}

export const cricketContentSet: ContentSet = {
  game: "cricket-bingo",
  name: "players and categories",
  asOf: CRICKET_AS_OF,
  counts() {
    const players = loadCricketPlayers();
    const cats = loadCategories();
    const perCountry = COUNTRY_NAMES.map((c) => players.filter((p) => p.country === c).length);
    return [
      { label: "players", value: players.length, min: 300 },
      { label: "countries", value: perCountry.filter((n) => n > 0).length, min: 10 },
      { label: "smallest country", value: Math.min(...perCountry), min: 15 },
      { label: "categories", value: cats.length, min: 45 },
      { label: "combos", value: cats.filter((c) => c.type === "combo").length, min: 10 },
      { label: "teammate cells", value: cats.filter((c) => c.type === "teammate").length, min: 6 },
      { label: "category types", value: new Set(cats.map((c) => c.type)).size, min: 7 },
    ];
  },
  checks() {
    const r = raw();
    return cricketChecks({
      raws: r.records,
      players: loadCricketPlayers(),
      categories: loadCategories(),
      loadProblems: r.problems,
      unknownIplCodes: r.unknownIplCodes,
    });
  },
};
