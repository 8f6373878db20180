import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { ContentStore } from "../engine/module";
import type { Database } from "./db/schema";

/** How a reference to stored content looks inside a room's options (see `ContentStore`). */
const REFERENCE = /"hash":"([A-Za-z0-9_-]{43})"/g;
/** Content stays at least this long after its last use, so a room being created finds what it just stored. */
const KEEP_MS = 10 * 60_000;
/** Let go of unused content at most this often when a quota runs out (each time reads every open room's options). */
const PURGE_EVERY_MS = 5_000;

export interface ContentBlobsOptions {
  now?: () => number;
  /** Bytes the games keep in their own tables, for the server's total. */
  elsewhere?: () => Promise<number>;
}

/**
 * The platform's store of immutable content named by hash (`ContentStore` in
 * src/engine/module.ts). The same content stored twice is one row: its hash covers the
 * game, the kind and the JSON, so a row never changes once written. Content no open room
 * names, unused for a while, is let go at start and whenever a quota runs out.
 */
export class ContentBlobs implements ContentStore {
  private readonly now: () => number;
  private readonly elsewhere: () => Promise<number>;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<Database>,
    opts: ContentBlobsOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.elsewhere = opts.elsewhere ?? (async () => 0);
  }

  static hash(game: string, kind: string, json: string): string {
    return createHash("sha256").update(`${game}\u0000${kind}\u0000${json}`).digest("base64url");
  }

  async put(
    item: { game: string; kind: string; owner: string; body: unknown },
    admit: (bytes: number) => Promise<void>,
  ): Promise<string> {
    const json = JSON.stringify(item.body);
    const hash = ContentBlobs.hash(item.game, item.kind, json);
    const now = this.now();
    const seen = await this.db.updateTable("content_blobs").set({ used_at: now }).where("hash", "=", hash).execute();
    if (Number(seen[0]?.numUpdatedRows ?? 0) > 0) return hash;
    const bytes = Buffer.byteLength(json);
    try {
      await admit(bytes);
    } catch (err) {
      // Over a quota: content that no open room names any more may go, then ask again.
      if (this.now() - this.lastPurge < PURGE_EVERY_MS || (await this.purge()) === 0) throw err;
      await admit(bytes);
    }
    await this.db
      .insertInto("content_blobs")
      .values({
        hash,
        game: item.game,
        kind: item.kind,
        owner: item.owner,
        bytes,
        body: json,
        created_at: now,
        used_at: now,
      })
      .onConflict((oc) => oc.column("hash").doUpdateSet({ used_at: now }))
      .execute();
    return hash;
  }

  async get(game: string, kind: string, hash: string): Promise<unknown | null> {
    const row = await this.db
      .selectFrom("content_blobs")
      .select("body")
      .where("hash", "=", hash)
      .where("game", "=", game)
      .where("kind", "=", kind)
      .executeTakeFirst();
    if (!row) return null;
    return typeof row.body === "string" ? JSON.parse(row.body) : row.body;
  }

  async usage(owner: string | null): Promise<{ owner: number; total: number }> {
    const r = await sql<{ mine: number; everything: number }>`SELECT
        COALESCE(SUM(bytes) FILTER (WHERE owner = ${owner ?? ""}), 0)::bigint AS mine,
        COALESCE(SUM(bytes), 0)::bigint AS everything
      FROM content_blobs`.execute(this.db);
    const row = r.rows[0]!;
    return { owner: owner === null ? 0 : Number(row.mine), total: Number(row.everything) + (await this.elsewhere()) };
  }

  /**
   * Forget content unused for a while that no open room names. Runs at start (before rooms
   * are restored: the rooms table already says which are open) and when a quota runs out.
   * Reads the open rooms' options a page at a time, so memory stays bounded.
   */
  async purge(): Promise<number> {
    this.lastPurge = this.now();
    const cutoff = this.now() - KEEP_MS;
    const idle = await this.db.selectFrom("content_blobs").select("hash").where("used_at", "<", cutoff).execute();
    if (idle.length === 0) return 0;
    const unnamed = new Set(idle.map((r) => r.hash));
    let after: string | null = null;
    for (;;) {
      let q = this.db.selectFrom("rooms").select(["uid", "options"]).where("status", "=", "open");
      if (after !== null) q = q.where("uid", ">", after);
      const page = await q.orderBy("uid").limit(1000).execute();
      if (page.length === 0) break;
      after = page.at(-1)!.uid;
      for (const r of page) {
        const text = typeof r.options === "string" ? r.options : JSON.stringify(r.options);
        for (const m of text.matchAll(REFERENCE)) unnamed.delete(m[1]!);
      }
    }
    if (unnamed.size === 0) return 0;
    let gone = 0;
    const hashes = [...unnamed];
    for (let i = 0; i < hashes.length; i += 500) {
      const r = await this.db
        .deleteFrom("content_blobs")
        .where("hash", "in", hashes.slice(i, i + 500))
        .where("used_at", "<", cutoff)
        .executeTakeFirst();
      gone += Number(r.numDeletedRows ?? 0);
    }
    return gone;
  }
}
