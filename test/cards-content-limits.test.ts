import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PACK_LIMITS } from "../src/games/card-table/service/limits";
import { CahBot, seatToken } from "./support/cah-bot";
import { spawnServer } from "./support/child-server";

/**
 * The worst the upload and room limits allow, then a crash and a restart on the same data
 * directory with a small heap. Before rooms named packs by reference, 20 large packs and a
 * few rooms naming them filled the heap, and every restart died loading them again.
 */
const OWNER = "worst-case-owner-key-0001";
const dir = mkdtempSync(join(tmpdir(), "parlor-limits-"));
const env = {
  DATA_DIR: dir,
  CONTENT_QUOTA_MB: "12",
  MAX_LIVE_ROOMS: "60",
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

/** A pack as large as the limits allow: the most cards, each text long enough to fill the byte limit. */
function biggestPack(n: number) {
  const cards = PACK_LIMITS.packCards;
  const perCard = Math.floor(PACK_LIMITS.packBytes / cards) - 80;
  const white = Array.from({ length: cards - 1 }, (_, i) => ({
    id: `big${n}-w-${i}`,
    type: "white",
    properties: { text: `Answer ${i} of pack ${n}, ${"padded ".repeat(60)}`.slice(0, perCard).trimEnd() + "." },
  }));
  const black = [{ id: `big${n}-b-1`, type: "black", properties: { text: "Why _____?", pick: 1, blanks: 1 } }];
  return { id: `big-${n}`, name: `Big ${n}`, official: false, cards: { white, black } };
}

async function call(url: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-parlor-owner": OWNER },
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
      uploaded++;
    }
    expect(uploaded).toBeGreaterThanOrEqual(9);
    // Each room names as many of those cards as a room may hold.
    const perRoom = Math.floor(PACK_LIMITS.roomCards / PACK_LIMITS.packCards);
    expect(perRoom).toBeGreaterThanOrEqual(3);
    const rooms: string[] = [];
    for (let i = 0; i < 60; i++) {
      const packIds = Array.from({ length: perRoom }, (_, k) => `big-${(i + k) % uploaded}`);
      const r = await call(first.url, "POST", "/api/v1/cards/rooms", { settings: { packIds } });
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
        await bot.until((s) => s.you !== null);
        bots.push(bot);
        if (name === "Ann") tokens[roomId] = token;
      }
      bots[0]!.action({ type: "startGame" });
      await bots[0]!.until((s) => s.status === "playing" && s.decks.white.count > 8000);
      for (const b of bots) b.close();
    }
    first.proc.kill("SIGKILL");
    await new Promise((r) => first.proc.once("exit", r));

    const second = await spawnServer(env);
    children.push(second.proc);
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${second.url}/readyz`)).status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    for (const roomId of rooms) expect((await call(second.url, "GET", `/api/v1/rooms/${roomId}`)).status).toBe(200);
    const roomId = rooms[0]!;
    const back = new CahBot(second.url, roomId, tokens[roomId]!, "Ann");
    back.auto = false;
    const s = await back.until((v) => v.you !== null);
    expect(s.status).toMatch(/playing|paused/);
    expect(s.decks.white.count).toBeGreaterThan(8000);
    back.close();
    second.proc.kill("SIGKILL");
  });
});
