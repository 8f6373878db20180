import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { CahBot, seatToken } from "./support/cah-bot";
import { serverPerFile } from "./support/server";

/**
 * Content sent with a new table (packs, a whole definition) is stored once, as its
 * sender's, and the room names it by hash: before, it lived in the room's options, so
 * every lobby held up to 256 KB of packs in memory and in its log.
 */
const OWNER = "sent-content-owner-0001";
// A 1 MB server-wide quota, so filling it takes a few requests.
const server = serverPerFile({ TIME_SCALE: "0.05", CONTENT_QUOTA_MB: "1" });

async function create(body: unknown, owner: string | null = OWNER) {
  const r = await fetch(`${server.url}/api/v1/cards/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(owner ? { "x-parlor-owner": owner } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as { roomId?: string; error?: { code: string } } };
}

function pack(id: string, whites: number, words = 3) {
  return {
    id,
    name: `Pack ${id}`,
    official: false,
    cards: {
      white: Array.from({ length: whites }, (_, i) => ({
        id: `${id}-w-${i}`,
        type: "white",
        properties: { text: `${id} answer ${i} ${"word ".repeat(words)}`.trim() },
      })),
      black: Array.from({ length: 10 }, (_, i) => ({
        id: `${id}-b-${i}`,
        type: "black",
        properties: { text: `Prompt ${i} of ${id}: _____.`, pick: 1, blanks: 1 },
      })),
    },
  };
}

const blobs = async () =>
  (
    await sql<{ hash: string; kind: string; bytes: number }>`SELECT hash, kind, bytes FROM content_blobs
      WHERE game = 'card-table' ORDER BY created_at`.execute(server.db)
  ).rows;

describe("content sent with a new table", () => {
  it("is stored once as the sender's, and the room names it by hash", async () => {
    const kitchen = pack("kitchen", 60);
    const first = await create({ settings: { packIds: ["kitchen"] }, packs: [kitchen] });
    expect(first.status).toBe(201);
    const options = (await server.log.openRoomByCode(first.body.roomId!))?.options as Record<string, unknown>;
    expect(options).toMatchObject({ inlineRefs: [{ id: "kitchen", hash: expect.stringMatching(/^[\w-]{43}$/) }] });
    expect(options).not.toHaveProperty("packs");
    expect(JSON.stringify(options)).not.toContain("kitchen answer");
    // The live room holds the reference, not the cards.
    const live = await server.live.get(first.body.roomId!);
    expect(JSON.stringify(live?.origin.options)).not.toContain("kitchen answer");
    expect(JSON.stringify(live?.state)).not.toContain("kitchen answer");

    // The same pack again (another table, the same sender or another) is the same content.
    const second = await create({ settings: { packIds: ["kitchen"] }, packs: [kitchen] }, "another-owner-key-0002");
    expect(second.status).toBe(201);
    expect((await server.log.openRoomByCode(second.body.roomId!))?.options).toMatchObject({
      inlineRefs: options.inlineRefs,
    });
    expect((await blobs()).filter((b) => b.kind === "pack")).toHaveLength(1);

    // The game plays with the stored cards.
    const roomId = first.body.roomId!;
    const bots: CahBot[] = [];
    for (const name of ["Ann", "Bo", "Cy"]) {
      const bot = new CahBot(server.url, roomId, await seatToken(server.url, roomId, name), name);
      bot.auto = false;
      await bot.until("a seat", (s) => s.you !== null);
      bots.push(bot);
    }
    bots[0]!.action({ type: "startGame" });
    const handOf = (s: { you: string; players: { id: string; hand?: { id: string }[] }[] }) =>
      s.players.find((p) => p.id === s.you)?.hand ?? [];
    const playing = await bots[1]!.until(
      "play with a hand dealt",
      (s) => s.status === "playing" && handOf(s).length > 0,
    );
    expect(handOf(playing).every((c) => c.id.startsWith("kitchen-w-"))).toBe(true);
    expect(playing.decks.white.count).toBeGreaterThan(30);
    for (const b of bots) b.close();
  });

  it("needs an owner key, and a whole definition is stored the same way", async () => {
    const refused = await create({ settings: { packIds: ["kitchen"] }, packs: [pack("kitchen", 60)] }, null);
    expect(refused).toMatchObject({ status: 401, body: { error: { code: "owner_required" } } });
    const definition = JSON.parse(
      readFileSync(new URL("../src/games/card-table/definitions/cah.json", import.meta.url), "utf8"),
    );
    definition.id = "cah-sent";
    definition.name = "Sent along";
    expect((await create({ definition }, null)).status).toBe(401);
    const made = await create({ definition, settings: { packIds: ["kitchen"] }, packs: [pack("kitchen", 60)] });
    expect(made.status).toBe(201);
    const options = (await server.log.openRoomByCode(made.body.roomId!))?.options as Record<string, unknown>;
    expect(options.definition).toEqual({ hash: expect.stringMatching(/^[\w-]{43}$/) });
    expect(JSON.stringify(options)).not.toContain("Sent along");
    const bot = new CahBot(server.url, made.body.roomId!, await seatToken(server.url, made.body.roomId!, "Di"), "Di");
    bot.auto = false;
    const view = await bot.until("a seat", (s) => s.you !== null);
    expect(view.definition).toMatchObject({ id: "cah-sent", name: "Sent along" });
    bot.close();
  });

  it("counts against the server's quota", async () => {
    // Distinct packs of about 200 KB each: the 1 MB server quota runs out after a few.
    const codes: string[] = [];
    for (let n = 0; n < 10; n++) {
      const big = pack(`big${n}`, 1000, 24);
      expect(JSON.stringify(big).length).toBeGreaterThan(180 * 1024);
      const r = await create({ settings: { packIds: [`big${n}`] }, packs: [big] });
      if (r.status !== 201) {
        expect(r).toMatchObject({ status: 507, body: { error: { code: "storage_full" } } });
        break;
      }
      codes.push(r.body.roomId!);
    }
    expect(codes.length).toBeGreaterThanOrEqual(3);
    expect(codes.length).toBeLessThan(10);
    const stored = (await blobs()).reduce((n, b) => n + b.bytes, 0);
    expect(stored).toBeLessThanOrEqual(1024 * 1024);
  });
});
