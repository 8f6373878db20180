import { type Kysely, sql } from "kysely";
import { GameDefinition } from "../definition";

// biome-ignore lint/suspicious/noExplicitAny: the card table owns these tables
type Db = Kysely<any>;

const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/** What a definition takes as stored, counted toward its uploader's quota. */
export const definitionBytes = (def: GameDefinition) => Buffer.byteLength(JSON.stringify(def));

/**
 * Game definitions, kept in the document's `game_definitions` table (packs: pack-store.ts).
 * An uploaded one belongs to `owner`; the shipped ones (`replace`, at every start) to nobody.
 */
export async function saveDefinition(
  db: Db,
  def: GameDefinition,
  opts: { replace?: boolean; owner?: string | null } = {},
): Promise<boolean> {
  const body = JSON.stringify(def);
  const owner = opts.owner ?? null;
  const bytes = Buffer.byteLength(body);
  const r = opts.replace
    ? await sql`INSERT INTO game_definitions (id, name, definition, owner, bytes)
        VALUES (${def.id}, ${def.name}, ${body}, ${owner}, ${bytes})
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, definition = excluded.definition,
          owner = excluded.owner, bytes = excluded.bytes`.execute(db)
    : await sql`INSERT INTO game_definitions (id, name, definition, owner, bytes)
        VALUES (${def.id}, ${def.name}, ${body}, ${owner}, ${bytes})
        ON CONFLICT (id) DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0n) > 0;
}

export async function loadDefinition(db: Db, id: string): Promise<GameDefinition | null> {
  const r = await sql<{ definition: unknown }>`SELECT definition FROM game_definitions WHERE id = ${id}`.execute(db);
  const row = r.rows[0];
  return row ? GameDefinition.parse(json(row.definition)) : null;
}

/** Whether a stored definition has this id (without reading it). */
export async function definitionExists(db: Db, id: string): Promise<boolean> {
  const r = await sql`SELECT 1 FROM game_definitions WHERE id = ${id}`.execute(db);
  return r.rows.length > 0;
}

/** What a definitions listing shows of one: never its phases, slots or decks. */
export interface DefinitionRow {
  id: string;
  name: string;
  description: string;
  minPlayers: number;
  maxPlayers: number;
  variants: GameDefinition["variants"];
  defaultSettings: GameDefinition["defaultSettings"];
  owner: string | null;
}

/**
 * One page of stored definitions by id, after `after` (exclusive), leaving out the ids in
 * `except` (the shipped ones, listed apart). Asks for one more than `limit`, so the caller
 * knows whether another page follows.
 */
export async function listDefinitionsPage(
  db: Db,
  q: { after: string | null; limit: number; except: string[] },
): Promise<DefinitionRow[]> {
  const after = q.after === null ? sql`` : sql`AND id > ${q.after}`;
  const except = q.except.length ? sql`AND id NOT IN (${sql.join(q.except)})` : sql``;
  const r = await sql<Record<string, unknown>>`SELECT id, name, owner,
      definition->>'description' AS description, definition->>'minPlayers' AS min_players,
      definition->>'maxPlayers' AS max_players, definition->'variants' AS variants,
      definition->'defaultSettings' AS default_settings
    FROM game_definitions WHERE true ${after} ${except}
    ORDER BY id LIMIT ${q.limit + 1}`.execute(db);
  return r.rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    description: String(row.description ?? ""),
    minPlayers: Number(row.min_players),
    maxPlayers: Number(row.max_players),
    variants: (json(row.variants) ?? []) as GameDefinition["variants"],
    defaultSettings: json(row.default_settings) as GameDefinition["defaultSettings"],
    owner: (row.owner as string | null) ?? null,
  }));
}
