import type { Kysely } from "kysely";
import type { From } from "../engine/rules";
import type { Database } from "./db/schema";

export interface RoomRow {
  uid: string;
  code: string;
  game: string;
  options: unknown;
  seed: string;
  timeScale: number;
  createdAt: number;
}

export interface InputRow {
  seq: number;
  at: number;
  kind: "act" | "tick";
  actor: From | null;
  intent: unknown;
  meta: unknown;
}

/** How long a lazy (tick) row may wait for company before it is written. */
const LAZY_MS = 25;

interface Pending {
  roomUid: string;
  row: InputRow;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * The durable input log. Appends that arrive together are written as one multi-row
 * INSERT (group commit): PGlite runs on the main thread and does ~10x more rows per
 * second in batches than one by one. Each append resolves when its batch commits.
 */
export class InputLog {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Set when a batch failed: later rows must not land after a gap. */
  broken: Error | null = null;
  batches = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxBatch = 500,
  ) {}

  async createRoom(room: RoomRow): Promise<void> {
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
    return new Promise((resolve, reject) => {
      this.queue.push({ roomUid, row, resolve, reject });
      this.schedule(lazy ? LAZY_MS : 0);
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
    }
  }

  private async flush(): Promise<void> {
    // Let inputs from the same event-loop turn join this batch.
    await new Promise<void>((r) => setImmediate(r));
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        if (this.broken) throw this.broken;
        await this.db
          .insertInto("room_inputs")
          .values(
            batch.map((p) => ({
              room_uid: p.roomUid,
              seq: p.row.seq,
              at: p.row.at,
              kind: p.row.kind,
              actor: p.row.actor,
              intent: p.row.intent === undefined ? null : JSON.stringify(p.row.intent),
              meta: p.row.meta === undefined || p.row.meta === null ? null : JSON.stringify(p.row.meta),
            })),
          )
          .execute();
        this.batches += 1;
        for (const p of batch) p.resolve();
      } catch (err) {
        // A failed batch would leave a gap that later rows must not jump: stop appending.
        this.broken ??= err instanceof Error ? err : new Error(String(err));
        for (const p of batch) p.reject(err);
      }
    }
    this.flushing = null;
  }

  /** Commit everything queued (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing || this.timer) {
      if (this.timer) this.schedule(0);
      await (this.flushing ?? new Promise((r) => setImmediate(r)));
    }
  }

  async close(room: string, at: number): Promise<void> {
    await this.db.updateTable("rooms").set({ status: "closed", updated_at: at }).where("uid", "=", room).execute();
  }

  async openRooms(): Promise<RoomRow[]> {
    const rows = await this.db.selectFrom("rooms").selectAll().where("status", "=", "open").execute();
    return rows.map((r) => ({
      uid: r.uid,
      code: r.code,
      game: r.game,
      options: typeof r.options === "string" ? JSON.parse(r.options) : r.options,
      seed: r.seed,
      timeScale: Number(r.time_scale),
      createdAt: Number(r.created_at),
    }));
  }

  async inputs(roomUid: string): Promise<InputRow[]> {
    const rows = await this.db
      .selectFrom("room_inputs")
      .selectAll()
      .where("room_uid", "=", roomUid)
      .orderBy("seq")
      .execute();
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
