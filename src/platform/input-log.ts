import { appendFileSync } from "node:fs";
import type { Kysely, Selectable } from "kysely";
import type { From } from "../engine/rules";
import type { Database, RoomsTable } from "./db/schema";
import { Journal } from "./journal";
import { CodeTaken, isUniqueViolation, LogConflict, StorageUnavailable } from "./log-errors";
import type { InputRow, JournalEntry, RoomRow } from "./log-rows";

export type { InputRow, RoomRow };

/** What restoring a journal did: rows copied in, and lines or rows set aside (with the file holding them). */
export interface JournalRestore {
  restored: number;
  setAside: number;
  setAsideFile: string | null;
}

/** How long a lazy row (a timer tick, or any row once journaled) may wait for company. */
const LAZY_MS = 25;
/**
 * How long journaled rows wait before they are copied into the database. They are durable
 * already and nothing reads the table while the server runs (recovery copies the journal
 * in first), so the copy only has to keep up: fewer, larger batches cost the embedded
 * database less CPU (in the 200-room Card Table bench, 418 statements and 1.0 s where 25 ms
 * batches took 1,926 and 2.7 s), and that CPU is shared with the event loop.
 */
const JOURNAL_COPY_MS = 250;

interface Pending {
  roomUid: string;
  row: InputRow;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export interface InputLogOptions {
  /**
   * Embedded mode: rows are durable once written to this file, and reach the database in
   * the background (see journal.ts). Without it (PostgreSQL, in-memory PGlite) a row is
   * durable when its database batch commits.
   */
  journal?: Journal | null;
  maxBatch?: number;
  /** How long a lazy row waits for company before its batch is written (default LAZY_MS). */
  lazyMs?: number;
  /** How long a journaled row waits before it is copied into the database (default JOURNAL_COPY_MS). */
  copyMs?: number;
  /**
   * Scale-out mode: several nodes write this log, and every caller waits for its row before
   * storing the state it leads to (no lazy rows are published ahead). A sequence number
   * another node took fails that row alone with LogConflict; a failed batch fails its rows
   * with StorageUnavailable and leaves no gap, so later appends are still accepted.
   */
  shared?: boolean;
}

const done = Promise.resolve();
const noop = () => {};
const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * The durable input log. Appends that arrive together are written as one multi-row
 * INSERT (group commit): PGlite does ~10x more rows per second in batches than one by
 * one. Each append resolves when its row is durable: at once with a journal, otherwise
 * when its batch commits.
 */
export class InputLog {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly journal: Journal | null;
  private readonly maxBatch: number;
  private readonly lazyMs: number;
  private readonly copyMs: number;
  private readonly shared: boolean;
  /** Set when a write failed: no later append is accepted. */
  broken: Error | null = null;
  /** Set when a database batch failed: later rows must not land after the gap. */
  private copyFailed: Error | null = null;
  batches = 0;

  constructor(
    private readonly db: Kysely<Database>,
    options: InputLogOptions = {},
  ) {
    this.journal = options.journal ?? null;
    this.maxBatch = options.maxBatch ?? 500;
    this.lazyMs = options.lazyMs ?? LAZY_MS;
    this.copyMs = options.copyMs ?? JOURNAL_COPY_MS;
    this.shared = options.shared ?? false;
  }

  /**
   * Copy what a journal holds into the database (rows already there are skipped) and empty
   * it. Run once at startup, before rooms are rebuilt from the database. A server always
   * starts on its own data: lines that cannot be read, and rows the database refuses (a
   * room that is not in the catalogue), are written to a file beside the journal for a
   * person to look at, and every other row is restored.
   */
  async restoreJournal(now = Date.now()): Promise<JournalRestore> {
    if (!this.journal) return { restored: 0, setAside: 0, setAsideFile: null };
    const { entries, unreadable } = Journal.read(this.journal.path);
    const aside: string[] = unreadable.map((u) => JSON.stringify({ line: u.line, why: u.why, text: u.text }));
    let restored = 0;
    for (let i = 0; i < entries.length; i += this.maxBatch) {
      const batch = entries.slice(i, i + this.maxBatch);
      try {
        await this.insert(batch, true);
        restored += batch.length;
      } catch {
        // One bad row fails its whole statement: find it by writing the batch row by row.
        for (const entry of batch) {
          try {
            await this.insert([entry], true);
            restored++;
          } catch (err) {
            aside.push(JSON.stringify({ why: String((err as Error).message ?? err), entry }));
          }
        }
      }
    }
    let setAsideFile: string | null = null;
    if (aside.length > 0) {
      setAsideFile = `${this.journal.path}.set-aside-${now}.ndjson`;
      appendFileSync(setAsideFile, `${aside.join("\n")}\n`);
    }
    this.journal.reset();
    return { restored, setAside: aside.length, setAsideFile };
  }

  /** Catalogue a new room. CodeTaken if an open room has its code (from any node). */
  async createRoom(room: RoomRow): Promise<void> {
    try {
      await this.insertRoom(room);
    } catch (err) {
      if (isUniqueViolation(err)) throw new CodeTaken(room.code);
      throw this.shared ? new StorageUnavailable(err) : err;
    }
  }

  private async insertRoom(room: RoomRow): Promise<void> {
    await this.db
      .insertInto("rooms")
      .values({
        uid: room.uid,
        code: room.code,
        game: room.game,
        options: JSON.stringify(room.options),
        seed: room.seed,
        time_scale: room.timeScale,
        created_at: room.createdAt,
        status: "open",
        updated_at: room.createdAt,
      })
      .execute();
  }

  /**
   * Append one row. A `lazy` append (a timer tick) does not need to be durable before it is
   * published: ticks are a deterministic function of the durable prefix, so if the process
   * dies before they commit, recovery fires them again. Lazy rows wait up to LAZY_MS for
   * company; any eager append flushes them with it, in order.
   */
  append(roomUid: string, row: InputRow, lazy = false): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.journal) {
      try {
        this.journal.append({ roomUid, row });
      } catch (err) {
        this.broken = asError(err);
        return Promise.reject(this.broken);
      }
      // Durable now; the database copy only has to keep up.
      this.queue.push({ roomUid, row, resolve: noop, reject: noop });
      this.schedule(this.copyMs);
      return done;
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ roomUid, row, resolve, reject });
      this.schedule(lazy ? this.lazyMs : 0);
    });
  }

  private schedule(delayMs: number): void {
    if (this.flushing) return;
    if (delayMs === 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.flushing = this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.flushing) this.flushing = this.flush();
      }, delayMs);
      // Shutdown drains explicitly; a pending copy alone need not keep a process alive.
      this.timer.unref();
    }
  }

  private async flush(): Promise<void> {
    // Let inputs from the same event-loop turn join this batch.
    await new Promise<void>((r) => setImmediate(r));
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      if (this.shared) {
        await this.insertShared(batch);
        continue;
      }
      try {
        if (this.copyFailed) throw this.copyFailed;
        await this.insert(batch);
        this.batches += 1;
        for (const p of batch) p.resolve();
      } catch (err) {
        // A failed batch would leave a gap that later rows must not jump: stop appending.
        this.copyFailed ??= asError(err);
        this.broken ??= this.copyFailed;
        const why = isUniqueViolation(err) ? new LogConflict(batch[0]!.roomUid, batch[0]!.row.seq) : err;
        for (const p of batch) p.reject(why);
      }
    }
    // Every journaled row is in the database now (appends queue synchronously with their
    // journal write), so the file can start again from empty.
    if (this.journal && !this.copyFailed && this.journal.size() > 0) {
      try {
        this.journal.reset();
      } catch (err) {
        this.broken ??= asError(err);
      }
    }
    this.flushing = null;
  }

  /**
   * One statement for the batch; a row whose (room, seq) another node wrote first is left
   * out by the database and fails alone, the rest commit. Nothing is marked broken: every
   * caller waits for its own row, so a failed batch leaves no gap behind later rows.
   */
  private async insertShared(batch: Pending[]): Promise<void> {
    let written: { room_uid: string; seq: number }[];
    try {
      written = await this.rowsOf(batch)
        .onConflict((oc) => oc.columns(["room_uid", "seq"]).doNothing())
        .returning(["room_uid", "seq"])
        .execute();
    } catch (err) {
      const why = new StorageUnavailable(err);
      for (const p of batch) p.reject(why);
      return;
    }
    this.batches += 1;
    const landed = new Set(written.map((w) => `${w.room_uid}\u0000${Number(w.seq)}`));
    for (const p of batch) {
      if (landed.has(`${p.roomUid}\u0000${p.row.seq}`)) p.resolve();
      else p.reject(new LogConflict(p.roomUid, p.row.seq));
    }
  }

  private rowsOf(batch: JournalEntry[]) {
    return this.db.insertInto("room_inputs").values(
      batch.map(({ roomUid, row }) => ({
        room_uid: roomUid,
        seq: row.seq,
        at: row.at,
        kind: row.kind,
        actor: row.actor,
        intent: row.intent === undefined ? null : JSON.stringify(row.intent),
        meta: row.meta === undefined || row.meta === null ? null : JSON.stringify(row.meta),
      })),
    );
  }

  private async insert(batch: JournalEntry[], skipExisting = false): Promise<void> {
    const query = this.rowsOf(batch);
    // A journal restored after a crash may repeat rows the database already took. Anywhere
    // else a repeated sequence number is a fork, and must fail.
    await (skipExisting ? query.onConflict((oc) => oc.columns(["room_uid", "seq"]).doNothing()) : query).execute();
  }

  /** Commit everything queued and let go of the journal file. */
  async shutdown(): Promise<void> {
    await this.drain();
    this.journal?.close();
  }

  /** Commit everything queued (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing || this.timer) {
      if (this.timer) this.schedule(0);
      await (this.flushing ?? new Promise((r) => setImmediate(r)));
    }
  }

  async close(room: string, at: number): Promise<void> {
    await this.reading(
      this.db.updateTable("rooms").set({ status: "closed", updated_at: at }).where("uid", "=", room).execute(),
    );
  }

  /** Open rooms in uid order, a page at a time (`after`: the last uid of the previous page). */
  async openRooms(page: { after: string | null; limit: number }): Promise<RoomRow[]> {
    let q = this.db.selectFrom("rooms").selectAll().where("status", "=", "open");
    if (page.after !== null) q = q.where("uid", ">", page.after);
    const rows = await q.orderBy("uid").limit(page.limit).execute();
    return rows.map(toRoomRow);
  }

  /** The open room with this code, if any. */
  async openRoomByCode(code: string): Promise<RoomRow | null> {
    const row = await this.reading(
      this.db
        .selectFrom("rooms")
        .selectAll()
        .where("status", "=", "open")
        .where("code", "=", code)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst(),
    );
    return row ? toRoomRow(row) : null;
  }

  /** Shared, a read the database could not answer is StorageUnavailable (refused as such, not a crash). */
  private async reading<T>(query: Promise<T>): Promise<T> {
    try {
      return await query;
    } catch (err) {
      throw this.shared ? new StorageUnavailable(err) : err;
    }
  }

  async inputs(roomUid: string): Promise<InputRow[]> {
    return this.tail(roomUid, 0);
  }

  /** The room's rows after sequence number `after`, in order (what a live copy has not seen yet). */
  async tail(roomUid: string, after: number): Promise<InputRow[]> {
    let rows: Selectable<Database["room_inputs"]>[];
    try {
      rows = await this.db
        .selectFrom("room_inputs")
        .selectAll()
        .where("room_uid", "=", roomUid)
        .where("seq", ">", after)
        .orderBy("seq")
        .execute();
    } catch (err) {
      throw this.shared ? new StorageUnavailable(err) : err;
    }
    const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
    return rows.map((r) => ({
      seq: Number(r.seq),
      at: Number(r.at),
      kind: r.kind as "act" | "tick",
      actor: r.actor as From | null,
      intent: json(r.intent),
      meta: json(r.meta),
    }));
  }
}

function toRoomRow(r: Selectable<RoomsTable>): RoomRow {
  return {
    uid: r.uid,
    code: r.code,
    game: r.game,
    options: typeof r.options === "string" ? JSON.parse(r.options) : r.options,
    seed: r.seed,
    timeScale: Number(r.time_scale),
    createdAt: Number(r.created_at),
  };
}
