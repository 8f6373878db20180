import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { PACK_LIMITS } from "../src/games/card-table/service/limits";
import { connectDb } from "../src/platform/db/connect";
import { CahBot, seatToken } from "./support/cah-bot";
import { biggestPack } from "./support/cards-packs";
import { spawnServer } from "./support/child-server";
import { until } from "./support/waits";

/**
 * The worst the upload and room limits allow, then a crash and a restart on the same data
 * directory with a small heap. Before rooms named packs by reference, 20 large packs and a
 * few rooms naming them filled the heap, and every restart died loading them again; before
 * what a room brings with it (packs, a definition, its own questions) was stored and named
 * by hash, each room held it in its options. docs/operations.md ("Memory") scales this
 * setup to the defaults.
 */
const OWNER = "worst-case-owner-key-0001";
const dir = mkdtempSync(join(tmpdir(), "parlor-limits-"));
const ROOMS = 60;
const TRIVIA_ROOMS = 10;
const env = {
  DATA_DIR: dir,
  CONTENT_QUOTA_MB: "12",
  MAX_LIVE_ROOMS: String(ROOMS),
  // Real durations: the started games must still be mid-round when the server is killed.
  TIME_SCALE: "1",
  // A heap the old design could not start in with this data.
  NODE_OPTIONS: "--max-old-space-size=256",
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A pack sent with a table, as large as a table may bring (just under the inline limit), distinct per `n`. */
function sentPack(n: number) {
  const cards = 910;
  const white = Array.from({ length: cards }, (_, i) => ({
    id: `sent${n}-w-${i}`,
    type: "white",
    properties: { text: `Sent answer ${i} of ${n}, ${"filler ".repeat(30)}`.slice(0, 200).trimEnd() },
  }));
  const pack = { id: `sent-${n}`, name: `Sent ${n}`, official: false, cards: { white } };
  expect(JSON.stringify([pack]).length).toBeGreaterThan(PACK_LIMITS.inlineBytes * 0.9);
  expect(JSON.stringify([pack]).length).toBeLessThan(PACK_LIMITS.inlineBytes);
  return pack;
}

/** A Trivia Duel room's own questions at the largest a room may bring: 50, every text at its longest. */
function biggestQuestions(n: number) {
  return Array.from({ length: 50 }, (_, q) => ({
    id: `set${n}-q${q}-`.padEnd(64, "x"),
    category: `Category ${q % 5}`.padEnd(60, "."),
    clue: `Clue ${q} of set ${n}: ${"a long clue ".repeat(90)}`.slice(0, 1000),
    acceptedAnswers: Array.from({ length: 20 }, (_, a) => `answer ${a} ${"y".repeat(100)}`.slice(0, 100)),
    displayAnswer: `Answer ${q}`.padEnd(100, "!"),
  }));
}

async function call(url: string, method: string, path: string, body?: unknown, owner = OWNER) {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-parlor-owner": owner },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe("uploads and rooms at their limits", () => {
  it("a server filled to the limits restarts on its own data with a small heap", async () => {
    const first = await spawnServer(env);
    children.push(first.proc);
    let uploaded = 0;
    for (let n = 0; ; n++) {
      const r = await call(first.url, "POST", "/api/v1/cards/packs", biggestPack(n));
      if (r.status !== 201) {
        // The owner's share runs out first (10 MB), before the server's 12 MB.
        expect(r.body).toMatchObject({ error: { code: "quota_exceeded" } });
        break;
      }
      // Shared, so the other senders' tables below may name them too.
      expect((await call(first.url, "POST", `/api/v1/cards/packs/big-${n}/share`, { shared: true })).status).toBe(200);
      uploaded++;
    }
    expect(uploaded).toBeGreaterThanOrEqual(9);
    // Trivia rooms with their own questions as large as allowed (five distinct sets, each
    // brought by two rooms: stored once), from other senders.
    const trivia: string[] = [];
    for (let i = 0; i < TRIVIA_ROOMS; i++) {
      const set = biggestQuestions(i % 5);
      expect(JSON.stringify(set).length).toBeGreaterThan(160 * 1024);
      const r = await call(first.url, "POST", "/api/v1/trivia/rooms", { questions: set }, `trivia-owner-${i}-key-0001`);
      expect(r.status).toBe(201);
      trivia.push(r.body.roomId as string);
    }
    // Packs sent with tables by other senders, distinct, until the server's 12 MB are full.
    const sent: ReturnType<typeof sentPack>[] = [];
    const rooms: string[] = [];
    const perRoom = Math.floor(PACK_LIMITS.roomCards / PACK_LIMITS.packCards);
    expect(perRoom).toBeGreaterThanOrEqual(3);
    const names = (i: number) => Array.from({ length: perRoom }, (_, k) => `big-${(i + k) % uploaded}`);
    for (let n = 0; ; n++) {
      const pack = sentPack(n);
      const owner = `sender-${n}-key-00000001`;
      const r = await call(
        first.url,
        "POST",
        "/api/v1/cards/rooms",
        { settings: { packIds: [...names(n), pack.id] }, packs: [pack] },
        owner,
      );
      if (r.status !== 201) {
        expect(r.body).toMatchObject({ error: { code: "storage_full" } });
        break;
      }
      sent.push(pack);
      rooms.push(r.body.roomId as string);
    }
    expect(sent.length).toBeGreaterThanOrEqual(3);
    // The rest of the rooms: each names as many cards as a table may hold, its own sent pack
    // among them (already stored: the same content is not stored again).
    while (rooms.length + trivia.length < ROOMS) {
      const i = rooms.length;
      const pack = sent[i % sent.length]!;
      const r = await call(
        first.url,
        "POST",
        "/api/v1/cards/rooms",
        { settings: { packIds: [...names(i), pack.id] }, packs: [pack] },
        `sender-${i % sent.length}-key-00000001`,
      );
      expect(r.status).toBe(201);
      rooms.push(r.body.roomId as string);
    }
    expect((await call(first.url, "POST", "/api/v1/cards/rooms", {})).body).toMatchObject({
      error: { code: "server_full" },
    });
    // Ten of them are mid-game: their decks are built from the big packs.
    const tokens: Record<string, string> = {};
    for (const roomId of rooms.slice(0, 10)) {
      const bots: CahBot[] = [];
      for (const name of ["Ann", "Bo", "Cy"]) {
        const token = await seatToken(first.url, roomId, name);
        const bot = new CahBot(first.url, roomId, token, name);
        bot.auto = false;
        await bot.until("a seat", (s) => s.you !== null);
        bots.push(bot);
        if (name === "Ann") tokens[roomId] = token;
      }
      bots[0]!.action({ type: "startGame" });
      await bots[0]!.until("play with the decks built", (s) => s.status === "playing" && s.decks.white.count > 8000);
      for (const b of bots) b.close();
    }
    first.proc.kill("SIGKILL");
    await new Promise((r) => first.proc.once("exit", r));
    // What the log holds per room is a few references, whatever the room brought.
    const db = await connectDb({ dataDir: dir });
    const sizes = await sql<{ code: string; bytes: number }>`SELECT code, octet_length(options::text) AS bytes
      FROM rooms WHERE status = 'open'`.execute(db.db);
    await db.close();
    expect(sizes.rows).toHaveLength(ROOMS);
    for (const r of sizes.rows) expect(`${r.code}: ${r.bytes < 1024}`).toBe(`${r.code}: true`);

    const second = await spawnServer(env);
    children.push(second.proc);
    await until("every room restored (/readyz)", async () => (await fetch(`${second.url}/readyz`)).status === 200, {
      ms: 120_000,
      everyMs: 200,
    });
    for (const roomId of [...rooms, ...trivia])
      expect((await call(second.url, "GET", `/api/v1/rooms/${roomId}`)).status).toBe(200);
    const roomId = rooms[0]!;
    const back = new CahBot(second.url, roomId, tokens[roomId]!, "Ann");
    back.auto = false;
    const s = await back.until("a seat", (v) => v.you !== null);
    expect(s.status).toMatch(/playing|paused/);
    expect(s.decks.white.count).toBeGreaterThan(8000);
    back.close();
    second.proc.kill("SIGKILL");
  });
});
