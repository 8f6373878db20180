import { createHash } from "node:crypto";
import { loadCategories, loadCricketPlayers } from "./content/index";
import type { CricketPlayer, GridCategory } from "./content/schema";
import { acceptanceTable } from "./validators";

/**
 * The content a daily game is generated from: players and categories in id order (so a
 * reshuffle of the country files changes nothing), a version that names this exact content,
 * and which category accepts which player.
 */
export interface Catalog {
  players: CricketPlayer[];
  categories: GridCategory[];
  /** First 16 hex digits of the SHA-256 of the content: a game records it, a replay checks it. */
  version: string;
  /** `accepts.get(categoryId)[i]` is 1 when players[i] fits that category. */
  accepts: Map<string, Uint8Array>;
  index: Map<string, number>;
}

export function buildCatalog(players: readonly CricketPlayer[], categories: readonly GridCategory[]): Catalog {
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const ps = [...players].sort(byId);
  const cs = [...categories].sort(byId);
  const version = createHash("sha256")
    .update(JSON.stringify({ players: ps, categories: cs }))
    .digest("hex")
    .slice(0, 16);
  return {
    players: ps,
    categories: cs,
    version,
    accepts: acceptanceTable(ps, cs),
    index: new Map(ps.map((p, i) => [p.id, i])),
  };
}

let shipped: Catalog | null = null;

/** The catalog of the shipped content (`content/`), built on first use. */
export function bingoCatalog(): Catalog {
  shipped ??= buildCatalog(loadCricketPlayers(), loadCategories());
  return shipped;
}
