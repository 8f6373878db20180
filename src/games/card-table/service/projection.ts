import { sql } from "kysely";
import type { ServiceContext } from "../../../engine/module";
import type { Outbound } from "../../../engine/rules";
import type { CardTableState } from "../state";

/**
 * History rows wait briefly and go in as one statement: the embedded database shares the
 * event loop with the game, and per-event inserts would slow every input down.
 */
const FLUSH_MS = 250;
const FLUSH_ROWS = 500;
const pending = {
  events: [] as { game_id: string; event: string }[],
  players: new Map<string, string>(),
  timer: null as NodeJS.Timeout | null,
};

/** Write every buffered history row now (the timer, a full buffer, or shutdown). */
export async function flushCardHistory(db: ServiceContext["db"]): Promise<void> {
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
 * What this process last wrote, for the most recent keys only (a game or definition that
 * falls out is simply written again: every write here is an idempotent upsert).
 */
class RecentWrites {
  private readonly seen = new Map<string, string>();
  constructor(private readonly limit: number) {}

  get(key: string): string | undefined {
    return this.seen.get(key);
  }

  has(key: string): boolean {
    return this.seen.has(key);
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
const lastStatus = new RecentWrites(10_000);
/** Definitions already in each database's game_definitions (a game never changes those rows). */
const definitionsWritten = new WeakMap<object, RecentWrites>();

/**
 * Mirror a table into the document's tables: the games row (status, settings, start and
 * end, and the final state when it ends), every event in game_events, and each player in
 * players. The room's input log stays the source of truth; this is for history and analytics.
 */
export async function projectCardTable(
  { db }: ServiceContext,
  room: { uid: string; code: string },
  raw: unknown,
  out: Outbound[],
): Promise<void> {
  const s = raw as CardTableState;
  const status = s.status;
  if (lastStatus.get(room.uid) !== status) {
    const definitionId = s.definition.id;
    let written = definitionsWritten.get(db);
    if (!written) {
      written = new RecentWrites(1_000);
      definitionsWritten.set(db, written);
    }
    if (!written.has(definitionId)) {
      await sql`INSERT INTO game_definitions (id, name, definition)
        VALUES (${definitionId}, ${s.definition.name}, ${JSON.stringify(s.definition)})
        ON CONFLICT (id) DO NOTHING`.execute(db);
      written.set(definitionId, "");
    }
    const ended = status === "ended";
    await sql`INSERT INTO games (id, definition_id, status, settings, state, started_at, ended_at)
      VALUES (${room.uid}, ${definitionId}, ${status}, ${JSON.stringify(s.settings)},
              ${ended ? JSON.stringify(s) : null},
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
}
