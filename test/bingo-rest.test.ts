import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { generateDaily } from "../src/games/cricket-bingo/generate";
import { utcDate } from "../src/games/cricket-bingo/seed";
import { forgetStates, ownGame, playTurn, startOrResume } from "../src/games/cricket-bingo/service/games";
import { BingoViewSchema, TurnResultSchema } from "../src/games/cricket-bingo/wire";
import { call as rest } from "./support/rest";
import { serverPerFile } from "./support/server";

/**
 * Cricket Bingo over REST: every route and refusal, the one-attempt rule, the leaderboard,
 * and a scan of every response for cards not yet drawn.
 */
const SECRET = "bingo-rest-test-daily-seed";
const today = utcDate(Date.now());
const yesterday = utcDate(Date.now() - 86_400_000);
/** Every response body, for the secrecy scan at the end. */
const seen: { path: string; body: unknown }[] = [];

const server = serverPerFile({ DAILY_SEED_SECRET: SECRET });

async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const r = await rest(`${server.url}/api/v1/bingo`, method, path, opts);
  seen.push({ path, body: r.body });
  return r;
}

/** A player who starts `date`'s game of `size` (today's 3×3 classic by default). */
async function player(name: string, body: Record<string, unknown> = {}) {
  const r = await call("POST", "/games", { body: { gridSize: 3, displayName: name, ...body } });
  expect([200, 201]).toContain(r.status);
  return { token: r.body.playerToken as string, gameId: r.body.gameId as string, start: r.body };
}

let accounts = 0;
/** The same with an account (ranked on today's puzzle): its access token is the player's identity. */
async function member(name: string, body: Record<string, unknown> = {}) {
  const reg = await fetch(`${server.url}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `rest-${++accounts}-${Date.now()}@example.com`,
      password: "correct horse 42",
      displayName: name,
    }),
  });
  expect(reg.status).toBe(201);
  const token = ((await reg.json()) as { accessToken: string }).accessToken;
  const r = await call("POST", "/games", { token, body: { gridSize: 3, ...body } });
  expect([200, 201]).toContain(r.status);
  return { token, gameId: r.body.gameId as string, start: r.body };
}

const dayOf = (date: string, size: 3 | 4) => generateDaily(date, size, { secret: SECRET });

/** Play a whole game to a win, placing each card on a cell it fits (read from the day itself). */
async function playToWin(token: string, gameId: string, date: string, size: 3 | 4) {
  const day = dayOf(date, size);
  let state = (await call("GET", `/games/${gameId}`, { token })).body.state;
  while (state.status === "playing") {
    const i = state.deckIndex as number;
    const open = day.fits[i]!.filter((cell) => !state.placements[cell]);
    const r = await call("POST", `/games/${gameId}/actions`, {
      token,
      body: open.length ? { type: "PLACE", categoryId: open[0] } : { type: "SKIP" },
    });
    expect(r.status).toBe(200);
    TurnResultSchema.parse(r.body.result);
    state = r.body.state;
  }
  return state;
}

describe("Cricket Bingo over REST", () => {
  it("serves the day's grid, never its deck, and refuses future or malformed dates", async () => {
    const r = await call("GET", "/daily?size=4");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["date", "deckSize", "grid", "gridSize"]);
    expect(r.body).toMatchObject({ date: today, gridSize: 4, deckSize: 40 });
    expect(r.body.grid).toHaveLength(16);
    const tomorrow = utcDate(Date.now() + 86_400_000);
    expect((await call("GET", `/daily?date=${tomorrow}`)).body).toMatchObject({ error: { code: "future_date" } });
    expect((await call("GET", "/daily?date=2027-02-30")).body).toMatchObject({ error: { code: "invalid_date" } });
    expect((await call("GET", "/daily?size=5")).body).toMatchObject({ error: { code: "invalid_size" } });
  });

  it("gives an anonymous player a token, and one attempt per date and size, whatever the mode", async () => {
    const ada = await player("Ada");
    // Anonymous play is never ranked (an account's is: bingo-ranked.test.ts).
    expect(ada.start).toMatchObject({ ranked: false });
    expect(ada.token).toMatch(/^ey/);
    BingoViewSchema.parse(ada.start.state);
    // Asking again (the page reloaded) resumes the same game.
    const again = await call("POST", "/games", { token: ada.token, body: { gridSize: 3 } });
    expect(again).toMatchObject({ status: 200, body: { gameId: ada.gameId } });
    expect(again.body.playerToken).toBeUndefined();
    // Asking for the other mode is no second attempt
    // (docs/games/cricket-bingo.md, Decisions D7): the same game, in its own mode.
    const assisted = await call("POST", "/games", { token: ada.token, body: { gridSize: 3, mode: "assisted" } });
    expect(assisted).toMatchObject({ status: 200, body: { gameId: ada.gameId, state: { mode: "classic" } } });
    expect(assisted.body.state.eligibleCells).toBeUndefined();
    // Another size is another attempt; an earlier day is practice (never ranked).
    const big = await call("POST", "/games", { token: ada.token, body: { gridSize: 4, mode: "assisted" } });
    expect(big).toMatchObject({ status: 201, body: { state: { gridSize: 4, mode: "assisted" } } });
    expect(big.body.state.eligibleCells).toBeDefined();
    const practice = await call("POST", "/games", { token: ada.token, body: { gridSize: 3, date: yesterday } });
    expect(practice).toMatchObject({ status: 201, body: { ranked: false } });
    expect((await call("GET", "/me/games", { token: ada.token })).body).toEqual({
      date: today,
      games: [
        { gameId: ada.gameId, gridSize: 3, mode: "classic", ranked: false, status: "playing", score: 0 },
        { gameId: big.body.gameId, gridSize: 4, mode: "assisted", ranked: false, status: "playing", score: 0 },
      ],
    });
    expect((await call("GET", `/me/games?date=${yesterday}`, { token: ada.token })).body.games).toEqual([
      expect.objectContaining({ gameId: practice.body.gameId, gridSize: 3, ranked: false }),
    ]);
    const future = utcDate(Date.now() + 86_400_000);
    expect(await call("POST", "/games", { token: ada.token, body: { gridSize: 3, date: future } })).toMatchObject({
      status: 400,
      body: { error: { code: "future_date" } },
    });
    expect((await call("POST", "/games", { body: { gridSize: 5 } })).body).toMatchObject({
      error: { code: "invalid_body" },
    });
  });

  it("an assisted attempt leaves no classic attempt to replay the deck in", async () => {
    // Assisted first shows where each card fits, in deck order; classic afterwards would be a perfect game.
    const ian = await player("Ian", { mode: "assisted" });
    expect(ian.start.state.mode).toBe("assisted");
    await call("POST", `/games/${ian.gameId}/actions`, { token: ian.token, body: { type: "SKIP" } });
    const classic = await call("POST", "/games", { token: ian.token, body: { gridSize: 3, mode: "classic" } });
    expect(classic).toMatchObject({
      status: 200,
      body: { gameId: ian.gameId, state: { mode: "assisted", deckIndex: 1 } },
    });
  });

  it("two starts at once for the same player, date and size make one game", async () => {
    const jo = await player("Jo");
    const both = await Promise.all(
      [0, 1].map(() => call("POST", "/games", { token: jo.token, body: { gridSize: 4, date: yesterday } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.gameId).toBe(both[1]!.body.gameId);
    expect((await call("GET", `/me/games?date=${yesterday}`, { token: jo.token })).body.games).toHaveLength(1);
  });

  it("lets only the owner read or play a game, and refuses bad turns without changing anything", async () => {
    const bo = await player("Bo");
    const cy = await player("Cy");
    const unknown = "00000000-0000-4000-8000-000000000000";
    // No token where one is needed: every route that reads or plays a player's own games.
    for (const [method, path, body] of [
      ["GET", `/games/${bo.gameId}`, undefined],
      ["POST", `/games/${bo.gameId}/actions`, { type: "SKIP" }],
      ["GET", `/games/${bo.gameId}/share`, undefined],
      ["GET", "/me/streaks", undefined],
      ["GET", "/me/games", undefined],
    ] as const)
      expect(await call(method, path, { body }), path).toMatchObject({
        status: 401,
        body: { error: { code: "identity_required" } },
      });
    expect((await call("GET", `/games/${bo.gameId}`, { token: "forged.token.here" })).status).toBe(401);
    // Someone else's game, or no game at all: the same 404, so ids cannot be probed.
    for (const id of [bo.gameId, unknown])
      for (const [method, path, body] of [
        ["GET", `/games/${id}`, undefined],
        ["POST", `/games/${id}/actions`, { type: "SKIP" }],
        ["GET", `/games/${id}/share`, undefined],
      ] as const)
        expect(await call(method, path, { token: cy.token, body }), path).toMatchObject({
          status: 404,
          body: { error: { code: "game_not_found" } },
        });
    const before = (await call("GET", `/games/${bo.gameId}`, { token: bo.token })).body.state;
    const bad = [
      [{ type: "PLACE", categoryId: "no-such-cell" }, 400, "unknown_cell"],
      [{ type: "PLACE" }, 400, "invalid_body"],
      [{ type: "JUMP" }, 400, "invalid_body"],
    ] as const;
    for (const [body, status, code] of bad) {
      const r = await call("POST", `/games/${bo.gameId}/actions`, { token: bo.token, body });
      expect(r).toMatchObject({ status, body: { error: { code } } });
    }
    expect((await call("GET", `/games/${bo.gameId}`, { token: bo.token })).body.state).toEqual(before);
    // A skip costs a life and draws the next card.
    const skip = await call("POST", `/games/${bo.gameId}/actions`, { token: bo.token, body: { type: "SKIP" } });
    expect(skip.body.state).toMatchObject({ deckIndex: 1, remainingPlayers: before.remainingPlayers - 1 });
    expect(skip.body.result).toMatchObject({ action: "skipped", scoreDelta: 0 });
    // One wildcard a game: the second is refused and changes nothing.
    const cells = before.grid.map((c: { id: string }) => c.id) as string[];
    const wild = await call("POST", `/games/${bo.gameId}/actions`, {
      token: bo.token,
      body: { type: "WILDCARD", categoryId: cells[0] },
    });
    expect(wild).toMatchObject({ status: 200, body: { result: { action: "wildcard" }, state: { wildcardsLeft: 0 } } });
    const again = await call("POST", `/games/${bo.gameId}/actions`, {
      token: bo.token,
      body: { type: "WILDCARD", categoryId: cells[1] },
    });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "no_wildcards" } } });
    expect((await call("GET", `/games/${bo.gameId}`, { token: bo.token })).body.state).toEqual(wild.body.state);
  });

  it("a game whose content version this server does not keep is refused, not continued on another deck", async () => {
    const kit = await player("Kit", { date: yesterday });
    await call("POST", `/games/${kit.gameId}/actions`, { token: kit.token, body: { type: "SKIP" } });
    await sql`UPDATE bingo_games SET content_version = 'an-older-catalog' WHERE id = ${kit.gameId}`.execute(server.db);
    forgetStates();
    for (const [method, path, body] of [
      ["GET", `/games/${kit.gameId}`, undefined],
      ["POST", `/games/${kit.gameId}/actions`, { type: "SKIP" }],
      ["POST", "/games", { gridSize: 3, date: yesterday }],
    ] as const)
      expect(await call(method, path, { token: kit.token, body }), path).toMatchObject({
        status: 410,
        body: { error: { code: "content_changed" } },
      });
    const turns = await sql<{
      n: number;
    }>`SELECT COUNT(*)::int AS n FROM bingo_turns WHERE game_id = ${kit.gameId}`.execute(server.db);
    expect(turns.rows[0]!.n).toBe(1);
  });

  it("plays a game to a win, survives a restart mid-way, refuses turns once over, and shares no spoilers", async () => {
    const dee = await member("Dee");
    const day = dayOf(today, 3);
    // Skip to the first card that fits a cell, and place it there.
    const first = day.fits.findIndex((cells) => cells.length > 0);
    expect(first).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < first; i++)
      await call("POST", `/games/${dee.gameId}/actions`, { token: dee.token, body: { type: "SKIP" } });
    const cell = day.fits[first]![0]!;
    const placed = await call("POST", `/games/${dee.gameId}/actions`, {
      token: dee.token,
      body: { type: "PLACE", categoryId: cell },
    });
    expect(placed).toMatchObject({ status: 200, body: { result: { action: "placed", wasValid: true } } });
    // The server forgets its cache (as after a restart): the logged turns rebuild the same state.
    const mid = (await call("GET", `/games/${dee.gameId}`, { token: dee.token })).body.state;
    forgetStates();
    expect((await call("GET", `/games/${dee.gameId}`, { token: dee.token })).body.state).toEqual(mid);
    const filled = await call("POST", `/games/${dee.gameId}/actions`, {
      token: dee.token,
      body: { type: "PLACE", categoryId: cell },
    });
    expect(filled).toMatchObject({ status: 409, body: { error: { code: "cell_filled" } } });
    const end = await playToWin(dee.token, dee.gameId, today, 3);
    expect(end).toMatchObject({ status: "won", currentPlayer: null });
    expect(end.winLine.cells).toHaveLength(3);
    expect(end.score).toBeGreaterThan(500);
    const over = await call("POST", `/games/${dee.gameId}/actions`, { token: dee.token, body: { type: "SKIP" } });
    expect(over).toMatchObject({ status: 409, body: { error: { code: "game_over" } } });
    // Starting again resumes the finished game: its result, never a second attempt.
    const resumed = await call("POST", "/games", { token: dee.token, body: { gridSize: 3 } });
    expect(resumed).toMatchObject({ status: 200, body: { gameId: dee.gameId, state: { status: "won" } } });
    expect(resumed.body.state).toEqual(end);
    const share = (await call("GET", `/games/${dee.gameId}/share`, { token: dee.token })).body.text as string;
    expect(share).toContain(`Cricket Bingo ${today} · 3×3`);
    expect(share).toContain(`${end.score} points`);
    expect(share.split("\n").slice(2).join("")).toMatch(/^[🟩🟨🟥⬜]+$/u);
    for (const card of day.dailyDeck) expect(share).not.toContain(card.name);
    for (const cell of day.grid) expect(share).not.toContain(cell.label);
  });

  it("a game lost by lives ends there", async () => {
    const eve = await player("Eve", { gridSize: 4, date: yesterday });
    let state = eve.start.state;
    while (state.status === "playing")
      state = (await call("POST", `/games/${eve.gameId}/actions`, { token: eve.token, body: { type: "SKIP" } })).body
        .state;
    expect(state).toMatchObject({ status: "lost", remainingPlayers: 0 });
  });

  it("ranks finished games of the day, ties sharing a rank, classic and assisted apart", async () => {
    const fay = await member("Fay");
    await playToWin(fay.token, fay.gameId, today, 3);
    const gus = await member("Gus");
    while ((await call("GET", `/games/${gus.gameId}`, { token: gus.token })).body.state.status === "playing")
      await call("POST", `/games/${gus.gameId}/actions`, { token: gus.token, body: { type: "SKIP" } });
    const board = await call("GET", `/leaderboard?date=${today}&size=3&mode=classic`, { token: gus.token });
    expect(board.status).toBe(200);
    const top = board.body.top as { rank: number; displayName: string; score: number; result: string }[];
    expect(top.map((t) => t.displayName)).toEqual(expect.arrayContaining(["Dee", "Fay", "Gus"]));
    // Ranks are competition ranks: a score ties its neighbour's rank.
    for (let i = 1; i < top.length; i++)
      expect(top[i]!.rank).toBe(top[i]!.score === top[i - 1]!.score ? top[i - 1]!.rank : i + 1);
    expect(board.body.you).toMatchObject({ displayName: "Gus", score: 0, result: "lost" });
    // Yesterday's practice games are on no board; assisted games are on their own.
    expect((await call("GET", `/leaderboard?date=${yesterday}&size=4`)).body.top).toEqual([]);
    expect((await call("GET", `/leaderboard?size=3&mode=assisted`)).body.top).toEqual([]);
    const tomorrow = utcDate(Date.now() + 86_400_000);
    for (const [query, code] of [
      ["size=3&mode=hard", "invalid_mode"],
      [`date=${tomorrow}&size=3`, "future_date"],
      ["date=yesterday", "invalid_date"],
      ["size=9", "invalid_size"],
    ] as const)
      expect(await call("GET", `/leaderboard?${query}`), query).toMatchObject({
        status: 400,
        body: { error: { code } },
      });
    const streaks = await call("GET", "/me/streaks", { token: fay.token });
    expect(streaks.body.streaks["3"]).toEqual({ played: 1, won: 1 });
    expect(streaks.body.streaks["4"]).toEqual({ played: 0, won: 0 });
  });

  it("shows the top 50 and, for a player further down, their own rank", async () => {
    // Today's 4×4 classic board: 51 games played out by the server's own turn logic (faster
    // than over HTTP, and within the routes' per-minute limits), then one more player below them.
    const ctx = server.services;
    const day = dayOf(today, 4);
    const playOut = async (gameId: string, playerId: string, places: number) => {
      let state = (await ownGame(ctx, gameId, playerId)).state;
      let placed = 0;
      while (state.status === "playing") {
        const open = day.fits[state.deckIndex]!.filter((cell) => !state.placements[cell]);
        const place = open.length > 0 && placed < places;
        if (place) placed++;
        state = (
          await playTurn(ctx, gameId, playerId, place ? { type: "PLACE", categoryId: open[0]! } : { type: "SKIP" })
        ).state;
      }
      return state;
    };
    for (let n = 0; n < 51; n++) {
      const playerId = `user:board-${n}`;
      const g = await startOrResume(ctx, { playerId, displayName: `Bot ${n}` }, today, 4, "classic", true);
      const end = await playOut(g.row.id, playerId, n < 3 ? 16 : 1);
      expect(end.score).toBeGreaterThan(0);
    }
    const lou = await member("Lou", { gridSize: 4 });
    const louId = (await ctx.identity!.fromToken(lou.token))!.id;
    expect(await playOut(lou.gameId, louId, 0)).toMatchObject({ status: "lost", score: 0 });
    const board = await call("GET", "/leaderboard?size=4&mode=classic", { token: lou.token });
    expect(board.body).toMatchObject({ players: 52, you: { displayName: "Lou" } });
    expect(board.body.top).toHaveLength(50);
    expect(board.body.top.slice(0, 3).map((t: { result: string }) => t.result)).toEqual(["won", "won", "won"]);
    const scores = board.body.top.map((t: { score: number }) => t.score) as number[];
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(board.body.you).toMatchObject({ rank: 52, score: 0, result: "lost" });
    expect(board.body.top.map((t: { displayName: string }) => t.displayName)).not.toContain("Lou");
    // Without a token there is no "you".
    expect((await call("GET", "/leaderboard?size=4&mode=classic")).body.you).toBeNull();
  });

  it("describes every route in the OpenAPI document: query parameters, replies, refusals and the bearer token", async () => {
    type Op = {
      parameters?: { in: string; name: string }[];
      responses?: Record<string, { content?: { "application/json"?: { schema?: { properties?: object } } } }>;
      security?: Record<string, string[]>[];
    };
    const api = (await (await fetch(`${server.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, Op>>;
      components?: { securitySchemes?: Record<string, { type: string; scheme: string }> };
    };
    expect(api.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const routes = {
      "get /api/v1/bingo/daily": {
        query: ["date", "size"],
        auth: "none",
        ok: ["date", "gridSize", "grid", "deckSize"],
      },
      "post /api/v1/bingo/games": {
        query: [],
        auth: "optional",
        ok: ["gameId", "playerToken", "ranked", "state", "standing"],
      },
      "get /api/v1/bingo/games/{gameId}": { query: [], auth: "needed", ok: ["gameId", "ranked", "state", "standing"] },
      "post /api/v1/bingo/games/{gameId}/actions": { query: [], auth: "needed", ok: ["state", "result", "standing"] },
      "get /api/v1/bingo/games/{gameId}/share": { query: [], auth: "needed", ok: ["text"] },
      "get /api/v1/bingo/leaderboard": {
        query: ["date", "size", "mode"],
        auth: "optional",
        ok: ["date", "gridSize", "mode", "players", "top", "you"],
      },
      "get /api/v1/bingo/me/games": { query: ["date"], auth: "needed", ok: ["date", "games"] },
      "get /api/v1/bingo/me/streaks": { query: [], auth: "needed", ok: ["streaks"] },
    } as const;
    const listed = Object.entries(api.paths)
      .filter(([path]) => path.startsWith("/api/v1/bingo/"))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(listed.sort()).toEqual(Object.keys(routes).sort());
    for (const [key, want] of Object.entries(routes)) {
      const [method, path] = key.split(" ") as [string, string];
      const op = api.paths[path]![method]!;
      const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      expect(query.sort(), key).toEqual([...want.query].sort());
      const okSchema = op.responses?.["200"]?.content?.["application/json"]?.schema;
      expect(Object.keys(okSchema?.properties ?? {}).sort(), key).toEqual([...want.ok].sort());
      // Every route can refuse, and says how its refusals look.
      const refusals = Object.keys(op.responses ?? {}).filter((status) => status.startsWith("4"));
      expect(refusals.length, key).toBeGreaterThan(0);
      for (const status of refusals)
        expect(op.responses![status]!.content?.["application/json"]?.schema?.properties, key).toHaveProperty("error");
      const security = op.security ?? [];
      if (want.auth === "needed") expect(security, key).toEqual([{ bearerAuth: [] }]);
      if (want.auth === "optional") expect(security, key).toEqual([{ bearerAuth: [] }, {}]);
      if (want.auth === "none") expect(security, key).toEqual([]);
    }
  });

  it("never sends a card not yet drawn, nor what decides the cells", () => {
    // For every game state any response carried: no card beyond the one on show.
    const decks = new Map<string, ReturnType<typeof generateDaily>>();
    const deckOf = (date: string, size: 3 | 4) => {
      const key = `${date}:${size}`;
      if (!decks.has(key)) decks.set(key, dayOf(date, size));
      return decks.get(key)!;
    };
    let scanned = 0;
    for (const { path, body: raw } of seen) {
      const body = raw as Record<string, unknown>;
      const text = JSON.stringify(body);
      // Every card shown carries its public face only
      // (docs/games/cricket-bingo.md, Decisions D4): nothing that decides a cell.
      const walk = (v: unknown) => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === "object") {
          const o = v as Record<string, unknown>;
          if ("countryFlag" in o)
            for (const k of Object.keys(o))
              expect(
                ["id", "name", "country", "countryFlag", "jerseyNumber", "by"],
                `${path}: card field ${k}`,
              ).toContain(k);
          Object.values(o).forEach(walk);
        }
      };
      walk(body);
      const state = (body.state ?? null) as { date: string; gridSize: 3 | 4; deckIndex: number } | null;
      if (!state) continue;
      scanned++;
      const deck = deckOf(state.date, state.gridSize).dailyDeck;
      const drawn = new Set(deck.slice(0, state.deckIndex + 1).map((c) => c.id));
      for (const card of deck) if (!drawn.has(card.id)) expect(text, path).not.toContain(`"${card.id}"`);
    }
    expect(scanned).toBeGreaterThan(50);
  });
});
