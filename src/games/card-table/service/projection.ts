import { sql } from "kysely";
import type { Projection, ServiceContext } from "../../../engine/module";
import { wireSettings } from "../settings";
import type { CardTableState } from "../state";
import { finishedGame } from "./finished-game";

/**
 * History rows wait briefly and go in as one statement: the embedded database shares the
 * event loop with the game, and per-event inserts would slow every input down.
 */
const FLUSH_MS = 250;
const FLUSH_ROWS = 500;
type Db = ServiceContext["db"];
interface Pending {
  events: { game_id: string; event: string }[];
  players: Map<string, string>;
  timer: NodeJS.Timeout | null;
}

/**
 * One buffer per database: two servers in one process (tests, a bench) must never flush
 * one's rows into the other's tables, where its games do not exist.
 */
const buffers = new WeakMap<Db, Pending>();
function pendingFor(db: Db): Pending {
  const known = buffers.get(db);
  if (known) return known;
  const made: Pending = { events: [], players: new Map(), timer: null };
  buffers.set(db, made);
  return made;
}

/** Write every buffered history row now (the timer, a full buffer, or shutdown). */
export async function flushCardHistory(db: Db): Promise<void> {
  const pending = pendingFor(db);
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  const events = pending.events.splice(0);
  const players = [...pending.players];
  pending.players.clear();
  if (events.length) await db.insertInto("game_events").values(events).execute();
  if (players.length)
    await db
      .insertInto("players")
      .values(players.map(([id, display_name]) => ({ id, display_name })))
      .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ display_name: eb.ref("excluded.display_name") })))
      .execute();
}

/**
 * What this process last wrote, for the most recent keys only (a game that falls out is
 * simply written again: every write here is an idempotent upsert).
 */
class RecentWrites {
  private readonly seen = new Map<string, string>();
  constructor(private readonly limit: number) {}

  get(key: string): string | undefined {
    return this.seen.get(key);
  }

  set(key: string, value: string): void {
    this.seen.delete(key);
    this.seen.set(key, value);
    if (this.seen.size > this.limit) this.seen.delete(this.seen.keys().next().value as string);
  }
}

/**
 * Last status written per game, so the games row is only touched when it changes. An
 * ended game stays remembered: the commits after its end (players leaving, timers)
 * must not write its final state again.
 */
const lastStatuses = new WeakMap<Db, RecentWrites>();
function lastStatusFor(db: Db): RecentWrites {
  const known = lastStatuses.get(db);
  if (known) return known;
  const made = new RecentWrites(10_000);
  lastStatuses.set(db, made);
  return made;
}

/**
 * Mirror a table into the document's tables: the games row (status, settings, start and
 * end, and a summary of the finished game when it ends: `finished-game.ts`), every event in
 * game_events, and each player in players. The room's input log stays the source of truth;
 * this is for history and analytics. The row names its definition when one is stored under
 * that id (shipped ones at every start, uploaded ones when uploaded); a definition sent with
 * the table is not copied here, so it is neither listed nor stored outside its owner's quota.
 */
export const projectCardTable: Projection = async ({ db }, room, raw, out) => {
  const s = raw as CardTableState;
  const status = s.status;
  const lastStatus = lastStatusFor(db);
  const pending = pendingFor(db);
  if (lastStatus.get(room.uid) !== status) {
    const ended = status === "ended";
    await sql`INSERT INTO games (id, definition_id, status, settings, state, started_at, ended_at)
      VALUES (${room.uid}, (SELECT id FROM game_definitions WHERE id = ${s.definitionId}), ${status},
              ${JSON.stringify(wireSettings(s.settings))}, ${ended ? JSON.stringify(finishedGame(s)) : null},
              ${status === "playing" ? sql`now()` : null}, ${ended ? sql`now()` : null})
      ON CONFLICT (id) DO UPDATE SET status = excluded.status, settings = excluded.settings,
        state = excluded.state,
        started_at = COALESCE(games.started_at, excluded.started_at),
        ended_at = excluded.ended_at`.execute(db);
    lastStatus.set(room.uid, status);
  }
  // Split events go out twice (full to one seat, redacted to the rest): keep the full one.
  const events = out
    .filter((o) => !(typeof o.to === "object" && "except" in o.to))
    .map((o) => ("msg" in o ? (o.msg as { type?: string; event?: { type: string } }) : null))
    .filter((m): m is { type: string; event: { type: string } } => m?.type === "event" && !!m.event);
  for (const m of events) {
    pending.events.push({ game_id: room.uid, event: JSON.stringify(m.event) });
    if (m.event.type === "playerJoined") {
      const p = (m.event as unknown as { player: { id: string; name: string } }).player;
      pending.players.set(`${room.uid}:${p.id}`, p.name);
    }
  }
  if (pending.events.length >= FLUSH_ROWS) await flushCardHistory(db);
  else if (!pending.timer) {
    pending.timer = setTimeout(() => {
      pending.timer = null;
      void flushCardHistory(db).catch(() => {});
    }, FLUSH_MS);
    pending.timer.unref();
  }
};
