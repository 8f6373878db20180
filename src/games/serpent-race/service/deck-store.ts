import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { GameCard, GameDeck } from "../content/schema";
import type { DeckBody } from "./deck-schema";

// biome-ignore lint/suspicious/noExplicitAny: SerpentRace owns these tables
type Db = Kysely<any>;

/** A stored deck version, with who may use it. */
export interface DeckRow {
  deckid: string;
  version: number;
  name: string;
  decktype: GameDeck["decktype"];
  cardCount: number;
  ownerId: string | null;
  orgId: string | null;
  visibility: "private" | "org" | "public";
  builtin: boolean;
}

const COLUMNS = sql`id, version, name, decktype, card_count, owner_id, org_id, visibility, builtin`;

const toRow = (r: Record<string, unknown>): DeckRow => ({
  deckid: String(r.id),
  version: Number(r.version),
  name: String(r.name),
  decktype: Number(r.decktype) as DeckRow["decktype"],
  cardCount: Number(r.card_count),
  ownerId: (r.owner_id as string | null) ?? null,
  orgId: (r.org_id as string | null) ?? null,
  visibility: r.visibility as DeckRow["visibility"],
  builtin: Boolean(r.builtin),
});

/** The document's cards with a `cardid` on each: the server assigns the missing ones. */
export function withCardIds(cards: DeckBody["cards"]): GameCard[] {
  return cards.map((c) => ({ ...c, cardid: c.cardid ?? `card-${randomUUID().slice(0, 8)}` }) as GameCard);
}

export async function latestDeck(db: Db, id: string): Promise<DeckRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT ${COLUMNS} FROM serpent_decks
    WHERE id = ${id} AND deleted_at IS NULL ORDER BY version DESC LIMIT 1`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** One stored version's row (deleted or not): who owns it and whom it is shared with. */
export async function deckVersion(db: Db, id: string, version: number): Promise<DeckRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT ${COLUMNS} FROM serpent_decks
    WHERE id = ${id} AND version = ${version}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export async function deckCards(db: Db, id: string, version: number): Promise<GameCard[] | null> {
  const r = await sql<{
    cards: unknown;
  }>`SELECT cards FROM serpent_decks WHERE id = ${id} AND version = ${version}`.execute(db);
  const cards = r.rows[0]?.cards;
  if (cards === undefined) return null;
  return (typeof cards === "string" ? JSON.parse(cards) : cards) as GameCard[];
}

/** A new version of a deck (version 1 for a new id). */
export async function saveDeck(
  db: Db,
  deck: { id: string; name: string; decktype: number; cards: GameCard[] },
  who: { ownerId: string | null; orgId: string | null; visibility: DeckRow["visibility"]; builtin?: boolean },
  now: number,
): Promise<number> {
  const r = await sql<{ version: number }>`INSERT INTO serpent_decks
      (id, version, name, decktype, cards, card_count, owner_id, org_id, visibility, builtin, created_at)
    SELECT ${deck.id}, COALESCE(MAX(version), 0) + 1, ${deck.name}, ${deck.decktype}, ${JSON.stringify(deck.cards)},
      ${deck.cards.length}, ${who.ownerId}, ${who.orgId}, ${who.visibility}, ${who.builtin ?? false}, ${now}
    FROM serpent_decks WHERE id = ${deck.id}
    RETURNING version`.execute(db);
  return Number(r.rows[0]!.version);
}

export async function deleteDeck(db: Db, id: string, now: number): Promise<void> {
  await sql`UPDATE serpent_decks SET deleted_at = ${now} WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
}

/**
 * Bytes an owner's stored deck versions hold (all versions, deleted ones too): every text
 * stored with a version, its name and ids as well as its cards, so no field goes uncounted.
 */
export async function ownedBytes(db: Db, userId: string): Promise<number> {
  const r = await sql<{ n: string | number }>`SELECT COALESCE(SUM(
      octet_length(id) + octet_length(name) + octet_length(cards::text) + octet_length(visibility)
      + COALESCE(octet_length(owner_id), 0) + COALESCE(octet_length(org_id), 0)), 0) AS n
    FROM serpent_decks WHERE owner_id = ${userId}`.execute(db);
  return Number(r.rows[0]!.n);
}

/**
 * Let go of an owner's deck versions nobody can reach any more: every version but a live
 * deck's newest, and all of a deleted deck's, unless an open room names it (a game keeps
 * the cards it began with). Returns how many versions went.
 */
export async function pruneDeckVersions(db: Db, userId: string): Promise<number> {
  const r = await sql`DELETE FROM serpent_decks d
    WHERE d.owner_id = ${userId} AND d.builtin = false
      AND (d.deleted_at IS NOT NULL
        OR d.version < (SELECT MAX(x.version) FROM serpent_decks x WHERE x.id = d.id))
      AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.status = 'open'
        AND r.options -> 'deckRefs' @> jsonb_build_array(jsonb_build_object('id', d.id, 'version', d.version)))`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0);
}

/**
 * The newest version of the decks a user (or nobody) may use (public ones, their own, their
 * organisations'), one page of them in the order of their ids: at most `limit`, those after
 * the id `after` when given.
 */
export async function usableDecks(
  db: Db,
  userId: string | null,
  page: { limit: number; after: string | null },
): Promise<DeckRow[]> {
  const r = await sql<Record<string, unknown>>`SELECT DISTINCT ON (id) ${COLUMNS} FROM serpent_decks d
    WHERE deleted_at IS NULL AND (visibility = 'public' OR owner_id = ${userId}
      OR (visibility = 'org' AND EXISTS (SELECT 1 FROM org_members m WHERE m.org_id = d.org_id AND m.user_id = ${userId})))
      AND (${page.after}::text IS NULL OR id > ${page.after})
    ORDER BY id, version DESC LIMIT ${page.limit}`.execute(db);
  return r.rows.map(toRow);
}

export async function ownedCount(db: Db, userId: string): Promise<number> {
  const r = await sql<{ n: number }>`SELECT COUNT(DISTINCT id)::int AS n FROM serpent_decks
    WHERE owner_id = ${userId} AND deleted_at IS NULL`.execute(db);
  return Number(r.rows[0]!.n);
}

/** Whether `userId` may use a deck (the same rule as the listing). */
export async function mayUse(db: Db, row: DeckRow, userId: string | null): Promise<boolean> {
  if (row.visibility === "public" || (userId !== null && row.ownerId === userId)) return true;
  if (row.visibility !== "org" || userId === null || row.orgId === null) return false;
  const r = await sql`SELECT 1 FROM org_members WHERE org_id = ${row.orgId} AND user_id = ${userId}`.execute(db);
  return r.rows.length > 0;
}

/** The shipped decks, kept public and read-only (written again at each start, new version only if they changed). */
export async function installBuiltinDecks(db: Db, decks: GameDeck[], now: number): Promise<void> {
  for (const d of decks) {
    const cur = await latestDeck(db, d.deckid);
    if (cur) {
      const cards = await deckCards(db, d.deckid, cur.version);
      if (sameJson(cards, d.cards) && cur.name === d.name) continue;
    }
    await saveDeck(
      db,
      { id: d.deckid, name: d.name, decktype: d.decktype, cards: d.cards },
      { ownerId: null, orgId: null, visibility: "public", builtin: true },
      now,
    );
  }
}

export const newDeckId = (): string => randomUUID();

/**
 * Equal as JSON values, whatever the order of object keys: PostgreSQL's jsonb gives keys back
 * in its own order, so comparing raw JSON text would see a change at every start.
 */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
}

function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/** One stored version with its cards, as the race reads it, or null. */
export async function loadDeckVersion(
  db: Db,
  id: string,
  version: number,
): Promise<{ deckid: string; name: string; decktype: number; cards: unknown[] } | null> {
  const r = await sql<{ name: string; decktype: number; cards: unknown }>`SELECT name, decktype, cards
    FROM serpent_decks WHERE id = ${id} AND version = ${version}`.execute(db);
  const row = r.rows[0];
  if (!row) return null;
  const cards = typeof row.cards === "string" ? JSON.parse(row.cards) : row.cards;
  return { deckid: id, name: row.name, decktype: Number(row.decktype), cards: cards as unknown[] };
}
