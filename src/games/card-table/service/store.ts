import { type Kysely, sql } from "kysely";
import { CardPack } from "../content/schema";
import { GameDefinition } from "../definition";

// biome-ignore lint/suspicious/noExplicitAny: the card table owns these tables
type Db = Kysely<any>;

const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/** Uploaded packs and definitions, kept in the document's tables. */
export async function savePack(db: Db, pack: CardPack): Promise<boolean> {
  const r = await sql`INSERT INTO card_packs (id, name, description, official, cards)
    VALUES (${pack.id}, ${pack.name}, ${pack.description ?? null}, ${pack.official}, ${JSON.stringify(pack.cards)})
    ON CONFLICT (id) DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0n) > 0;
}

export async function loadPack(db: Db, id: string): Promise<CardPack | null> {
  const r = await sql<{ id: string; name: string; description: string | null; official: boolean; cards: unknown }>`
    SELECT id, name, description, official, cards FROM card_packs WHERE id = ${id}`.execute(db);
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

export async function listPacks(db: Db): Promise<CardPack[]> {
  const r = await sql<{ id: string }>`SELECT id FROM card_packs ORDER BY created_at, id`.execute(db);
  const packs = await Promise.all(r.rows.map((row) => loadPack(db, row.id)));
  return packs.filter((p): p is CardPack => p !== null);
}

export async function saveDefinition(db: Db, def: GameDefinition, replace = false): Promise<boolean> {
  const body = JSON.stringify(def);
  const r = replace
    ? await sql`INSERT INTO game_definitions (id, name, definition) VALUES (${def.id}, ${def.name}, ${body})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, definition = excluded.definition`.execute(db)
    : await sql`INSERT INTO game_definitions (id, name, definition) VALUES (${def.id}, ${def.name}, ${body})
        ON CONFLICT (id) DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0n) > 0;
}

export async function loadDefinition(db: Db, id: string): Promise<GameDefinition | null> {
  const r = await sql<{ definition: unknown }>`SELECT definition FROM game_definitions WHERE id = ${id}`.execute(db);
  const row = r.rows[0];
  return row ? GameDefinition.parse(json(row.definition)) : null;
}

export async function listDefinitions(db: Db): Promise<GameDefinition[]> {
  const r = await sql<{ definition: unknown }>`SELECT definition FROM game_definitions ORDER BY id`.execute(db);
  return r.rows.map((row) => GameDefinition.parse(json(row.definition)));
}
