import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { PACK_LIMITS } from "../src/games/card-table/service/limits";
import { connectDb } from "../src/platform/db/connect";
import { CahBot, seatToken } from "./support/cah-bot";
import { biggestPack, callAs } from "./support/cards-packs";
import { spawnServer } from "./support/child-server";

/**
 * Twenty games dealt from the largest packs the limits allow, ended at once, on a server
 * with a 256 MB heap. The history projection used to store each finished game's whole
 * state (every deck, every card text): ending 20 such games at once took the heap from
 * about 100 MB past its limit, and the server died. A finished game's row now holds what
 * showing it needs; its inputs are in the room's durable log.
 */
const OWNER = "end-memory-owner-key-0001";
const GAMES = 20;
/**
 * What the heap may grow by while the games end. Storing whole states took it from 85 to
 * 166 MB here (each row was 3 MB of JSON); a summary a few KB.
 */
const HEAP_GROWTH_MB = 32;
const dir = mkdtempSync(join(tmpdir(), "parlor-cards-end-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A value of the server's own Prometheus metrics (loopback may read them). */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no metric ${name}`);
  return Number(line.split(" ")[1]);
}
const MB = 1024 * 1024;

describe("ending card table games", () => {
  it("twenty games from the largest packs end at once on a 256 MB heap, and the heap stays bounded", async () => {
    const server = await spawnServer({
      DATA_DIR: dir,
      TIME_SCALE: "1",
      NODE_OPTIONS: "--max-old-space-size=256",
    });
    children.push(server.proc);
    const { url } = server;
    let uploaded = 0;
    for (let n = 0; ; n++) {
      const r = await callAs(url, OWNER, "POST", "/api/v1/cards/packs", biggestPack(n));
      if (r.status !== 201) {
        expect(r.body).toMatchObject({ error: { code: "quota_exceeded" } });
        break;
      }
      uploaded++;
    }
    const perRoom = Math.floor(PACK_LIMITS.roomCards / PACK_LIMITS.packCards);
    expect(uploaded).toBeGreaterThanOrEqual(perRoom);

    const leads: CahBot[] = [];
    const bots: CahBot[] = [];
    for (let i = 0; i < GAMES; i++) {
      const packIds = Array.from({ length: perRoom }, (_, k) => `big-${(i + k) % uploaded}`);
      const made = await callAs(url, OWNER, "POST", "/api/v1/cards/rooms", { settings: { packIds } });
      expect(made.status).toBe(201);
      const roomId = made.body.roomId as string;
      for (const name of ["Ann", "Bo", "Cy"]) {
        const bot = new CahBot(url, roomId, await seatToken(url, roomId, name), name);
        bot.auto = false;
        await bot.until("a seat", (s) => s.you !== null, 60_000);
        bots.push(bot);
        if (name === "Ann") leads.push(bot);
      }
      const lead = leads.at(-1)!;
      lead.action({ type: "startGame" });
      await lead.until("decks built", (s) => s.status === "playing" && s.decks.white.count > 8000, 60_000);
    }
    const before = await metric(url, "parlor_process_nodejs_heap_size_used_bytes");
    const rssBefore = await metric(url, "parlor_process_process_resident_memory_bytes");

    // Every game ends at once; the heap is read all along, until every ended game is stored.
    let peak = before;
    let rssPeak = rssBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await metric(url, "parlor_process_nodejs_heap_size_used_bytes"));
        rssPeak = Math.max(rssPeak, await metric(url, "parlor_process_process_resident_memory_bytes"));
      }
    })();
    for (const lead of leads) lead.action({ type: "endGame" });
    await Promise.all(leads.map((l) => l.until("game end", (s) => s.status === "ended", 120_000)));
    for (const lead of leads)
      expect(lead.inbox.some((m) => m.type === "event" && (m.event as { type: string }).type === "gameEnded")).toBe(
        true,
      );
    // Still serving, and still taking new tables. The health check reads the database after
    // the finished games' rows were queued for it, so the heap is read while they are written.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await callAs(url, OWNER, "POST", "/api/v1/cards/rooms", {})).status).toBe(201);
    sampling = false;
    await sampler;
    for (const b of bots) b.close();

    // A graceful stop writes every queued history row before the database closes.
    server.proc.kill("SIGTERM");
    const code = await new Promise((r) => server.proc.once("exit", (c) => r(c)));
    console.log(
      `card table end-of-game memory: heap ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB, ` +
        `RSS ${(rssBefore / MB).toFixed(0)} → peak ${(rssPeak / MB).toFixed(0)} MB`,
    );
    expect(server.output()).not.toMatch(/heap out of memory/i);
    expect(code).toBe(0);
    expect(peak - before).toBeLessThan(HEAP_GROWTH_MB * MB);

    // Each finished game is stored as what showing it needs: its players, scores and winner.
    const db = await connectDb({ dataDir: dir });
    const rows = await sql<{ status: string; bytes: number; state: unknown }>`
      SELECT status, octet_length(state::text) AS bytes, state FROM games WHERE status = 'ended'`.execute(db.db);
    await db.close();
    expect(rows.rows).toHaveLength(GAMES);
    for (const row of rows.rows) {
      expect(row.bytes).toBeLessThan(4096);
      const state = (typeof row.state === "string" ? JSON.parse(row.state) : row.state) as Record<string, unknown>;
      expect(state).toMatchObject({
        players: [
          { name: "Ann", score: 0 },
          { name: "Bo", score: 0 },
          { name: "Cy", score: 0 },
        ],
        finalScores: expect.any(Object),
        packRefs: expect.any(Array),
      });
      expect(JSON.stringify(state)).not.toContain("padded");
    }
  }, 600_000);
});
