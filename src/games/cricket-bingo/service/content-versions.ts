import { type Kysely, sql } from "kysely";
import { ApiRefusal } from "../../../engine/module";
import { buildCatalog, type Catalog } from "../catalog";
import type { CricketPlayer, GridCategory } from "../content/schema";

// biome-ignore lint/suspicious/noExplicitAny: Cricket Bingo owns these tables
type Db = Kysely<any>;

/**
 * Every content version a game was dealt from, kept once by its version (the catalog's hash)
 * in `bingo_content_versions`, so a stored game replays and goes on with the very players
 * and cells it was dealt, whatever the content has become since
 * (docs/games/cricket-bingo.md, "Decisions"). The body is the catalog's own input, as text:
 * rebuilding the catalog from it gives the same version, which is checked.
 */
function bodyOf(c: Catalog): string {
  return JSON.stringify({ players: c.players, categories: c.categories });
}

/** Keep this catalog's version (a no-op when it is kept already). */
export async function keepVersion(db: Db, catalog: Catalog, now: number): Promise<void> {
  await sql`INSERT INTO bingo_content_versions (version, body, stored_at)
    VALUES (${catalog.version}, ${bodyOf(catalog)}, ${now}) ON CONFLICT (version) DO NOTHING`.execute(db);
}

/** Older versions read back, a few at a time (each is a whole catalog). */
const older = new Map<string, Promise<Catalog | null>>();
const OLDER_LIMIT = 4;

async function load(db: Db, version: string): Promise<Catalog | null> {
  const r = await sql<{ body: string }>`SELECT body FROM bingo_content_versions WHERE version = ${version}`.execute(db);
  const row = r.rows[0];
  if (!row) return null;
  const body = JSON.parse(row.body) as { players: CricketPlayer[]; categories: GridCategory[] };
  const catalog = buildCatalog(body.players, body.categories);
  if (catalog.version !== version)
    throw new Error(`cricket-bingo: stored content ${version} reads back as ${catalog.version}`);
  return catalog;
}

/**
 * The catalog of `version`: the current one, or a kept one. A game dealt before versions
 * were kept, from content since changed, has none: 410 content_changed.
 */
export async function catalogOf(db: Db, current: Catalog, version: string): Promise<Catalog> {
  if (version === current.version) return current;
  let found = older.get(version);
  if (!found) {
    found = load(db, version);
    older.set(version, found);
    found.catch(() => older.delete(version));
    if (older.size > OLDER_LIMIT) older.delete(older.keys().next().value as string);
  }
  const catalog = await found;
  if (!catalog) {
    older.delete(version);
    throw new ApiRefusal(
      410,
      "content_changed",
      "This game was dealt from cricket records this server no longer has; it can no longer be shown or continued.",
    );
  }
  return catalog;
}
