import { describe, expect, it } from "vitest";
import { testPack } from "../src/games/card-table/test-packs";
import { CahBot, seatToken } from "./support/cah-bot";
import { serverPerFile } from "./support/server";

/** The pack uploader's key, as the web client keeps one in the browser. */
const OWNER = "party-owner-key-0123456789";
const server = serverPerFile({ TIME_SCALE: "0.05" });

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

const pack = testPack({ id: "party-pack", whites: 40, blacks: 10 });

/** A started CAH table of `players` quiet bots (they act only when told). */
async function table(players: number) {
  const created = await call(
    "POST",
    "/api/v1/cards/rooms",
    { settings: { packIds: [pack.id] } },
    { "x-parlor-owner": OWNER },
  );
  expect(created.status).toBe(201);
  const roomId = created.body.roomId as string;
  const bots: CahBot[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < players; i++) {
    const name = `Player ${i + 1}`;
    const token = await seatToken(server.url, roomId, name);
    const bot = new CahBot(server.url, roomId, token, name);
    bot.auto = false;
    await bot.until("seat", (s) => s.you !== null, 10_000);
    bots.push(bot);
    tokens.push(token);
  }
  const lead = bots[0]!;
  expect((await lead.reply(lead.action({ type: "startGame" }))).type).toBe("ack");
  await lead.until("the game", (s) => s.status === "playing");
  return { roomId, bots, lead, tokens };
}

describe("Card Table party features", () => {
  it("the lead vetoes a card in their hand and reports it; the pack's owner reads the report", async () => {
    expect((await call("POST", "/api/v1/cards/packs", pack, { "x-parlor-owner": OWNER })).status).toBe(201);
    const { roomId, bots, lead } = await table(3);
    const card = lead.state.players.find((p: { id: string }) => p.id === lead.me).hand[0];
    const veto = lead.action({ type: "vetoCard", cardId: card.id });
    expect((await lead.reply(veto)).type).toBe("ack");
    for (const b of bots) {
      const v = await b.until("the vetoed list", (s) => (s.vetoed ?? []).length === 1);
      expect(v.vetoed).toEqual([{ id: card.id, type: "white", text: card.properties.text }]);
    }
    // Anyone else's veto is refused.
    const other = bots[1]!;
    const refused = await other.reply(other.action({ type: "vetoCard", cardId: "party-pack-w-002" }));
    expect(refused).toMatchObject({ type: "error", error: "not_lead" });

    const report = await call("POST", "/api/v1/cards/reports", {
      room: roomId,
      cardId: card.id,
      reason: "offensive",
      note: "not at our table",
    });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({
      packId: pack.id,
      cardId: card.id,
      text: card.properties.text,
      reason: "offensive",
    });
    // A report's words come from the room, never from the reporter.
    expect(
      (await call("POST", "/api/v1/cards/reports", { room: roomId, cardId: "nope", reason: "other" })).status,
    ).toBe(404);
    expect(
      (
        await call("POST", "/api/v1/cards/reports", {
          room: roomId,
          cardId: card.id,
          reason: "other",
          note: "x".repeat(201),
        })
      ).status,
    ).toBe(400);

    const mine = await call("GET", `/api/v1/cards/reports?packId=${pack.id}`, undefined, { "x-parlor-owner": OWNER });
    expect(mine.status).toBe(200);
    expect(mine.body.reports).toEqual([expect.objectContaining({ cardId: card.id, note: "not at our table" })]);
    const stranger = await call("GET", `/api/v1/cards/reports?packId=${pack.id}`, undefined, {
      "x-parlor-owner": "someone-else-key-0123456789",
    });
    expect(stranger.status).toBe(403);
    const key = await server.services.secret!("card-reports");
    const operator = await call("GET", "/api/v1/cards/reports", undefined, { authorization: `Bearer ${key}` });
    expect(operator.status).toBe(200);
    expect((operator.body.reports as unknown[]).length).toBeGreaterThan(0);
    for (const b of bots) b.close();
  });

  it("a player hands their seat to someone watching: the newcomer plays on with its hand and score, the old token is refused", async () => {
    const { roomId, bots, tokens } = await table(3);
    const api = `/api/v1/cards/rooms/${roomId}`;
    const [, old, third] = bots as [CahBot, CahBot, CahBot];
    const watcher = new CahBot(server.url, roomId, undefined as unknown as string, "Watcher");
    watcher.auto = false;
    await watcher.until("the watcher's view", (s) => s.status === "playing" && s.you === null);
    const before = old.state.players.find((p: { id: string }) => p.id === "P2");

    // Only a seat's own player, or the lead for an absent one, may offer it.
    expect((await call("POST", `${api}/handovers`, { token: tokens[2], seat: "P2" })).body).toMatchObject({
      error: { code: "not_lead" },
    });
    expect((await call("POST", `${api}/handovers`, { token: tokens[0], seat: "P2" })).body).toMatchObject({
      error: { code: "player_here" },
    });
    expect((await call("POST", `${api}/handovers`, { token: "forged", seat: "P2" })).status).toBe(401);
    const offer = await call("POST", `${api}/handovers`, { token: tokens[1] });
    expect(offer.status).toBe(201);
    expect(offer.body.seat).toBe("P2");

    const claim = await call("POST", `${api}/handovers/claim`, { handover: offer.body.handover, name: "Watcher" });
    expect(claim.status).toBe(201);
    expect(claim.body.seat).toBe("P2");
    // One claim per code: the seat has changed hands since.
    const again = await call("POST", `${api}/handovers/claim`, { handover: offer.body.handover, name: "Someone" });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "handover_used" } } });

    watcher.close();
    const heir = new CahBot(server.url, roomId, claim.body.token as string, "Watcher");
    heir.auto = false;
    const mine = await heir.until("the handed seat", (s) => s.you === "P2");
    const now = mine.players.find((p: { id: string }) => p.id === "P2");
    expect(now.hand.map((c: { id: string }) => c.id)).toEqual(before.hand.map((c: { id: string }) => c.id));
    expect(now.score).toBe(before.score);
    expect(now.name).toBe("Watcher");
    // The old holder's socket watches now, and its actions are refused.
    await old.until("the old holder watching", (s) => s.you === null);
    const refused = await old.reply(old.action({ type: "setPresence", presence: "away" }));
    expect(refused.type).toBe("error");
    expect(["not_seated", "spectator"]).toContain(refused.error);
    // Its token no longer seats anyone: coming back with it, it only watches.
    const back = new CahBot(server.url, roomId, tokens[1]!, "Player 2");
    back.auto = false;
    await back.message("the refusal", (m) => m.type === "error" && m.error === "seat_handed_over");
    expect((await back.until("a view", (s) => s.status === "playing")).you).toBeNull();

    // The game goes on with the new holder in the seat.
    const seated = [bots[0]!, third, heir];
    for (const b of seated) b.auto = true;
    const round = heir.state.round as number;
    // The bots act on the next state they get: the judge's draw gives everyone one.
    const judge = seated.find((b) => b.me === heir.state.roles.judge)!;
    judge.action({ type: "draw", deckId: "black", count: 1, toZone: "prompt" });
    await heir.until("the next round", (s) => s.round > round, 30_000);
    for (const b of [...bots, heir, back]) b.close();
  });
});
