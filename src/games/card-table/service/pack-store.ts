import { type Kysely, sql } from "kysely";
import { CardPack } from "../content/schema";

// biome-ignore lint/suspicious/noExplicitAny: the card table owns these tables
type Db = Kysely<any>;
const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/** A stored pack without its cards: what listings and quota checks read. */
export interface PackRow {
  id: string;
  version: number;
  name: string;
  description: string | null;
  official: boolean;
  owner: string | null;
  shared: boolean;
  counts: Record<string, number>;
  cardCount: number;
  bytes: number;
}

const COLUMNS = sql`id, version, name, description, official, owner, shared, counts, card_count, bytes`;

function toRow(r: Record<string, unknown>): PackRow {
  return {
    id: String(r.id),
    version: Number(r.version),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    official: Boolean(r.official),
    owner: (r.owner as string | null) ?? null,
    shared: Boolean(r.shared),
    counts: json(r.counts) as Record<string, number>,
    cardCount: Number(r.card_count),
    bytes: Number(r.bytes),
  };
}

export const packCounts = (pack: CardPack) =>
  Object.fromEntries(Object.entries(pack.cards).map(([deck, cards]) => [deck, cards.length]));
export const packCardCount = (pack: CardPack) => Object.values(pack.cards).reduce((n, c) => n + c.length, 0);
/** What a pack takes as stored: its cards and every other field (name, description), as JSON. */
export const packBytes = (pack: CardPack) => Buffer.byteLength(JSON.stringify(pack));

/** Whether `owner` may see (and use) a stored pack: shared ones, and their own. */
export const visibleTo = (row: Pick<PackRow, "shared" | "owner">, owner: string | null) =>
  row.shared || (owner !== null && row.owner === owner);

/**
 * The newest version of a pack id that is not deleted, whoever owns it. Ids are one
 * namespace: a taken id is refused to anyone but its owner.
 */
export async function latestPack(db: Db, id: string): Promise<PackRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT ${COLUMNS} FROM card_packs
    WHERE id = ${id} AND deleted_at IS NULL ORDER BY version DESC LIMIT 1`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Store a new version of a pack (version 1, or one above any earlier version of that id). */
export async function savePackVersion(db: Db, pack: CardPack, owner: string | null, shared: boolean): Promise<number> {
  const r = await sql<{ version: number }>`INSERT INTO card_packs
      (id, version, name, description, official, cards, owner, shared, counts, card_count, bytes)
    SELECT ${pack.id}, COALESCE(MAX(version), 0) + 1, ${pack.name}, ${pack.description ?? null}, ${pack.official},
      ${JSON.stringify(pack.cards)}, ${owner}, ${shared}, ${JSON.stringify(packCounts(pack))},
      ${packCardCount(pack)}, ${packBytes(pack)}
    FROM card_packs WHERE id = ${pack.id}
    RETURNING version`.execute(db);
  return Number(r.rows[0]!.version);
}

/** One version's cards (immutable once stored), or null. */
export async function loadPackVersion(db: Db, id: string, version: number): Promise<CardPack | null> {
  const r = await sql<{ id: string; name: string; description: string | null; official: boolean; cards: unknown }>`
    SELECT id, name, description, official, cards FROM card_packs WHERE id = ${id} AND version = ${version}`.execute(
    db,
  );
  const row = r.rows[0];
  if (!row) return null;
  return CardPack.parse({
    id: row.id,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    official: row.official,
    cards: json(row.cards),
  });
}

/** Which uploaded packs a listing shows: those `owner` may see, only theirs, or only shared ones. */
export type PackScope = "visible" | "mine" | "shared";

/**
 * One page of the newest versions of uploaded packs, by id, after `after` (exclusive),
 * without reading any cards. Asks for one more than `limit`, so the caller knows whether
 * another page follows.
 */
export async function listPacksPage(
  db: Db,
  q: { owner: string | null; scope: PackScope; after: string | null; limit: number },
): Promise<PackRow[]> {
  const who =
    q.scope === "mine"
      ? sql`owner = ${q.owner}`
      : q.scope === "shared"
        ? sql`shared`
        : sql`(shared OR owner = ${q.owner})`;
  const after = q.after === null ? sql`` : sql`AND id > ${q.after}`;
  const r = await sql<Record<string, unknown>>`SELECT DISTINCT ON (id) ${COLUMNS} FROM card_packs
    WHERE deleted_at IS NULL AND ${who} ${after}
    ORDER BY id, version DESC LIMIT ${q.limit + 1}`.execute(db);
  return r.rows.map(toRow);
}

/**
 * What an owner keeps now (deleted packs no longer count): their packs, and the bytes of
 * those and of the definitions they uploaded.
 */
export async function ownerUsage(db: Db, owner: string): Promise<{ packs: number; bytes: number }> {
  const r = await sql<{ packs: number; bytes: number }>`SELECT
      COUNT(DISTINCT id)::int AS packs, COALESCE(SUM(bytes), 0)::bigint AS bytes
    FROM card_packs WHERE owner = ${owner} AND deleted_at IS NULL`.execute(db);
  const d = await sql<{ bytes: number }>`SELECT COALESCE(SUM(bytes), 0)::bigint AS bytes
    FROM game_definitions WHERE owner = ${owner}`.execute(db);
  const row = r.rows[0]!;
  return { packs: Number(row.packs), bytes: Number(row.bytes) + Number(d.rows[0]!.bytes) };
}

/**
 * Bytes of every stored pack version and uploaded definition, for the server's total quota
 * (deleted packs not yet purged count).
 */
export async function storedUploadBytes(db: Db): Promise<number> {
  const r = await sql<{ total: number }>`SELECT
      (SELECT COALESCE(SUM(bytes), 0) FROM card_packs)::bigint
      + (SELECT COALESCE(SUM(bytes), 0) FROM game_definitions WHERE owner IS NOT NULL)::bigint AS total`.execute(db);
  return Number(r.rows[0]!.total);
}

export async function setShared(db: Db, id: string, shared: boolean): Promise<void> {
  await sql`UPDATE card_packs SET shared = ${shared} WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
}

/**
 * Delete a pack for its owner: every version leaves listings and new rooms at once. The
 * cards stay until no open room can still name them (`purgeDeletedPacks`), so games in
 * progress and their replays keep working.
 */
export async function deletePack(db: Db, id: string, now: number): Promise<void> {
  await sql`UPDATE card_packs SET deleted_at = to_timestamp(${now / 1000}) WHERE id = ${id} AND deleted_at IS NULL`.execute(
    db,
  );
}

/**
 * Forget deleted versions that no open Card Table room can name. A room names only a
 * version that existed, undeleted, when the room was created; so a deleted version may go
 * once no open room was created between its upload and its deletion.
 */
export async function purgeDeletedPacks(db: Db): Promise<number> {
  const r = await sql`DELETE FROM card_packs p WHERE p.deleted_at IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM rooms r WHERE r.status = 'open' AND r.game = 'card-table'
        AND r.created_at >= EXTRACT(EPOCH FROM p.created_at) * 1000 - 1000
        AND r.created_at <= EXTRACT(EPOCH FROM p.deleted_at) * 1000 + 1000)`.execute(db);
  return Number(r.numAffectedRows ?? 0n);
}
