import { type Kysely, sql } from "kysely";
import type { DeckRef } from "./deck-cache";

// biome-ignore lint/suspicious/noExplicitAny: SerpentRace owns these tables
type Db = Kysely<any>;

/** A game's settings beyond the document's record: the dice and the timers (ours). */
export interface GameSettings {
  physicalDice?: boolean;
  answerSeconds?: number;
  decisionSeconds?: number;
  guessSeconds?: number;
  drawDelaySeconds?: number;
}

/** The document's game record, kept beside the room that plays it. */
export interface GameRow {
  id: string;
  code: string;
  createdBy: string;
  orgId: string | null;
  loginType: 0 | 1 | 2;
  maxPlayers: number;
  boardSize: number;
  deckRefs: DeckRef[];
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  finished: boolean;
  winner: string | null;
  players: string[];
  settings: GameSettings;
  /** The game its gamemaster made after this one, for the same players (ours). */
  nextId: string | null;
}

const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toRow = (r: Record<string, unknown>): GameRow => ({
  id: String(r.id),
  code: String(r.code),
  createdBy: String(r.created_by),
  orgId: (r.org_id as string | null) ?? null,
  loginType: Number(r.login_type) as GameRow["loginType"],
  maxPlayers: Number(r.max_players),
  boardSize: Number(r.board_size),
  deckRefs: json<DeckRef[]>(r.deck_refs),
  createdAt: Number(r.created_at),
  startedAt: num(r.started_at),
  endedAt: num(r.ended_at),
  finished: Boolean(r.finished),
  winner: (r.winner as string | null) ?? null,
  players: json<string[]>(r.players),
  settings: json<GameSettings | null>(r.settings) ?? {},
  nextId: (r.next_id as string | null) ?? null,
});

export async function insertGame(
  db: Db,
  g: Omit<GameRow, "startedAt" | "endedAt" | "finished" | "winner" | "players" | "nextId">,
) {
  await sql`INSERT INTO serpent_games (id, code, created_by, org_id, login_type, max_players, board_size, deck_refs,
      created_at, settings)
    VALUES (${g.id}, ${g.code}, ${g.createdBy}, ${g.orgId}, ${g.loginType}, ${g.maxPlayers}, ${g.boardSize},
      ${JSON.stringify(g.deckRefs)}, ${g.createdAt}, ${JSON.stringify(g.settings)})`.execute(db);
}

/**
 * Name the game made after `id`, unless one is named already (two clicks at once make one
 * next game for the players). Returns the next game's id, whichever it is.
 */
export async function markNext(db: Db, id: string, nextId: string): Promise<string> {
  await sql`UPDATE serpent_games SET next_id = ${nextId} WHERE id = ${id} AND next_id IS NULL`.execute(db);
  const r = await sql<{ next_id: string }>`SELECT next_id FROM serpent_games WHERE id = ${id}`.execute(db);
  return r.rows[0]?.next_id ?? nextId;
}

export async function gameById(db: Db, id: string): Promise<GameRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM serpent_games WHERE id = ${id}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** The newest game with a room code (codes come back into use once a room closes). */
export async function gameByCode(db: Db, code: string): Promise<GameRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM serpent_games WHERE code = ${code}
    ORDER BY created_at DESC LIMIT 1`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** A gamemaster's games, newest first. */
export async function gamesOf(db: Db, userId: string, limit = 20): Promise<GameRow[]> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM serpent_games WHERE created_by = ${userId}
    ORDER BY created_at DESC LIMIT ${limit}`.execute(db);
  return r.rows.map(toRow);
}

export async function markStarted(db: Db, id: string, at: number, players: string[]): Promise<void> {
  await sql`UPDATE serpent_games SET started_at = ${at}, players = ${JSON.stringify(players)} WHERE id = ${id}`.execute(
    db,
  );
}

export async function markEnded(db: Db, id: string, at: number, winner: string | null, players: string[]) {
  await sql`UPDATE serpent_games SET ended_at = ${at}, finished = true, winner = ${winner},
    players = ${JSON.stringify(players)} WHERE id = ${id}`.execute(db);
}

/** A gamemaster's newest game that has not finished (where their socket goes when it names none). */
export async function latestOpenGame(db: Db, userId: string): Promise<GameRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM serpent_games WHERE created_by = ${userId}
    AND finished = false ORDER BY created_at DESC LIMIT 1`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}
