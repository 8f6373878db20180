import { type Kysely, sql } from "kysely";
import { GameDefinition } from "../definition";

// biome-ignore lint/suspicious/noExplicitAny: the card table owns these tables
type Db = Kysely<any>;

const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/** Game definitions, kept in the document's `game_definitions` table (packs: pack-store.ts). */
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
