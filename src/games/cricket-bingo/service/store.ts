import { type Kysely, sql } from "kysely";
import type { GridSize, Mode } from "../params";
import type { BingoAction } from "../wire";

// biome-ignore lint/suspicious/noExplicitAny: Cricket Bingo owns these tables
type Db = Kysely<any>;

/** One attempt as its row keeps it (the state itself is rebuilt from the turns). */
export interface GameRow {
  id: string;
  playerId: string;
  displayName: string;
  date: string;
  gridSize: GridSize;
  mode: Mode;
  /** On the leaderboard: an account's game, played on its own date. */
  ranked: boolean;
  /** Played on its own date (today's puzzle, not practice): what streaks count. */
  onTheDay: boolean;
  /** The content version the game was dealt from (`bingo_content_versions`). */
  contentVersion: string;
  /** The seed its day was dealt from; null for games dealt before seeds had a secret (the date's public seed). */
  seed: string | null;
  status: "playing" | "won" | "lost";
  score: number;
  createdAt: number;
  finishedAt: number | null;
}

function toRow(r: Record<string, unknown>): GameRow {
  return {
    id: String(r.id),
    playerId: String(r.player_id),
    displayName: String(r.display_name),
    date: String(r.date),
    gridSize: Number(r.grid_size) as GridSize,
    mode: String(r.mode) as Mode,
    ranked: Boolean(r.ranked),
    onTheDay: Boolean(r.on_the_day),
    contentVersion: String(r.content_version),
    seed: r.seed === null || r.seed === undefined ? null : String(r.seed),
    status: String(r.status) as GameRow["status"],
    score: Number(r.score),
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at === null || r.finished_at === undefined ? null : Number(r.finished_at),
  };
}

/** The player's attempt at a date and size (docs/games/cricket-bingo.md, Decisions D7: one, whatever its mode). */
export async function findAttempt(db: Db, playerId: string, date: string, gridSize: GridSize): Promise<GameRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM bingo_games
    WHERE player_id = ${playerId} AND date = ${date} AND grid_size = ${gridSize} AND NOT extra_attempt`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** The player's attempts at a date, one per size at most, smallest grid first. */
export async function attemptsOn(db: Db, playerId: string, date: string): Promise<GameRow[]> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM bingo_games
    WHERE player_id = ${playerId} AND date = ${date} AND NOT extra_attempt ORDER BY grid_size`.execute(db);
  return r.rows.map(toRow);
}

export async function getGame(db: Db, id: string): Promise<GameRow | null> {
  const r = await sql<Record<string, unknown>>`SELECT * FROM bingo_games WHERE id = ${id}`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** A new attempt; if the same player started the same one meanwhile, theirs is kept (null). */
export async function insertGame(db: Db, g: GameRow): Promise<boolean> {
  const r = await sql`INSERT INTO bingo_games
      (id, player_id, display_name, date, grid_size, mode, ranked, on_the_day, content_version, seed, status, score,
        created_at)
    VALUES (${g.id}, ${g.playerId}, ${g.displayName}, ${g.date}, ${g.gridSize}, ${g.mode}, ${g.ranked}, ${g.onTheDay},
      ${g.contentVersion}, ${g.seed}, ${g.status}, ${g.score}, ${g.createdAt})
    ON CONFLICT (player_id, date, grid_size) WHERE NOT extra_attempt DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0n) > 0;
}

export async function turnsOf(db: Db, gameId: string): Promise<{ seq: number; at: number; action: BingoAction }[]> {
  const r = await sql<{ seq: number; at: number | string; action: unknown }>`SELECT seq, at, action FROM bingo_turns
    WHERE game_id = ${gameId} ORDER BY seq`.execute(db);
  return r.rows.map((row) => ({
    seq: Number(row.seq),
    at: Number(row.at),
    action: (typeof row.action === "string" ? JSON.parse(row.action) : row.action) as BingoAction,
  }));
}

/**
 * Log one accepted turn and the game's standing after it, in one transaction. The turn's
 * sequence number is unique per game: when that turn is already logged (another server, or
 * a copy of the state that was out of date, played it first) nothing is written and the
 * answer is false.
 */
export async function appendTurn(
  db: Db,
  gameId: string,
  turn: { seq: number; at: number; action: BingoAction },
  after: { status: GameRow["status"]; score: number; streakBest: number },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const r = await sql`INSERT INTO bingo_turns (game_id, seq, at, action)
      VALUES (${gameId}, ${turn.seq}, ${turn.at}, ${JSON.stringify(turn.action)})
      ON CONFLICT (game_id, seq) DO NOTHING`.execute(tx);
    if (Number(r.numAffectedRows ?? 0n) === 0) return false;
    await sql`UPDATE bingo_games SET status = ${after.status}, score = ${after.score},
        streak_best = GREATEST(streak_best, ${after.streakBest}),
        finished_at = ${after.status === "playing" ? null : turn.at}
      WHERE id = ${gameId}`.execute(tx);
    return true;
  });
}

export interface BoardRow {
  playerId: string;
  displayName: string;
  score: number;
  status: "won" | "lost";
  finishedAt: number;
}

/** Finished ranked games of a day, best first (ties: the earlier finish first). */
export async function board(db: Db, date: string, gridSize: GridSize, mode: Mode): Promise<BoardRow[]> {
  const r = await sql<Record<string, unknown>>`SELECT player_id, display_name, score, status, finished_at
    FROM bingo_games
    WHERE date = ${date} AND grid_size = ${gridSize} AND mode = ${mode} AND ranked AND status <> 'playing'
    ORDER BY score DESC, finished_at ASC`.execute(db);
  return r.rows.map((row) => ({
    playerId: String(row.player_id),
    displayName: String(row.display_name),
    score: Number(row.score),
    status: String(row.status) as "won" | "lost",
    finishedAt: Number(row.finished_at),
  }));
}

/**
 * Where a finished game stands on its day's board (its date, size and mode): its rank
 * among the ranked games, or for an unranked game the rank it would have had. Ranks are
 * competition ranks (a tie shares the better rank); `players` counts the board, plus this
 * game when it is not on it.
 */
export async function standingOf(db: Db, g: GameRow): Promise<{ rank: number; players: number; ranked: boolean }> {
  const r = await sql<{ above: number | string; n: number | string }>`SELECT
      COUNT(*) FILTER (WHERE score > ${g.score}) AS above, COUNT(*) AS n
    FROM bingo_games
    WHERE date = ${g.date} AND grid_size = ${g.gridSize} AND mode = ${g.mode} AND ranked AND status <> 'playing'
      AND id <> ${g.id}`.execute(db);
  const row = r.rows[0]!;
  return { rank: Number(row.above) + 1, players: Number(row.n) + 1, ranked: g.ranked };
}

/** A player's days played on the day (not practice), of one size: date and result, newest first. */
export async function daysPlayed(
  db: Db,
  playerId: string,
  gridSize: GridSize,
): Promise<{ date: string; status: GameRow["status"] }[]> {
  const r = await sql<{ date: string; status: string }>`SELECT DISTINCT ON (date) date, status FROM bingo_games
    WHERE player_id = ${playerId} AND grid_size = ${gridSize} AND on_the_day AND NOT extra_attempt
    ORDER BY date DESC, (status = 'won') DESC`.execute(db);
  return r.rows.map((row) => ({ date: row.date, status: row.status as GameRow["status"] }));
}
