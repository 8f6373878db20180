import { randomUUID } from "node:crypto";
import { io } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { cardTablePacking } from "../src/games/card-table/packing";
import { CahBot, seatToken } from "./support/cah-bot";
import { Player } from "./support/client";
import { createOutrankRoom, OutrankBot, outrankSeat } from "./support/outrank-bot";
import { playToEnd, startRace } from "./support/serpent-driver";
import { serverPerFile } from "./support/server";
import { triviaRoom } from "./support/sync-scenes";
import { until } from "./support/waits";
import { type CompactSocket, compactSocket, type IsView, watchToday } from "./support/wire-twins";

/**
 * The compact wire (docs/protocols/platform.md, "Compact wire") in every room game: a socket
 * that asked for it sits beside one on today's wire, in the same seat, while the game is
 * played. After each step the view it holds (its first full view with every patch applied)
 * is the one today's socket holds, its frame carries exactly the step's other messages, one
 * frame a step; one frame is lost on purpose, and the seq gap brings a full view again.
 */
const server = serverPerFile({ TIME_SCALE: "0.05", SEAT_TOKEN_SECRET: "compact-wire-seat-secret-0123456789" });
const open: { close(): void }[] = [];
afterAll(() => {
  for (const c of open) c.close();
});

type Today = ReturnType<typeof watchToday>;
type View = Record<string, unknown>;

/** Which steps the compact socket's views and events were checked at. */
function compare(today: Today, compact: CompactSocket, normalize: (v: unknown) => unknown = (v) => v) {
  const joined = compact.fulls[0]!;
  // Steps both sockets have all of (each gets a step's messages in order, before the next
  // step's): the last one seen, and later ones, may still be arriving at either.
  const upTo = Math.min(compact.seq() ?? 0, today.last()) - 1;
  const dropped = compact.dropped();
  expect(dropped).not.toBeNull();
  // The full view the gap brought: from there on the view held is right again.
  const repaired = compact.fulls.find((s) => s >= dropped!)!;
  expect(repaired).toBeDefined();
  let viewsChecked = 0;
  for (const [seq, n] of compact.frames) {
    expect(n, `frames of step ${seq}`).toBe(1);
    if (seq <= joined || seq > upTo) continue;
    expect(compact.events.get(seq), `events of step ${seq}`).toEqual(today.events.get(seq) ?? []);
    if (!compact.heldAfter.has(seq) || (seq >= dropped! && seq <= repaired)) continue;
    expect(normalize(compact.heldAfter.get(seq)), `view after step ${seq}`).toEqual(normalize(today.heldAt(seq)));
    viewsChecked++;
  }
  // Every step that spoke to the seat brought a frame (but the one lost).
  for (const seq of today.events.keys())
    if (seq > joined && seq <= upTo && seq !== dropped)
      expect(compact.frames.has(seq), `a frame for step ${seq}`).toBe(true);
  // The gap was asked about once, and answered with the full view.
  const full = compact.answers.filter((a) => a.ack?.ok && a.ack.full);
  expect(full.length).toBeGreaterThanOrEqual(1);
  expect(full[0]!.req.seq).toBeLessThan(dropped!);
  return viewsChecked;
}

/** Wait until the compact socket has caught up with today's. */
const caughtUp = (today: Today, compact: CompactSocket) =>
  until("the compact socket caught up", () => (compact.seq() ?? 0) >= today.last());

const isState: IsView = (event, data) => event === "message" && (data as View).type === "state";

describe("the compact wire beside today's", () => {
  it("Card Table (CAH): patches of each seat's view, a lost frame repaired by resync", async () => {
    const created = await fetch(`${server.url}/api/v1/cards/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-parlor-owner": "compact-owner-key-0123456789" },
      body: JSON.stringify({
        settings: { activeVariants: ["judgeRotate"], endCondition: "rounds", endValue: 3, handSize: 7 },
        packs: [],
      }),
    });
    const roomId = ((await created.json()) as { roomId: string }).roomId;
    const bots: CahBot[] = [];
    const tokens: string[] = [];
    for (const name of ["Ann", "Bo", "Cy"]) {
      const token = await seatToken(server.url, roomId, name);
      const bot = new CahBot(server.url, roomId, token, name);
      open.push(bot.socket);
      await bot.until("seat", (s) => s.you !== null, 10_000);
      bots.push(bot);
      tokens.push(token);
    }
    const today = watchToday(bots[1]!.socket, isState);
    const compact = compactSocket(server.url, "/cards", { roomId, token: tokens[1], name: "Bo" }, 3, cardTablePacking);
    open.push(compact);
    await until("the compact socket's full view", () => compact.fulls.length > 0);
    bots[0]!.action({ type: "startGame" });
    await bots[0]!.until("game end", (s) => s.status === "ended", 60_000);
    await caughtUp(today, compact);
    // The definition comes only with a full view (join, resync): today's updates leave it out.
    const normalize = (v: unknown) => {
      const { definition: _d, ...state } = (v as { state: View }).state;
      return { ...(v as View), state };
    };
    expect(compare(today, compact, normalize)).toBeGreaterThan(5);
  });

  it("Card Table: a client naming another packing (a page from before a deploy) is kept on today's wire", async () => {
    const created = await fetch(`${server.url}/api/v1/cards/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-parlor-owner": "compact-owner-key-0123456789" },
      body: JSON.stringify({ settings: { endCondition: "rounds", endValue: 1, handSize: 7 }, packs: [] }),
    });
    const roomId = ((await created.json()) as { roomId: string }).roomId;
    const lead = new CahBot(server.url, roomId, await seatToken(server.url, roomId, "Ann"), "Ann");
    open.push(lead.socket);
    await lead.until("seat", (s) => s.you !== null, 10_000);
    // No packing named (a page from before packing existed), and one from another version.
    const heard = await Promise.all(
      [{}, { packing: "ct-0" }].map(async (extra, i) => {
        const name = `Old${i}`;
        const token = await seatToken(server.url, roomId, name);
        const socket = io(`${server.url}/cards`, {
          transports: ["websocket"],
          forceNew: true,
          reconnection: false,
          auth: { roomId, token, name, sync: "patch", ...extra },
        });
        open.push(socket);
        const got = { patches: 0, states: [] as { state?: { status?: string } }[] };
        // Card Table speaks in `message`s: today's views are `state`, compact frames `patch`.
        socket.on("message", (m: { type?: string; state?: { status?: string } }) => {
          if (m.type === "patch") got.patches++;
          if (m.type === "state") got.states.push(m);
        });
        await until(`${name}'s first view`, () => got.states.length > 0);
        return got;
      }),
    );
    lead.action({ type: "startGame" });
    for (const got of heard)
      await until("today's view of the started game", () => got.states.some((m) => m.state?.status === "playing"));
    for (const got of heard) expect(got.patches).toBe(0);
  });

  it("Outrank: the same, through a whole game", async () => {
    const roomId = await createOutrankRoom(server.url, {
      mode: "online",
      settings: { endCondition: "rounds", roundLimit: 2 },
    });
    const bots: OutrankBot[] = [];
    const tokens: string[] = [];
    for (const [i, name] of ["Ann", "Bo"].entries()) {
      const token = await outrankSeat(server.url, roomId, name, `device-${roomId}-${i}-0123456789`);
      const bot = new OutrankBot(server.url, roomId, token, name, 7 + i);
      open.push(bot);
      await bot.until("a seat", (s) => s.you !== null, 10_000);
      bots.push(bot);
      tokens.push(token);
    }
    for (const b of bots) await b.until("both seated", (s) => s.players.length === 2);
    const today = watchToday(bots[0]!.socket, isState);
    const compact = compactSocket(server.url, "/outrank", { roomId, token: tokens[0], name: "Ann" }, 4);
    open.push(compact);
    await until("the compact socket's full view", () => compact.fulls.length > 0);
    bots[0]!.action({ type: "startGame" });
    await Promise.all(bots.map((b) => b.until("the end", (s) => s.phase === "gameEnd", 60_000)));
    await caughtUp(today, compact);
    // How many steps change the view after the repaired gap depends on the game the bots
    // play (a short one leaves few): at least one checked proves the patches, not a count.
    expect(compare(today, compact)).toBeGreaterThan(0);
  });

  it("Trivia Duel: events in frames (its steps send no views), timers included", async () => {
    const code = await triviaRoom(server);
    const id = randomUUID();
    const p1 = new Player(server.url, "/trivia");
    const p2 = new Player(server.url, "/trivia");
    open.push(p1, p2);
    const today = watchToday(p1.socket, (e, d) => e === "message" && (d as View).type === "ROOM_STATE");
    p1.send({ type: "JOIN_ROOM", roomId: code, playerId: id });
    await p1.next("ROOM_STATE");
    const compact = compactSocket(server.url, "/trivia", {}, 1);
    open.push(compact);
    compact.socket.send({ type: "JOIN_ROOM", roomId: code, playerId: id });
    await until("the compact socket's full view", () => compact.fulls.length > 0);
    p2.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
    // The category phase ends by its timer; then a bet, a match, and the clue.
    await p1.next("PHASE_BETTING");
    p1.send({ type: "BET", amount: 50 });
    await p2.next("BET_PLACED");
    p2.send({ type: "MATCH" });
    await p1.next("PHASE_CLUE", (m) => m.pot === 100);
    await caughtUp(today, compact);
    compare(today, compact);
    expect(compact.frames.size).toBeGreaterThanOrEqual(3);
  });

  it("SerpentRace: frames on the `patch` event, through a whole race", async () => {
    const race = await startRace(server.url, ["Ann", "Bo"], { waitMs: 20_000 });
    open.push(...race.clients.map((c) => c.socket));
    const seat = Object.keys(race.seats)[0]!;
    const today = watchToday(race.seats[seat]!.socket, (e) => e === "game:state");
    const compact = compactSocket(server.url, "/game", { token: race.tokens[seat] }, 2);
    open.push(compact);
    await until("the compact socket's full view", () => compact.fulls.length > 0);
    await playToEnd(race, []);
    await caughtUp(today, compact);
    compare(today, compact);
    expect(compact.frames.size).toBeGreaterThanOrEqual(3);
  });
});
