import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECK_LIMITS } from "../src/games/serpent-race/service/deck-schema";
import { ownedBytes } from "../src/games/serpent-race/service/deck-store";
import { Identities } from "../src/platform/identities";
import { RaceClient, register } from "./support/serpent-client";
import { JOKER_CARDS, LUCK_CARDS, NEGATIVE_CARDS, POSITIVE_CARDS } from "./support/serpent-driver";
import { serverPerFile } from "./support/server";

/**
 * SerpentRace's REST exactly as the document lists it: the three game endpoints with their
 * bodies, answers, game token and every status code, for PUBLIC, PRIVATE and ORGANIZATION
 * games; decks under /api/v1/decks; and the document's error format, `{ error, code }`, on
 * every one of these routes, the errors Fastify raises itself included.
 */
const sockets: RaceClient[] = [];
/** The test decks, public, made once: every teacher below may create games with them. */
let decks: string[];
const server = serverPerFile();
beforeAll(async () => {
  const author = await register(server.url, "Deck Author");
  decks = [];
  for (const [name, decktype, cards] of [
    ["Shared positive", 0, POSITIVE_CARDS],
    ["Shared negative", 1, NEGATIVE_CARDS],
    ["Shared luck", 2, LUCK_CARDS],
    ["Shared joker", 3, JOKER_CARDS],
  ] as const)
    decks.push(
      (
        await api("POST", "/api/v1/decks", {
          token: author.accessToken,
          body: { name, decktype, cards, visibility: "public" },
        })
      ).body.deckid,
    );
});
afterAll(async () => {
  for (const s of sockets) s.close();
});

/**
 * The routes' own per-minute limits (20 game creations, 30 deck writes, 120 joins) count per
 * client address; each group of tests below calls from an address of its own on the
 * loopback network (127.0.0.x), so together they stay under them on one server.
 */
let from = "127.0.0.1";
const fromAddress = (address: string) =>
  beforeAll(() => {
    from = address;
  });

function send(method: string, path: string, body: string | undefined, headers: Record<string, string>) {
  // biome-ignore lint/suspicious/noExplicitAny: response bodies of every route
  return new Promise<{ status: number; body: Record<string, any> }>((resolve, reject) => {
    const url = new URL(`${server.url}${path}`);
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: from },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function api(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return send(method, path, opts.body === undefined ? undefined : JSON.stringify(opts.body), headers);
}
const raw = (method: string, path: string, body: string, headers: Record<string, string>) =>
  send(method, path, body, headers);

/** Every document route that reads a body. */
const BODY_ROUTES = [
  ["POST", "/api/v1/auth/login"],
  ["POST", "/api/v1/auth/register"],
  ["POST", "/api/v1/orgs"],
  ["POST", "/api/v1/decks"],
  ["PUT", "/api/v1/decks/6f1c0e2a-0000-4000-8000-000000000000"],
  ["POST", "/api/v1/game/start"],
  ["POST", "/api/v1/game/join"],
] as const;

/** The document's error body: a message for people and a stable code, nothing else. */
const flat = (code: string) => ({ error: expect.any(String), code });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

async function orgWith(owner: { accessToken: string }, name: string, members: { accessToken: string }[] = []) {
  const org = await api("POST", "/api/v1/orgs", { token: owner.accessToken, body: { name } });
  for (const m of members)
    await api("POST", "/api/v1/orgs/join", { token: m.accessToken, body: { inviteCode: org.body.inviteCode } });
  return org.body.id as string;
}

/** A game `teacher` made with the shared decks and `fields`: the reply's body. */
async function gameBy(teacher: { accessToken: string }, fields: Record<string, unknown>) {
  return (await api("POST", "/api/v1/game/start", { token: teacher.accessToken, body: { deckids: decks, ...fields } }))
    .body;
}

/** A player's socket, ready (or not). */
async function readySocket(token: string, ready = true) {
  const c = new RaceClient(server.url, { token });
  sockets.push(c);
  await c.next("game:state");
  if (ready) {
    c.emit("game:ready", { ready: true });
    await c.next("game:player-ready", (d) => d.ready === true);
  }
  return c;
}

describe("POST /api/v1/game/start", () => {
  fromAddress("127.0.0.2");
  it("creates a game with the document's fields; 400, 401, 404 and 500 as listed", async () => {
    const teacher = await register(server.url, "Mr Okafor");
    const made = await api("POST", "/api/v1/game/start", {
      token: teacher.accessToken,
      body: { deckids: decks, maxplayers: 6, logintype: 0 },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      maxplayers: 6,
      logintype: 0,
      boardsize: 100,
      createdby: teacher.user.id,
      orgid: null,
      players: [],
      startdate: null,
      enddate: null,
      finished: false,
      winner: null,
      totaltiles: 100,
    });
    expect(made.body.id).toMatch(UUID);
    expect(made.body.gamecode).toMatch(/^[A-Z0-9]{6}$/);
    expect(made.body.gamedecks.map((d: { deckid: string }) => d.deckid)).toEqual(decks);
    expect(made.body.gamedecks[0].cards.map((c: { cardid: string }) => c.cardid)).toEqual(
      POSITIVE_CARDS.map((c) => c.cardid),
    );

    const start = (body: unknown, token: string | null = teacher.accessToken) =>
      api("POST", "/api/v1/game/start", { ...(token ? { token } : {}), body });
    const good = { deckids: decks, maxplayers: 4, logintype: 0 };
    for (const bad of [
      {},
      { ...good, deckids: [] },
      { ...good, deckids: "x" },
      { ...good, maxplayers: 1 },
      { ...good, maxplayers: 11 },
      { ...good, maxplayers: 2.5 },
      { ...good, logintype: 3 },
      { ...good, logintype: "PUBLIC" },
    ])
      expect(await start(bad), JSON.stringify(bad)).toEqual({ status: 400, body: flat("invalid_body") });
    const badJson = await raw("POST", "/api/v1/game/start", "{ deckids: ", {
      "content-type": "application/json",
      authorization: `Bearer ${teacher.accessToken}`,
    });
    expect(badJson).toEqual({ status: 400, body: flat("invalid_json") });

    expect(await start(good, null)).toEqual({ status: 401, body: flat("unauthorized") });
    expect(await start(good, "eyJhbGciOiJIUzI1NiJ9.e30.forged")).toEqual({ status: 401, body: flat("unauthorized") });
    const ours = await Identities.open(server.db as never);
    const expired = await ours.sign({ kind: "user" }, "parlor-access", -60, `user:${teacher.user.id}`);
    expect(await start(good, expired)).toEqual({ status: 401, body: flat("unauthorized") });

    expect(await start({ ...good, deckids: ["6f1c0e2a-0000-4000-8000-000000000000"] })).toEqual({
      status: 404,
      body: flat("deck_not_found"),
    });
    // Someone else's private deck is as good as missing.
    const mine = await api("POST", "/api/v1/decks", {
      token: teacher.accessToken,
      body: { name: "Mine", decktype: 2, cards: LUCK_CARDS },
    });
    const other = await register(server.url, "Ms Lind");
    expect(await start({ ...good, deckids: [mine.body.deckid] }, other.accessToken)).toEqual({
      status: 404,
      body: flat("deck_not_found"),
    });

    // Our failure: 500 in the same format, and nothing about its cause.
    const rooms = (server.services as unknown as { rooms: { create: (...a: unknown[]) => Promise<string> } }).rooms;
    const create = rooms.create;
    rooms.create = async () => {
      throw new Error("disk on fire");
    };
    try {
      const failed = await start(good);
      expect(failed).toEqual({ status: 500, body: flat("server_error") });
      expect(JSON.stringify(failed.body)).not.toContain("disk on fire");
    } finally {
      rooms.create = create;
    }
  });
});

describe("POST /api/v1/game/join", () => {
  fromAddress("127.0.0.3");
  it("PUBLIC: a name and no account; the game token; 400, 404 and 409 as listed", async () => {
    const teacher = await register(server.url, "Mr Berg");
    const game = await gameBy(teacher, { maxplayers: 2, logintype: 0 });
    const join = (body: unknown, token?: string) =>
      api("POST", "/api/v1/game/join", { ...(token ? { token } : {}), body });

    const ann = await join({ gameCode: game.gamecode.toLowerCase(), playerName: "  Ann " });
    expect(ann.status).toBe(200);
    expect(ann.body).toEqual({
      id: game.id,
      gamecode: game.gamecode,
      playerName: "Ann",
      playerCount: 1,
      maxPlayers: 2,
      gameType: "PUBLIC",
      isAuthenticated: false,
      gameToken: expect.any(String),
    });
    const claims = claimsOf(ann.body.gameToken);
    expect(claims).toMatchObject({ gameId: game.id, gameCode: game.gamecode, playerName: "Ann", playerId: "P1" });
    expect(claims.userId).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(24 * 3600);

    expect(await join({ gameCode: "!!", playerName: "X" })).toEqual({ status: 400, body: flat("invalid_body") });
    expect(await join({ playerName: "X" })).toEqual({ status: 400, body: flat("invalid_body") });
    expect(await join({ gameCode: game.gamecode })).toEqual({ status: 400, body: flat("player_name_required") });
    expect(await join({ gameCode: "ZZZZ99", playerName: "X" })).toEqual({ status: 404, body: flat("game_not_found") });
    expect(await join({ gameCode: game.gamecode, playerName: "ANN" })).toEqual({
      status: 409,
      body: flat("name_taken"),
    });
    const bob = await join({ gameCode: game.gamecode, playerName: "Bob" });
    expect(bob.body).toMatchObject({ playerName: "Bob", playerCount: 2 });
    expect(claimsOf(bob.body.gameToken).playerId).toBe("P2");
    expect(await join({ gameCode: game.gamecode, playerName: "Cy" })).toEqual({ status: 409, body: flat("room_full") });

    // Started: too late to join.
    await readySocket(ann.body.gameToken);
    await readySocket(bob.body.gameToken);
    expect((await api("POST", `/api/v1/game/${game.id}/start`, { token: teacher.accessToken, body: {} })).status).toBe(
      200,
    );
    expect(await join({ gameCode: game.gamecode, playerName: "Dee" })).toEqual({
      status: 409,
      body: flat("game_started"),
    });
  });

  it("PRIVATE needs an account (401 without, or with an expired or forged one); the account keeps its place", async () => {
    const teacher = await register(server.url, "Ms Costa");
    const game = await gameBy(teacher, { maxplayers: 4, logintype: 1 });
    const body = { gameCode: game.gamecode };
    expect(await api("POST", "/api/v1/game/join", { body: { ...body, playerName: "Nobody" } })).toEqual({
      status: 401,
      body: flat("unauthorized"),
    });
    const pupil = await register(server.url, "Pia");
    const ours = await Identities.open(server.db as never);
    const expired = await ours.sign({ kind: "user" }, "parlor-access", -60, `user:${pupil.user.id}`);
    for (const token of [expired, "eyJhbGciOiJIUzI1NiJ9.e30.forged"])
      expect(await api("POST", "/api/v1/game/join", { token, body })).toEqual({
        status: 401,
        body: flat("unauthorized"),
      });
    const joined = await api("POST", "/api/v1/game/join", { token: pupil.accessToken, body });
    expect(joined.body).toMatchObject({
      playerName: "Pia",
      gameType: "PRIVATE",
      isAuthenticated: true,
      playerCount: 1,
    });
    expect(claimsOf(joined.body.gameToken)).toMatchObject({ playerName: "Pia", playerId: "P1", userId: pupil.user.id });
    // The same account again (another device): the same place, nobody new.
    const again = await api("POST", "/api/v1/game/join", { token: pupil.accessToken, body });
    expect(again.body).toMatchObject({ playerCount: 1 });
    expect(claimsOf(again.body.gameToken).playerId).toBe("P1");
  });

  it("ORGANIZATION needs a member's account: 401 without one, 403 for another organisation's", async () => {
    const teacher = await register(server.url, "Mr Novak");
    const member = await register(server.url, "Mia");
    const outsider = await register(server.url, "Oli");
    await orgWith(teacher, "Lakeside School", [member]);
    await orgWith(outsider, "Hilltop School");
    const game = await gameBy(teacher, { maxplayers: 4, logintype: 2 });
    const body = { gameCode: game.gamecode };
    expect(await api("POST", "/api/v1/game/join", { body: { ...body, playerName: "Walk-in" } })).toEqual({
      status: 401,
      body: flat("unauthorized"),
    });
    expect(await api("POST", "/api/v1/game/join", { token: outsider.accessToken, body })).toEqual({
      status: 403,
      body: flat("not_a_member"),
    });
    const joined = await api("POST", "/api/v1/game/join", {
      token: member.accessToken,
      body: { ...body, playerName: "Mia K" },
    });
    expect(joined.body).toMatchObject({ playerName: "Mia K", gameType: "ORGANIZATION", isAuthenticated: true });
  });

  it("an ORGANIZATION game is for the creator's organisation: named, or their only one", async () => {
    const teacher = await register(server.url, "Mrs Haddad");
    const body = { deckids: decks, maxplayers: 4, logintype: 2 };
    expect(await api("POST", "/api/v1/game/start", { token: teacher.accessToken, body })).toEqual({
      status: 400,
      body: flat("orgid_required"),
    });
    const school = await orgWith(teacher, "Hillside Primary");
    const made = await api("POST", "/api/v1/game/start", { token: teacher.accessToken, body });
    expect(made.body).toMatchObject({ logintype: 2, orgid: school });
    const stranger = await register(server.url, "Other Head");
    const elsewhere = await orgWith(stranger, "Elsewhere Academy");
    expect(
      await api("POST", "/api/v1/game/start", { token: teacher.accessToken, body: { ...body, orgid: elsewhere } }),
    ).toEqual({ status: 403, body: flat("not_a_member") });
    await orgWith(teacher, "Second School");
    expect(await api("POST", "/api/v1/game/start", { token: teacher.accessToken, body })).toEqual({
      status: 400,
      body: flat("orgid_required"),
    });
  });
});

describe("POST /api/v1/game/:gameId/start", () => {
  fromAddress("127.0.0.4");
  it("only the gamemaster, with two or more players all ready: 400, 401, 403, 404, 409 and 200 as listed", async () => {
    const teacher = await register(server.url, "Mrs Ito");
    const game = await gameBy(teacher, { maxplayers: 4, logintype: 0 });
    const start = (id: string, token?: string) =>
      api("POST", `/api/v1/game/${id}/start`, { ...(token ? { token } : {}), body: {} });
    expect(await start("not-a-uuid", teacher.accessToken)).toEqual({ status: 400, body: flat("invalid_game_id") });
    expect(await start(game.id)).toEqual({ status: 401, body: flat("unauthorized") });
    const other = await register(server.url, "Not The Teacher");
    expect(await start(game.id, other.accessToken)).toEqual({ status: 403, body: flat("not_gamemaster") });
    expect(await start("6f1c0e2a-0000-4000-8000-000000000000", teacher.accessToken)).toEqual({
      status: 404,
      body: flat("game_not_found"),
    });
    const join = async (name: string) =>
      (await api("POST", "/api/v1/game/join", { body: { gameCode: game.gamecode, playerName: name } })).body
        .gameToken as string;
    await readySocket(await join("Una"));
    expect(await start(game.id, teacher.accessToken)).toEqual({ status: 409, body: flat("not_enough_players") });
    const vic = await readySocket(await join("Vic"), false);
    expect(await start(game.id, teacher.accessToken)).toEqual({ status: 409, body: flat("players_not_ready") });
    vic.emit("game:ready", { ready: true });
    await vic.next("game:player-ready", (d) => d.allReady === true);
    const started = await start(game.id, teacher.accessToken);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      message: "Game started successfully",
      gameId: game.id,
      playerCount: 2,
      game: { id: game.id, gamecode: game.gamecode, players: ["Una", "Vic"], finished: false, gamePhase: "active" },
      boardData: { gameId: game.id, generationComplete: true },
    });
    expect(Date.parse(started.body.game.startdate)).not.toBeNaN();
    expect(Date.parse(started.body.boardData.generatedAt)).not.toBeNaN();
    const fields = started.body.boardData.fields as { position: number; type: string; stepValue: number }[];
    expect(fields.map((f) => f.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(fields.every((f) => ["regular", "positive", "negative", "luck"].includes(f.type))).toBe(true);
    expect(fields.every((f) => f.stepValue >= 0 && f.stepValue <= 3)).toBe(true);
    const count = (t: string) => fields.filter((f) => f.type === t).length;
    expect([count("positive"), count("negative"), count("luck"), count("regular")]).toEqual([25, 25, 10, 40]);
    // The players hear it with the same board.
    const heard = await vic.next("game:started");
    expect(heard.data.boardData.fields).toEqual(fields);
    expect(await start(game.id, teacher.accessToken)).toEqual({ status: 409, body: flat("game_started") });
  });
});

describe("boardSize (ours, beyond the document)", () => {
  fromAddress("127.0.0.10");
  it("a game made with boardSize is raced on that many fields; a size outside 10–200 is invalid_body", async () => {
    const teacher = await register(server.url, "Mr Quist");
    const create = (extra: Record<string, unknown>) =>
      api("POST", "/api/v1/game/start", {
        token: teacher.accessToken,
        body: { deckids: decks, maxplayers: 4, logintype: 0, ...extra },
      });
    for (const boardSize of [9, 201, 0, -30, 30.5, "30", null, true])
      expect(await create({ boardSize }), JSON.stringify(boardSize)).toEqual({
        status: 400,
        body: flat("invalid_body"),
      });
    // Both ends of the range are games.
    for (const boardSize of [10, 200]) expect((await create({ boardSize })).body.boardsize).toBe(boardSize);

    const made = await create({ boardSize: 30 });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ boardsize: 30, totaltiles: 30 });
    const game = made.body;
    expect((await api("GET", `/api/v1/game/${game.id}`, { token: teacher.accessToken })).body).toMatchObject({
      boardsize: 30,
      totaltiles: 30,
    });
    const join = async (name: string) =>
      (await api("POST", "/api/v1/game/join", { body: { gameCode: game.gamecode, playerName: name } })).body
        .gameToken as string;
    const wes = new RaceClient(server.url, { token: await join("Wes") });
    sockets.push(wes);
    const synced = await wes.next("game:state");
    expect(synced.data.settings.boardSize).toBe(30);
    wes.emit("game:ready", { ready: true });
    await wes.next("game:player-ready", (d) => d.ready === true);
    await readySocket(await join("Xia"));
    const started = await api("POST", `/api/v1/game/${game.id}/start`, { token: teacher.accessToken, body: {} });
    expect(started.status).toBe(200);
    const fields = started.body.boardData.fields as { position: number; type: string; patternModifier: number }[];
    expect(fields.map((f) => f.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const count = (t: string) => fields.filter((f) => f.type === t).length;
    // The document's shares of 30 fields, rounded; the finish is a plain field.
    expect([count("positive"), count("negative"), count("luck"), count("regular")]).toEqual([8, 8, 3, 11]);
    expect(fields[29]!.type).toBe("regular");
    // Its five pattern zones are fifths of the 30 fields.
    expect(fields.map((f) => f.patternModifier)).toEqual(
      [2, -1, 1, -2, 3].flatMap((m) => Array.from({ length: 6 }, () => m)),
    );
    expect(started.body.game).toMatchObject({ boardsize: 30, totaltiles: 30 });
  });
});

describe("decks under /api/v1/decks", () => {
  fromAddress("127.0.0.5");
  it("create (201, deckid, cardids), read, a new version on PUT, delete; 401, 403 and 404", async () => {
    const owner = await register(server.url, "Deck Owner");
    const other = await register(server.url, "Someone Else");
    const cards = [{ ...POSITIVE_CARDS[0], cardid: undefined }, POSITIVE_CARDS[1]];
    expect(await api("POST", "/api/v1/decks", { body: { name: "X", decktype: 0, cards } })).toEqual({
      status: 401,
      body: flat("unauthorized"),
    });
    const made = await api("POST", "/api/v1/decks", {
      token: owner.accessToken,
      body: { name: "Planets", decktype: 0, cards },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Planets", decktype: 0, version: 1, visibility: "private", mine: true });
    expect(made.body.deckid).toMatch(UUID);
    expect(made.body.cards[0].cardid).toMatch(/^card-[0-9a-f]{8}$/);
    expect(made.body.cards[1].cardid).toBe(POSITIVE_CARDS[1]!.cardid);
    const id = made.body.deckid as string;

    const read = await api("GET", `/api/v1/decks/${id}`, { token: owner.accessToken });
    expect(read.body).toMatchObject({ deckid: id, version: 1, cards: made.body.cards });
    expect(await api("GET", `/api/v1/decks/${id}`, { token: other.accessToken })).toEqual({
      status: 404,
      body: flat("deck_not_found"),
    });
    expect(await api("GET", `/api/v1/decks/${id}`)).toEqual({ status: 404, body: flat("deck_not_found") });

    // A game made now keeps version 1 even after the owner edits the deck.
    const game = (
      await api("POST", "/api/v1/game/start", {
        token: owner.accessToken,
        body: { deckids: [id], maxplayers: 2, logintype: 0 },
      })
    ).body;
    const edited = await api("PUT", `/api/v1/decks/${id}`, {
      token: owner.accessToken,
      body: { name: "Planets 2", decktype: 0, cards: [POSITIVE_CARDS[2]], visibility: "public" },
    });
    expect(edited.body).toMatchObject({ deckid: id, version: 2, name: "Planets 2", visibility: "public" });
    // Another account reads the new version's question, not its answer.
    const { cardid, type, question } = POSITIVE_CARDS[2]!;
    expect((await api("GET", `/api/v1/decks/${id}`, { token: other.accessToken })).body.cards).toEqual([
      { cardid, type, question },
    ]);
    const record = await api("GET", `/api/v1/game/${game.id}`, { token: owner.accessToken });
    expect(record.body.gamedecks[0].cards).toEqual(made.body.cards);

    // Public now, so the other user sees it, but only its owner may change it.
    expect(
      await api("PUT", `/api/v1/decks/${id}`, {
        token: other.accessToken,
        body: { name: "Mine now", decktype: 0, cards: [POSITIVE_CARDS[2]] },
      }),
    ).toEqual({ status: 403, body: flat("forbidden") });
    expect(await api("DELETE", `/api/v1/decks/${id}`, { token: other.accessToken })).toEqual({
      status: 403,
      body: flat("forbidden"),
    });
    expect(await api("DELETE", `/api/v1/decks/${id}`, { token: owner.accessToken })).toEqual({
      status: 200,
      body: { message: expect.any(String), deckid: id },
    });
    expect(await api("GET", `/api/v1/decks/${id}`, { token: owner.accessToken })).toEqual({
      status: 404,
      body: flat("deck_not_found"),
    });
    expect(await api("DELETE", `/api/v1/decks/${id}`, { token: owner.accessToken })).toEqual({
      status: 404,
      body: flat("deck_not_found"),
    });
    expect(
      await api("PUT", "/api/v1/decks/6f1c0e2a-0000-4000-8000-000000000000", {
        token: owner.accessToken,
        body: { name: "Ghost", decktype: 0, cards: [POSITIVE_CARDS[2]] },
      }),
    ).toEqual({ status: 404, body: flat("deck_not_found") });
  });

  it("the list shows your own, your organisations' and public decks (the shipped ones too), and hides others' private ones", async () => {
    const ada = await register(server.url, "Ada");
    const ben = await register(server.url, "Ben");
    const cal = await register(server.url, "Cal");
    const org = await orgWith(ada, "Ada and Ben's school", [ben]);
    const deck = async (who: { accessToken: string }, name: string, extra: Record<string, unknown> = {}) =>
      (
        await api("POST", "/api/v1/decks", {
          token: who.accessToken,
          body: { name, decktype: 2, cards: LUCK_CARDS, ...extra },
        })
      ).body.deckid as string;
    const adaPrivate = await deck(ada, "Ada's own");
    const benShared = await deck(ben, "Ben's for the school", { visibility: "org", orgid: org });
    const calPublic = await deck(cal, "Cal's for everyone", { visibility: "public" });
    const calPrivate = await deck(cal, "Cal's own");
    const cross = await api("POST", "/api/v1/decks", {
      token: cal.accessToken,
      body: { name: "Sneaky", decktype: 2, cards: LUCK_CARDS, visibility: "org", orgid: org },
    });
    expect(cross).toEqual({ status: 403, body: flat("not_a_member") });

    const list = async (token?: string) =>
      (await api("GET", "/api/v1/decks", token ? { token } : {})).body.decks as {
        deckid: string;
        builtin: boolean;
        visibility: string;
        mine: boolean;
        cardCount: number;
      }[];
    const ids = (decks: { deckid: string }[]) => new Set(decks.map((d) => d.deckid));
    const forAda = await list(ada.accessToken);
    for (const id of [adaPrivate, benShared, calPublic]) expect(ids(forAda).has(id), id).toBe(true);
    expect(ids(forAda).has(calPrivate)).toBe(false);
    expect(forAda.find((d) => d.deckid === adaPrivate)).toMatchObject({ mine: true, cardCount: 1 });
    expect(forAda.find((d) => d.deckid === benShared)).toMatchObject({ mine: false, visibility: "org" });
    const shipped = forAda.filter((d) => d.builtin);
    expect(shipped.length).toBe(6);
    expect(shipped.every((d) => d.visibility === "public")).toBe(true);
    const anonymous = await list();
    expect(ids(anonymous).has(calPublic)).toBe(true);
    for (const id of [adaPrivate, benShared, calPrivate]) expect(ids(anonymous).has(id)).toBe(false);
    expect(anonymous.filter((d) => d.builtin).length).toBe(6);
    const forCal = await list(cal.accessToken);
    expect(ids(forCal).has(benShared)).toBe(false);
    expect(ids(forCal).has(calPrivate)).toBe(true);
    // A shipped deck reads with its cards, and a game can be made from it.
    const luck = shipped.find((d) => d.cardCount > 0)!;
    expect((await api("GET", `/api/v1/decks/${luck.deckid}`)).body.cards.length).toBe(luck.cardCount);
  });
});

describe("deck validation", () => {
  fromAddress("127.0.0.6");
  it("every card type's answer format is checked, and the error names the card", async () => {
    const who = await register(server.url, "Careful Author");
    const post = (decktype: number, cards: unknown[]) =>
      api("POST", "/api/v1/decks", { token: who.accessToken, body: { name: "Checked", decktype, cards } });
    const quiz = POSITIVE_CARDS[0]!;
    const bad: [string, number, unknown, RegExp][] = [
      [
        "QUIZ: two right options",
        0,
        { ...quiz, answer: quiz.answer.map((o: object) => ({ ...o, correct: true })) },
        /exactly one/,
      ],
      ["QUIZ: not A-D", 0, { ...quiz, answer: quiz.answer.map((o: object) => ({ ...o, answer: "E" })) }, /answer/],
      ["QUIZ: three options", 0, { ...quiz, answer: quiz.answer.slice(0, 3) }, /answer/],
      ["SENTENCE_PAIRING: one pair", 1, { ...NEGATIVE_CARDS[1], answer: [{ left: "a", right: "b" }] }, /answer/],
      [
        "SENTENCE_PAIRING: a pair without right",
        1,
        { ...NEGATIVE_CARDS[1], answer: [{ left: "a" }, { left: "b", right: "c" }] },
        /answer/,
      ],
      ["SENTENCE_PAIRING: a number", 1, { ...NEGATIVE_CARDS[1], answer: 7 }, /answer/],
      ["OWN_ANSWER: no answers", 0, { ...POSITIVE_CARDS[2], answer: [] }, /answer/],
      ["OWN_ANSWER: a number", 0, { ...POSITIVE_CARDS[2], answer: [42] }, /answer/],
      ["TRUE_FALSE: yes", 1, { ...NEGATIVE_CARDS[0], answer: "yes" }, /answer/],
      ["CLOSER: no percent", 0, { ...POSITIVE_CARDS[1], answer: { correct: 5 } }, /answer/],
      ["CLOSER: 150 percent", 0, { ...POSITIVE_CARDS[1], answer: { correct: 5, percent: 150 } }, /percent/],
      ["JOKER: consequence 4", 3, { ...JOKER_CARDS[1], consequence: { type: 4 } }, /consequence/],
      ["LUCK: no consequence", 2, { ...LUCK_CARDS[0], consequence: undefined }, /consequence/],
      ["LUCK: a value of 0", 2, { ...LUCK_CARDS[0], consequence: { type: 0, value: 0 } }, /consequence/],
      ["LUCK in a positive deck", 0, LUCK_CARDS[0], /does not belong/],
      ["a quiz in a joker deck", 3, quiz, /does not belong/],
      ["an unknown type", 0, { ...quiz, type: 9 }, /type/],
    ];
    for (const [what, decktype, card, message] of bad) {
      const r = await post(
        decktype,
        [POSITIVE_CARDS[1], card].filter((c) => decktype <= 1 || c !== POSITIVE_CARDS[1]),
      );
      expect(r, what).toEqual({ status: 400, body: flat("invalid_body") });
      expect(r.body.error, what).toMatch(/cards\.\d/);
      expect(r.body.error, what).toMatch(message);
    }
    expect(await post(0, [quiz, quiz])).toMatchObject({
      status: 400,
      body: { code: "invalid_body", error: /cardids repeat/ },
    });
    expect(await post(0, [])).toMatchObject({ status: 400, body: { code: "invalid_body" } });
    expect(
      await api("POST", "/api/v1/decks", { token: who.accessToken, body: { name: "", decktype: 0, cards: [quiz] } }),
    ).toMatchObject({ status: 400, body: { code: "invalid_body" } });
    expect(
      await api("POST", "/api/v1/decks", {
        token: who.accessToken,
        body: { name: "Wrong type", decktype: 7, cards: [quiz] },
      }),
    ).toMatchObject({ status: 400, body: { code: "invalid_body" } });
    // Every type in its good form is taken.
    for (const [decktype, cards] of [
      [0, POSITIVE_CARDS],
      [1, NEGATIVE_CARDS],
      [2, LUCK_CARDS],
      [3, JOKER_CARDS],
    ] as const)
      expect((await post(decktype, [...cards])).status).toBe(201);
  });
});

describe("the document's error format on every one of its routes", () => {
  fromAddress("127.0.0.7");
  it("Fastify's own errors are flat too: bad JSON, not JSON, too large; other games keep theirs", async () => {
    const who = await register(server.url, "Format Checker");
    const json = { "content-type": "application/json", authorization: `Bearer ${who.accessToken}` };
    for (const [method, path] of BODY_ROUTES) {
      expect(await raw(method, path, "{ not json", json), `${method} ${path}`).toEqual({
        status: 400,
        body: flat("invalid_json"),
      });
      expect(await raw(method, path, "<hello/>", { ...json, "content-type": "application/xml" }), path).toEqual({
        status: 415,
        body: flat("unsupported_media_type"),
      });
    }
    const big = JSON.stringify({ name: "Big", decktype: 0, cards: [{ question: "x".repeat(600 * 1024) }] });
    expect(await raw("POST", "/api/v1/decks", big, json)).toEqual({ status: 413, body: flat("body_too_large") });
    const huge = JSON.stringify({ email: "x".repeat(1100 * 1024), password: "p" });
    expect(await raw("POST", "/api/v1/auth/login", huge, json)).toEqual({ status: 413, body: flat("body_too_large") });
    // Parlor's own routes keep Parlor's format.
    expect(await raw("POST", "/api/v1/trivia/rooms", "{ not json", json)).toEqual({
      status: 400,
      body: { error: { code: "invalid_json", message: expect.any(String) } },
    });
  });

  it("a failure on our side is a flat 500 that says nothing of its cause", async () => {
    const accounts = server.services.accounts as unknown as { login: (...a: unknown[]) => Promise<unknown> };
    const login = accounts.login;
    accounts.login = async () => {
      throw new Error("secret stack detail");
    };
    try {
      const r = await api("POST", "/api/v1/auth/login", { body: { email: "a@b.example", password: "whatever 1" } });
      expect(r).toEqual({ status: 500, body: flat("server_error") });
      expect(JSON.stringify(r.body)).not.toContain("secret");
    } finally {
      accounts.login = login;
    }
  });

  it("too many requests is a flat 429 on the game routes", async () => {
    // The join's own limit: 120 a minute from one address.
    from = "127.0.0.8";
    const joins = [];
    for (let i = 0; i < 121; i++)
      joins.push(await api("POST", "/api/v1/game/join", { body: { gameCode: "ZZZZ99", playerName: "X" } }));
    expect(joins.slice(0, 120).every((s) => s.status === 404)).toBe(true);
    expect(joins[120]).toEqual({ status: 429, body: flat("rate_limited") });
    // Another address is not held back by it.
    from = "127.0.0.9";
    expect(await api("POST", "/api/v1/game/join", { body: { gameCode: "ZZZZ99", playerName: "X" } })).toEqual({
      status: 404,
      body: flat("game_not_found"),
    });
  });
});

describe("deck storage per owner", () => {
  fromAddress("127.0.0.10");
  const limit = DECK_LIMITS.ownerBytes;
  afterAll(() => {
    DECK_LIMITS.ownerBytes = limit;
  });

  it("counts every version kept; a write past the quota is refused with 403 quota_exceeded and leaves nothing", async () => {
    const owner = await register(server.url, "Busy Author");
    const body = { name: "Mine", decktype: 0, cards: POSITIVE_CARDS, visibility: "private" };
    const size = Buffer.byteLength(JSON.stringify(POSITIVE_CARDS));
    // Room for two decks and a bit (card ids added on the way in make each a little larger).
    DECK_LIMITS.ownerBytes = Math.floor(size * 2.6);
    const first = await api("POST", "/api/v1/decks", { token: owner.accessToken, body });
    expect(first.status).toBe(201);
    expect((await api("POST", "/api/v1/decks", { token: owner.accessToken, body })).status).toBe(201);
    const third = await api("POST", "/api/v1/decks", { token: owner.accessToken, body });
    expect(third).toEqual({ status: 403, body: flat("quota_exceeded") });
    const mine = await api("GET", "/api/v1/decks", { token: owner.accessToken });
    expect(mine.body.decks.filter((d: { name: string }) => d.name === "Mine")).toHaveLength(2);
    // Editing replaces: the old version nobody plays goes, so edits never fill the quota.
    for (let i = 0; i < 4; i++) {
      const put = await api("PUT", `/api/v1/decks/${first.body.deckid}`, { token: owner.accessToken, body });
      expect(put.status).toBe(200);
    }
    // Deleting gives the room back.
    expect((await api("DELETE", `/api/v1/decks/${first.body.deckid}`, { token: owner.accessToken })).status).toBe(200);
    expect((await api("POST", "/api/v1/decks", { token: owner.accessToken, body })).status).toBe(201);
  });
});

/** Where a body gives an answer away: a quiz's correct flag, accepted answers, a value, an order, a number. */
function revealing(body: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        walk(x, `${path}.${i}`);
      });
    } else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (["answer", "correct", "percent"].includes(k)) found.push(`${path}.${k}`);
        walk(x, `${path}.${k}`);
      }
  };
  walk(body, "body");
  return found;
}

describe("a deck's answers reach only its owner and its organisation's editors", () => {
  fromAddress("127.0.0.11");
  it("GET /api/v1/decks/:id: everyone else reads the questions only, the shipped decks included", async () => {
    const owner = await register(server.url, "Answer Keeper");
    const other = await register(server.url, "Curious Pupil");
    const made = await api("POST", "/api/v1/decks", {
      token: owner.accessToken,
      body: { name: "Open questions", decktype: 0, cards: POSITIVE_CARDS, visibility: "public" },
    });
    const id = made.body.deckid as string;
    const mine = await api("GET", `/api/v1/decks/${id}`, { token: owner.accessToken });
    expect(mine.body).toMatchObject({ withAnswers: true, cards: POSITIVE_CARDS });
    for (const token of [undefined, other.accessToken]) {
      const read = await api("GET", `/api/v1/decks/${id}`, token ? { token } : {});
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ deckid: id, name: "Open questions", cardCount: 3, withAnswers: false });
      expect(read.body.cards).toEqual(
        POSITIVE_CARDS.map((c) => ({ cardid: c.cardid, type: c.type, question: c.question })),
      );
      expect(revealing(read.body)).toEqual([]);
    }
    // The shipped decks belong to nobody: nobody reads their answers (pgh-006's option C included).
    const shipped = (await api("GET", "/api/v1/decks")).body.decks.filter((d: { builtin: boolean }) => d.builtin);
    expect(shipped.length).toBe(6);
    for (const d of shipped) {
      const read = await api("GET", `/api/v1/decks/${d.deckid}`, { token: owner.accessToken });
      expect(read.body.cards.length).toBe(d.cardCount);
      expect(revealing(read.body), d.name).toEqual([]);
    }
    // A luck card's consequence and a joker's task are not answers: the race shows them to all.
    const luck = await api("POST", "/api/v1/decks", {
      token: owner.accessToken,
      body: { name: "Luck", decktype: 2, cards: LUCK_CARDS, visibility: "public" },
    });
    expect((await api("GET", `/api/v1/decks/${luck.body.deckid}`)).body.cards).toEqual(LUCK_CARDS);
  });

  it("an organisation deck: its owner and the organisation's owners and admins read the answers, members not", async () => {
    const head = await register(server.url, "Head Teacher");
    const author = await register(server.url, "Class Teacher");
    const deputy = await register(server.url, "Deputy Head");
    const pupil = await register(server.url, "Org Pupil");
    const org = await orgWith(head, "Fair School", [author, deputy, pupil]);
    expect(
      (
        await api("PUT", `/api/v1/orgs/${org}/members/${deputy.user.id}`, {
          token: head.accessToken,
          body: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    const made = await api("POST", "/api/v1/decks", {
      token: author.accessToken,
      body: { name: "Class questions", decktype: 1, cards: NEGATIVE_CARDS, visibility: "org", orgid: org },
    });
    const read = async (who: { accessToken: string }) =>
      (await api("GET", `/api/v1/decks/${made.body.deckid}`, { token: who.accessToken })).body;
    for (const who of [author, head, deputy])
      expect(await read(who)).toMatchObject({ withAnswers: true, cards: NEGATIVE_CARDS });
    const asPupil = await read(pupil);
    expect(asPupil.withAnswers).toBe(false);
    expect(asPupil.cards.map((c: { question: string }) => c.question)).toEqual(NEGATIVE_CARDS.map((c) => c.question));
    expect(revealing(asPupil)).toEqual([]);
  });

  it("a game's record gives its gamemaster the answers of the decks they may read, and only those", async () => {
    const teacher = await register(server.url, "Borrowing Teacher");
    const made = await api("POST", "/api/v1/game/start", {
      token: teacher.accessToken,
      body: { deckids: decks, maxplayers: 4, logintype: 0 },
    });
    expect(made.status).toBe(200);
    expect(made.body.gamedecks[0].cards.map((c: { question: string }) => c.question)).toEqual(
      POSITIVE_CARDS.map((c) => c.question),
    );
    expect(revealing(made.body)).toEqual([]);
    expect(revealing((await api("GET", `/api/v1/game/${made.body.id}`, { token: teacher.accessToken })).body)).toEqual(
      [],
    );
    const join = async (name: string) =>
      (await api("POST", "/api/v1/game/join", { body: { gameCode: made.body.gamecode, playerName: name } })).body
        .gameToken as string;
    await readySocket(await join("Ya"));
    await readySocket(await join("Zed"));
    const started = await api("POST", `/api/v1/game/${made.body.id}/start`, { token: teacher.accessToken, body: {} });
    expect(started.status).toBe(200);
    expect(revealing(started.body)).toEqual([]);
    // With a deck of their own, they read its answers in the record.
    const own = await api("POST", "/api/v1/decks", {
      token: teacher.accessToken,
      body: { name: "My own", decktype: 0, cards: POSITIVE_CARDS },
    });
    const second = await api("POST", "/api/v1/game/start", {
      token: teacher.accessToken,
      body: { deckids: [own.body.deckid, decks[1]], maxplayers: 4, logintype: 0 },
    });
    expect(second.body.gamedecks[0].cards).toEqual(POSITIVE_CARDS);
    expect(revealing(second.body.gamedecks[1])).toEqual([]);
  });
});

describe("deck uploads are limited, counted and paged", () => {
  fromAddress("127.0.0.12");
  const limit = DECK_LIMITS.ownerBytes;
  afterAll(() => {
    DECK_LIMITS.ownerBytes = limit;
  });

  it("every text field has a limit, refused with a clear error in the document's format", async () => {
    const who = await register(server.url, "Long Writer");
    const quiz = POSITIVE_CARDS[0]!;
    const post = (body: Record<string, unknown>) =>
      api("POST", "/api/v1/decks", { token: who.accessToken, body: { name: "Long", decktype: 0, ...body } });
    const long = (n: number) => "x".repeat(n);
    const cases: [Record<string, unknown>, string][] = [
      [{ cards: [{ ...quiz, question: long(100 * 1024) }] }, "cards.0.question"],
      [{ cards: [{ ...quiz, question: long(501) }] }, "cards.0.question"],
      [
        {
          cards: [
            { ...quiz, answer: quiz.answer.map((o: object, i: number) => (i === 2 ? { ...o, text: long(201) } : o)) },
          ],
        },
        "cards.0.answer.2.text",
      ],
      [{ cards: [{ ...POSITIVE_CARDS[2], answer: ["CO2", long(201)] }] }, "cards.0.answer.1"],
      [{ cards: [{ ...POSITIVE_CARDS[2], answer: Array.from({ length: 21 }, (_, i) => `a${i}`) }] }, "cards.0.answer"],
      [{ cards: [{ ...POSITIVE_CARDS[0], topic: long(41) }] }, "cards.0.topic"],
      [{ cards: [{ ...POSITIVE_CARDS[0], cardid: long(101) }] }, "cards.0.cardid"],
      [{ name: long(81), cards: [quiz] }, "name"],
    ];
    for (const [body, path] of cases) {
      const r = await post(body);
      expect(r, path).toEqual({
        status: 400,
        body: { error: expect.stringMatching(new RegExp(`^${path}: `)), code: "invalid_body" },
      });
    }
    const pairs = await api("POST", "/api/v1/decks", {
      token: who.accessToken,
      body: {
        name: "Pairs",
        decktype: 1,
        cards: [
          {
            ...NEGATIVE_CARDS[1],
            answer: [
              { left: long(201), right: "b" },
              { left: "c", right: "d" },
            ],
          },
        ],
      },
    });
    expect(pairs.body).toEqual({
      error: expect.stringMatching(/^cards\.0\.answer\.0\.left: .*200 characters/),
      code: "invalid_body",
    });
    const sentence = await api("POST", "/api/v1/decks", {
      token: who.accessToken,
      body: { name: "Words", decktype: 1, cards: [{ ...NEGATIVE_CARDS[2], answer: long(301) }] },
    });
    expect(sentence.body).toMatchObject({ code: "invalid_body", error: expect.stringMatching(/^cards\.0\.answer: /) });
    // The question's own limit says so in words.
    expect((await post({ cards: [{ ...quiz, question: long(501) }] })).body.error).toMatch(/500 characters/);
  });

  it("the deck's name counts toward the owner's quota like its cards", async () => {
    const owner = await register(server.url, "Quota Counter");
    const db = server.db as never;
    const body = (name: string) => ({ name, decktype: 0, cards: POSITIVE_CARDS, visibility: "private" });
    const made = await api("POST", "/api/v1/decks", { token: owner.accessToken, body: body("A") });
    expect(made.status).toBe(201);
    const used = await ownedBytes(db, owner.user.id);
    // Room for this deck with a short name, not with a long one (80 four-byte letters).
    DECK_LIMITS.ownerBytes = used + 100;
    const longName = "😀".repeat(80);
    const put = await api("PUT", `/api/v1/decks/${made.body.deckid}`, {
      token: owner.accessToken,
      body: body(longName),
    });
    expect(put).toEqual({ status: 403, body: flat("quota_exceeded") });
    expect((await api("GET", `/api/v1/decks/${made.body.deckid}`, { token: owner.accessToken })).body.name).toBe("A");
    const shorter = await api("PUT", `/api/v1/decks/${made.body.deckid}`, {
      token: owner.accessToken,
      body: body("B"),
    });
    expect(shorter.status).toBe(200);
    DECK_LIMITS.ownerBytes = limit;
  });

  it("GET /api/v1/decks is paged: limit and cursor, a largest page, and every deck once", async () => {
    const owner = await register(server.url, "Many Decks");
    for (let i = 0; i < 5; i++)
      expect(
        (
          await api("POST", "/api/v1/decks", {
            token: owner.accessToken,
            body: { name: `Deck ${i}`, decktype: 2, cards: LUCK_CARDS },
          })
        ).status,
      ).toBe(201);
    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await api("GET", `/api/v1/decks${q}`, { token: owner.accessToken });
      expect(page.status).toBe(200);
      expect(page.body.decks.length).toBeLessThanOrEqual(2);
      all.push(...page.body.decks.map((d: { deckid: string }) => d.deckid));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor !== null && pages < 50);
    expect(cursor).toBeNull();
    // Every deck the account may use, once: its own five and the public ones.
    expect(new Set(all).size).toBe(all.length);
    const firstPage = await api("GET", "/api/v1/decks", { token: owner.accessToken });
    expect(firstPage.body.decks.length).toBeLessThanOrEqual(50);
    expect(all.length).toBeGreaterThanOrEqual(5 + 6);
    expect(pages).toBe(Math.ceil(all.length / 2));
    for (const bad of ["limit=0", "limit=101", "limit=abc", "cursor=%00%00"])
      expect(await api("GET", `/api/v1/decks?${bad}`), bad).toEqual({ status: 400, body: flat("invalid_query") });
    // The OpenAPI description names both.
    const spec = await api("GET", "/docs/json");
    const params = (spec.body.paths["/api/v1/decks"].get.parameters as { name: string; in: string }[]).map(
      (p) => p.name,
    );
    expect(params).toEqual(expect.arrayContaining(["limit", "cursor"]));
  });
});

describe("timer lengths per game (ours)", () => {
  fromAddress("127.0.0.13");
  it("POST /api/v1/game/start takes the answer, decision, guess and draw delay seconds within their ranges", async () => {
    const teacher = await register(server.url, "Timekeeper");
    const create = (extra: Record<string, unknown>) =>
      api("POST", "/api/v1/game/start", {
        token: teacher.accessToken,
        body: { deckids: decks, maxplayers: 4, logintype: 0, ...extra },
      });
    for (const bad of [
      { answerSeconds: 4 },
      { answerSeconds: 601 },
      { decisionSeconds: 9 },
      { decisionSeconds: 601 },
      { guessSeconds: 4 },
      { guessSeconds: 301 },
      { drawDelaySeconds: 0 },
      { drawDelaySeconds: 11 },
      { answerSeconds: 20.5 },
      { answerSeconds: "60" },
    ])
      expect(await create(bad), JSON.stringify(bad)).toEqual({ status: 400, body: flat("invalid_body") });
    const settingsOf = async (extra: Record<string, unknown>) => {
      const game = (await create(extra)).body;
      const token = (await api("POST", "/api/v1/game/join", { body: { gameCode: game.gamecode, playerName: "Tim" } }))
        .body.gameToken as string;
      const c = new RaceClient(server.url, { token });
      sockets.push(c);
      return (await c.next("game:state")).data.settings;
    };
    expect(
      await settingsOf({ answerSeconds: 20, decisionSeconds: 45, guessSeconds: 10, drawDelaySeconds: 1 }),
    ).toMatchObject({
      answerSeconds: 20,
      decisionSeconds: 45,
      guessSeconds: 10,
      drawDelaySeconds: 1,
    });
    expect(await settingsOf({})).toMatchObject({
      answerSeconds: 60,
      decisionSeconds: 120,
      guessSeconds: 30,
      drawDelaySeconds: 2,
    });
  });
});

describe("unsupported content types", () => {
  fromAddress("127.0.0.14");
  it("a text/plain body is a flat 415 on every document route that reads a body", async () => {
    const who = await register(server.url, "Plain Texter");
    const headers = { "content-type": "text/plain", authorization: `Bearer ${who.accessToken}` };
    for (const [method, path] of BODY_ROUTES)
      expect(await raw(method, path, '{"gameCode":"ABC123"}', headers), `${method} ${path}`).toEqual({
        status: 415,
        body: flat("unsupported_media_type"),
      });
  });
});

describe("a new race with the same players (ours)", () => {
  fromAddress("127.0.0.15");
  it("the gamemaster makes the next game of a finished one; anyone who played it finds its code", async () => {
    const teacher = await register(server.url, "Encore Teacher");
    const game = await gameBy(teacher, {
      maxplayers: 5,
      logintype: 0,
      boardSize: 40,
      answerSeconds: 30,
      physicalDice: true,
    });
    const join = async (name: string) =>
      (await api("POST", "/api/v1/game/join", { body: { gameCode: game.gamecode, playerName: name } })).body
        .gameToken as string;
    const again = (token?: string, id = game.id) =>
      api("POST", `/api/v1/game/${id}/again`, { ...(token ? { token } : {}), body: {} });
    const next = (id = game.id) => api("GET", `/api/v1/game/${id}/next`);
    const amy = await readySocket(await join("Amy"));
    const bo = await readySocket(await join("Bo"));
    expect(await next()).toEqual({ status: 200, body: { gamecode: null } });
    expect(await again(teacher.accessToken)).toEqual({ status: 409, body: flat("game_not_ended") });
    expect((await api("POST", `/api/v1/game/${game.id}/start`, { token: teacher.accessToken, body: {} })).status).toBe(
      200,
    );
    amy.emit("game:leave", {});
    await bo.next("game:ended");
    expect(await again()).toEqual({ status: 401, body: flat("unauthorized") });
    const stranger = await register(server.url, "Not Here");
    expect(await again(stranger.accessToken)).toEqual({ status: 403, body: flat("not_gamemaster") });
    expect(await again(teacher.accessToken, "nope")).toEqual({ status: 400, body: flat("invalid_game_id") });
    const made = await again(teacher.accessToken);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ maxplayers: 5, logintype: 0, boardsize: 40, gamePhase: "waiting", players: [] });
    expect(made.body.gamecode).not.toBe(game.gamecode);
    expect(made.body.gamedecks.map((d: { deckid: string }) => d.deckid)).toEqual(decks);
    // Asked twice (a double click), it is the same next game.
    expect((await again(teacher.accessToken)).body.gamecode).toBe(made.body.gamecode);
    expect(await next()).toEqual({ status: 200, body: { gamecode: made.body.gamecode } });
    expect(await next("6f1c0e2a-0000-4000-8000-000000000000")).toEqual({ status: 404, body: flat("game_not_found") });
    // The new game has the old one's settings.
    const c = new RaceClient(server.url, {
      token: (await api("POST", "/api/v1/game/join", { body: { gameCode: made.body.gamecode, playerName: "Amy" } }))
        .body.gameToken,
    });
    sockets.push(c);
    expect((await c.next("game:state")).data.settings).toMatchObject({
      maxPlayers: 5,
      boardSize: 40,
      physicalDice: true,
      answerSeconds: 30,
      loginType: 0,
    });
  });
});
