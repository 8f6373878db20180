import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { CahBot, seatToken } from "./support/cah-bot";
import { serverPerFile } from "./support/server";

/** The uploader's key, as the web client keeps one in the browser. */
const OWNER = "test-owner-key-0123456789";
const server = serverPerFile({ TIME_SCALE: "0.05" });

async function post(path: string, body: unknown) {
  const r = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parlor-owner": OWNER },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

async function table(settings: Record<string, unknown>, players: number, packs: unknown[] = []) {
  const created = await post("/api/v1/cards/rooms", { settings, packs });
  expect(created.status).toBe(201);
  const roomId = created.body.roomId as string;
  const bots: CahBot[] = [];
  for (let i = 0; i < players; i++) {
    const name = `Player ${i + 1}`;
    const bot = new CahBot(server.url, roomId, await seatToken(server.url, roomId, name), name);
    await bot.until("seat", (s) => s.you !== null, 10_000);
    bots.push(bot);
  }
  return { roomId, bots };
}

/** What a seat must never see: another seat's hand, or an author before the winner is known. */
function secrecyProblems(bot: CahBot): string[] {
  const problems: string[] = [];
  for (const m of bot.inbox) {
    if (m.type !== "state") continue;
    // biome-ignore lint/suspicious/noExplicitAny: structural scan of a view
    const s = m.state as any;
    for (const p of s.players) if (p.id !== s.you && p.hand.length) problems.push(`sees ${p.id}'s hand`);
    for (const [pid, sub] of Object.entries(s.roundState.submissions ?? {}))
      if (pid !== s.you && (sub as { cards: unknown[] }).cards.length) problems.push(`sees ${pid}'s answer`);
    for (const e of s.roundState.anonymized ?? [])
      if (e.playerId && e.index !== s.roundState.winningIndex) problems.push("an author before the winner");
    if ("shuffledOrder" in s.roundState) problems.push("the index→player map");
    for (const d of Object.values(s.decks)) if ((d as { cards: unknown[] }).cards.length) problems.push("deck order");
  }
  return problems;
}

const basePlusRando = { activeVariants: ["judgeRotate", "rando"], endCondition: "rounds", endValue: 3, handSize: 7 };

describe("Card Table over Socket.IO", () => {
  it("four players and Rando play a whole CAH game to the end", async () => {
    const { roomId, bots } = await table(basePlusRando, 4);
    const lead = bots[0]!;
    expect(lead.state.players.find((p: { id: string }) => p.id === lead.me).isLead).toBe(true);
    const start = lead.action({ type: "startGame" });
    expect((await lead.reply(start)).type).toBe("ack");
    const end = await lead.until("game end", (s) => s.status === "ended", 30_000);
    expect(end.round).toBeGreaterThanOrEqual(3);
    const ended = lead.inbox.find((m) => m.type === "event" && (m.event as { type: string }).type === "gameEnded");
    expect(ended).toBeDefined();
    const scores = (ended!.event as { finalScores: Record<string, number> }).finalScores;
    expect(Object.values(scores).reduce((a, b) => a + b, 0)).toBe(3);
    expect(Object.keys(scores)).toContain("rando");
    for (const b of bots) expect(secrecyProblems(b)).toEqual([]);
    // The unchanging definition travels in the join's full sync only.
    const states = lead.inbox.filter((m) => m.type === "state").map((m) => m.state as { definition?: unknown });
    expect(states[0]!.definition).toBeDefined();
    expect(states.slice(1).filter((v) => v.definition !== undefined)).toHaveLength(0);
    // The history tables saw it too: the games row, its events, and its players.
    await server.host.projectionsSettled();
    const cardTable = server.host.game("card-table");
    await cardTable.close?.(server.services);
    const uid = (await server.live.get(roomId))!.uid;
    const game = await sql<{
      status: string;
      definition_id: string;
    }>`SELECT status, definition_id FROM games WHERE id = ${uid}`.execute(server.db);
    expect(game.rows[0]).toEqual({ status: "ended", definition_id: "cah" });
    const events = await sql<{
      event: { type: string };
    }>`SELECT event FROM game_events WHERE game_id = ${uid} ORDER BY id`.execute(server.db);
    const types = events.rows.map((r) => (typeof r.event === "string" ? JSON.parse(r.event) : r.event).type);
    expect(types).toContain("gameStarted");
    expect(types.filter((t) => t === "winnerSelected")).toHaveLength(3);
    expect(types.at(-1)).toBe("gameEnded");
    const seated = await sql<{ n: number }>`SELECT count(*)::int AS n FROM players WHERE id LIKE ${`${uid}:%`}`.execute(
      server.db,
    );
    expect(seated.rows[0]!.n).toBe(4);
    for (const b of bots) b.close();
  });

  it("pick-2 answers keep their order through judging", async () => {
    const white = Array.from({ length: 80 }, (_, i) => ({
      id: `tw-w-${i + 1}`,
      type: "white",
      properties: { text: `Answer ${i + 1}.` },
    }));
    const black = Array.from({ length: 10 }, (_, i) => ({
      id: `tw-b-${i + 1}`,
      type: "black",
      properties: { text: `First _____, then _____ (${i + 1}).`, pick: 2, blanks: 2 },
    }));
    const pack = { id: "twos", name: "Twos", official: false, cards: { white, black } };
    const { bots } = await table({ packIds: ["twos"], endCondition: "rounds", endValue: 1, handSize: 5 }, 3, [pack]);
    bots[0]!.action({ type: "startGame" });
    const judged = await bots[0]!.until("a judged round", (s) => s.lastRound?.winnerId !== undefined, 20_000);
    const entries = judged.lastRound.submissions as { index: number; cards: { id: string }[]; playerId?: string }[];
    // Once judged every entry names its author, each with the two cards in the order played.
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      const author = bots.find((b) => b.me === e.playerId)!;
      expect(e.cards.map((c) => c.id)).toEqual(author.played[1]);
      expect(e.cards).toHaveLength(2);
    }
    expect(entries.find((e) => e.index === judged.lastRound.winningIndex)?.playerId).toBe(judged.lastRound.winnerId);
    for (const b of bots) b.close();
  });

  it("a player who reconnects with their token gets their seat and hand back", async () => {
    const { roomId, bots } = await table({ endCondition: "none" }, 3);
    bots[0]!.action({ type: "startGame" });
    const p2 = bots[1]!;
    const s = await p2.until("play", (v) => v.status === "playing");
    const hand = s.players.find((p: { id: string }) => p.id === p2.me).hand.map((c: { id: string }) => c.id);
    const token = (p2.socket.auth as { token: string }).token;
    p2.close();
    await bots[0]!.until("P2 disconnected", (v) =>
      v.players.some((p: { id: string; presence: string }) => p.id === "P2" && p.presence === "disconnected"),
    );
    const back = new CahBot(server.url, roomId, token, "Player 2");
    back.auto = false;
    const again = await back.until("the seat P2 back", (v) => v.you === "P2");
    const handAgain = again.players.find((p: { id: string }) => p.id === "P2").hand.map((c: { id: string }) => c.id);
    expect(handAgain.filter((c: string) => hand.includes(c)).length).toBeGreaterThan(0);
    // A forged token is refused.
    const forged = new CahBot(server.url, roomId, `${token.slice(0, -4)}AAAA`, "Mallory");
    await forged.message("the error bad_token", (m) => m.type === "error" && m.error === "bad_token");
    for (const b of [...bots, back, forged]) b.close();
  });

  it("the lead kicks a player, who cannot come back", async () => {
    const { roomId, bots } = await table({ endCondition: "none" }, 4);
    const [lead, , , victim] = bots as [CahBot, CahBot, CahBot, CahBot];
    lead.action({ type: "startGame" });
    await lead.until("play", (s) => s.status === "playing");
    const token = (victim.socket.auth as { token: string }).token;
    const id = victim.me!;
    const kick = lead.action({ type: "kickPlayer", playerId: id });
    expect((await lead.reply(kick)).type).toBe("ack");
    await lead.until("the kicked player gone", (s) =>
      s.players.every((p: { id: string; presence: string }) => p.id !== id || p.presence === "left"),
    );
    victim.close();
    const back = new CahBot(server.url, roomId, token, "again");
    back.auto = false;
    await back.message("the error kicked", (m) => m.type === "error" && m.error === "kicked");
    expect((await back.until("a state", () => true)).you).toBeNull();
    for (const b of [...bots, back]) b.close();
  });

  it("a kicked browser cannot sit down again under a new name, and a locked table takes no newcomers", async () => {
    const created = await post("/api/v1/cards/rooms", { settings: { endCondition: "none" } });
    const roomId = created.body.roomId as string;
    const device = (n: number) => `device-secret-${n}-${roomId}`;
    const bots: CahBot[] = [];
    for (let i = 1; i <= 4; i++) {
      const bot = new CahBot(server.url, roomId, await seatToken(server.url, roomId, `P${i}`, device(i)), `P${i}`);
      await bot.until("seat", (s) => s.you !== null, 10_000);
      bots.push(bot);
    }
    const [lead, , , victim] = bots as [CahBot, CahBot, CahBot, CahBot];
    lead.action({ type: "startGame" });
    await lead.until("play", (s) => s.status === "playing");
    const id = victim.me!;
    expect((await lead.reply(lead.action({ type: "kickPlayer", playerId: id }))).type).toBe("ack");
    victim.close();
    // Same browser, a fresh token and another name: still kicked.
    const disguised = new CahBot(
      server.url,
      roomId,
      await seatToken(server.url, roomId, "Someone", device(4)),
      "Someone",
    );
    disguised.auto = false;
    await disguised.message("the error kicked", (m) => m.type === "error" && m.error === "kicked");
    expect((await disguised.until("a state", () => true)).you).toBeNull();
    // The lead locks the table: another browser cannot sit down either, but may watch.
    expect((await lead.reply(lead.action({ type: "lockTable", locked: true }))).type).toBe("ack");
    const late = new CahBot(server.url, roomId, await seatToken(server.url, roomId, "Late", device(9)), "Late");
    late.auto = false;
    await late.message("the error table_locked", (m) => m.type === "error" && m.error === "table_locked");
    expect((await late.until("a state", () => true)).you).toBeNull();
    for (const b of [...bots, disguised, late]) b.close();
  });

  it("a player who leaves cannot come back, and a newcomer gets a fresh seat", async () => {
    const { roomId, bots } = await table({ endCondition: "none" }, 3);
    const [lead, , leaver] = bots as [CahBot, CahBot, CahBot];
    lead.action({ type: "startGame" });
    await lead.until("play", (s) => s.status === "playing");
    const token = (leaver.socket.auth as { token: string }).token;
    const gone = leaver.me!;
    leaver.socket.send({ type: "leave", requestId: "bye" });
    await lead.until("the player who left marked left", (s) =>
      s.players.some((p: { id: string; presence: string }) => p.id === gone && p.presence === "left"),
    );
    leaver.close();
    const again = new CahBot(server.url, roomId, token, "Back again");
    again.auto = false;
    await again.message("the error left_game", (m) => m.type === "error" && m.error === "left_game");
    expect((await again.until("a state", () => true)).you).toBeNull();
    const fresh = new CahBot(server.url, roomId, await seatToken(server.url, roomId, "Newcomer"), "Newcomer");
    fresh.auto = false;
    const seated = await fresh.until("a seat", (s) => s.you !== null);
    expect(seated.you).not.toBe(gone);
    expect(seated.players.find((p: { id: string }) => p.id === seated.you).hand.length).toBeGreaterThan(0);
    for (const b of [...bots, again, fresh]) b.close();
  });

  it("eight players fill a table; malformed input is refused with the request id and changes nothing", async () => {
    const { roomId, bots } = await table({ endCondition: "rounds", endValue: 1 }, 8);
    const lead = bots[0]!;
    lead.auto = false;
    const before = (await server.live.get(roomId))!.version;
    const bad: [unknown, string][] = [
      [{ type: "action", action: { type: "fly" }, requestId: "a1" }, "bad_action"],
      [{ type: "action", requestId: "a2" }, "bad_action"],
      [{ type: "dance", requestId: "a3" }, "unknown_type"],
      [
        {
          type: "action",
          action: { type: "draw", deckId: "x".repeat(100 * 1024), count: 1, toZone: "hand" },
          requestId: "a4",
        },
        "message_too_large",
      ],
    ];
    for (const [msg, code] of bad) {
      lead.socket.send(msg);
      const id = (msg as { requestId: string }).requestId;
      if (code === "message_too_large") {
        await lead.message(`the error ${code}`, (m) => m.type === "error" && m.error === code);
      } else {
        expect(await lead.reply(id)).toMatchObject({ type: "error", error: code, requestId: id });
      }
    }
    const early = lead.action({ type: "selectWinner", index: 1 });
    expect((await lead.reply(early)).type).toBe("error");
    expect((await server.live.get(roomId))!.version).toBe(before);
    lead.auto = true;
    lead.action({ type: "startGame" });
    await lead.until("game end", (s) => s.status === "ended", 30_000);
    for (const b of bots) b.close();
  });
});

describe("Card Table REST", () => {
  it("lists, uploads and imports packs, uploads definitions, and refuses bad bodies", async () => {
    const list = await (await fetch(`${server.url}/api/v1/cards/packs`)).json();
    expect(list.packs.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining(["base", "office-life", "space-and-science"]),
    );
    const pack = {
      id: "mine",
      name: "Mine",
      official: false,
      cards: { white: [{ id: "mine-w-001", type: "white", properties: { text: "A teapot." } }] },
    };
    expect((await post("/api/v1/cards/packs", pack)).status).toBe(201);
    expect((await post("/api/v1/cards/packs", pack)).body).toMatchObject({ error: { code: "pack_exists" } });
    expect((await post("/api/v1/cards/packs", { id: "no cards" })).status).toBe(400);
    const imported = await post("/api/v1/cards/packs/import", {
      white: ["A kettle.", "Two spoons.", "The moon."],
      black: [{ text: "Who took _?", pick: 1 }],
      packs: [{ name: "Kitchen", white: [0, 1, 2], black: [0] }],
    });
    expect(imported.status).toBe(201);
    const kitchen = (imported.body.packs as { id: string; counts: Record<string, number> }[])[0]!;
    expect(kitchen.counts).toEqual({ white: 3, black: 1 });
    expect((await post("/api/v1/cards/packs/import", { nonsense: true })).status).toBe(400);
    // A room can use the uploaded pack by id.
    const room = await post("/api/v1/cards/rooms", { settings: { packIds: ["base", kitchen.id] } });
    expect(room.status).toBe(201);
    expect((await post("/api/v1/cards/rooms", { settings: { packIds: ["nope"] } })).body).toMatchObject({
      error: { code: "unknown_pack" },
    });
    const defs = await (await fetch(`${server.url}/api/v1/cards/definitions`)).json();
    expect(defs.definitions.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining(["cah", "dice-sandbox"]));
  });

  it("uploads belong to their owner: private until shared, listed without their cards, deletable", async () => {
    const as = (owner: string | null) => (owner ? { "x-parlor-owner": owner } : ({} as Record<string, string>));
    const call = async (method: string, path: string, owner: string | null, body?: unknown) => {
      const r = await fetch(`${server.url}/api/v1/cards${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...as(owner) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const alice = "alice-owner-key-000000001";
    const bob = "bob-owner-key-0000000000002";
    const pack = {
      id: "Alice's Pack #1",
      name: "Alice's",
      official: false,
      cards: { white: [{ id: "Ünïcode card 1", type: "white", properties: { text: "A kazoo." } }] },
    };
    expect((await call("POST", "/packs", null, pack)).body).toMatchObject({ error: { code: "owner_required" } });
    const made = await call("POST", "/packs", alice, pack);
    expect(made).toMatchObject({ status: 201, body: { id: pack.id, version: 1, shared: false, mine: true } });
    const ids = async (owner: string | null) =>
      ((await call("GET", "/packs", owner)).body.packs as { id: string }[]).map((p) => p.id);
    expect(await ids(alice)).toContain(pack.id);
    expect(await ids(bob)).not.toContain(pack.id);
    expect(await ids(null)).not.toContain(pack.id);
    const path = `/packs/${encodeURIComponent(pack.id)}`;
    expect((await call("GET", path, bob)).status).toBe(404);
    // Only Alice may use it for a table until she shares it.
    const room = async (owner: string) => {
      const r = await fetch(`${server.url}/api/v1/cards/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json", ...as(owner) },
        body: JSON.stringify({ settings: { packIds: ["base", pack.id] } }),
      });
      return r.status;
    };
    expect(await room(bob)).toBe(400);
    expect(await room(alice)).toBe(201);
    expect((await call("POST", `${path}/share`, bob, { shared: true })).status).toBe(404);
    expect((await call("POST", `${path}/share`, alice, { shared: true })).body).toMatchObject({ shared: true });
    expect(await ids(bob)).toContain(pack.id);
    expect((await call("GET", path, bob)).body).toMatchObject({ id: pack.id, version: 1 });
    expect(await room(bob)).toBe(201);
    // A new version for Alice; Bob may not write or delete it.
    const v2 = { ...pack, name: "Alice's, again" };
    expect((await call("PUT", path, bob, v2)).status).toBe(403);
    expect((await call("PUT", path, alice, v2)).body).toMatchObject({ version: 2, shared: true });
    expect((await call("DELETE", path, bob)).status).toBe(403);
    expect((await call("DELETE", path, alice)).body).toEqual({ deleted: pack.id });
    expect(await ids(alice)).not.toContain(pack.id);
    expect(await room(alice)).toBe(400);
  });
});
