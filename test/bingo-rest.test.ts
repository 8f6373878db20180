import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDaily } from "../src/games/cricket-bingo/generate";
import { utcDate } from "../src/games/cricket-bingo/seed";
import { forgetStates } from "../src/games/cricket-bingo/service/games";
import { BingoViewSchema, TurnResultSchema } from "../src/games/cricket-bingo/wire";
import { startServer, type TestServer } from "./support/server";

/**
 * Cricket Bingo over REST: every route and refusal, the one-attempt rule, the leaderboard,
 * and a scan of every response for cards not yet drawn.
 */
let server: TestServer;
const today = utcDate(Date.now());
const yesterday = utcDate(Date.now() - 86_400_000);
/** Every response body, for the secrecy scan at the end. */
const seen: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const r = await fetch(`${server.url}/api/v1/bingo${path}`, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const body = (await r.json()) as Record<string, any>;
  seen.push({ path, body });
  return { status: r.status, body };
}

/** A player who starts `date`'s game of `size` (today's 3×3 classic by default). */
async function player(name: string, body: Record<string, unknown> = {}) {
  const r = await call("POST", "/games", { body: { gridSize: 3, displayName: name, ...body } });
  expect([200, 201]).toContain(r.status);
  return { token: r.body.playerToken as string, gameId: r.body.gameId as string, start: r.body };
}

/** Play a whole game to a win, placing each card on a cell it fits (read from the day itself). */
async function playToWin(token: string, gameId: string, date: string, size: 3 | 4) {
  const day = generateDaily(date, size);
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

  it("gives an anonymous player a token, and one attempt per date, size and mode", async () => {
    const ada = await player("Ada");
    expect(ada.start).toMatchObject({ ranked: true });
    expect(ada.token).toMatch(/^ey/);
    BingoViewSchema.parse(ada.start.state);
    // Asking again (the page reloaded) resumes the same game.
    const again = await call("POST", "/games", { token: ada.token, body: { gridSize: 3 } });
    expect(again).toMatchObject({ status: 200, body: { gameId: ada.gameId } });
    expect(again.body.playerToken).toBeUndefined();
    // Another mode or size is another attempt; an earlier day is practice (never ranked).
    const assisted = await call("POST", "/games", { token: ada.token, body: { gridSize: 3, mode: "assisted" } });
    expect(assisted.status).toBe(201);
    expect(assisted.body.state.eligibleCells).toBeDefined();
    const practice = await call("POST", "/games", { token: ada.token, body: { gridSize: 3, date: yesterday } });
    expect(practice).toMatchObject({ status: 201, body: { ranked: false } });
    const future = utcDate(Date.now() + 86_400_000);
    expect((await call("POST", "/games", { token: ada.token, body: { gridSize: 3, date: future } })).status).toBe(400);
    expect((await call("POST", "/games", { body: { gridSize: 5 } })).body).toMatchObject({
      error: { code: "invalid_body" },
    });
  });

  it("lets only the owner read or play a game, and refuses bad turns without changing anything", async () => {
    const bo = await player("Bo");
    const cy = await player("Cy");
    expect((await call("GET", `/games/${bo.gameId}`)).body).toMatchObject({ error: { code: "identity_required" } });
    expect((await call("GET", `/games/${bo.gameId}`, { token: "forged.token.here" })).status).toBe(401);
    expect((await call("GET", `/games/${bo.gameId}`, { token: cy.token })).body).toMatchObject({
      error: { code: "game_not_found" },
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
    expect(
      (await call("POST", `/games/${bo.gameId}/actions`, { token: cy.token, body: { type: "SKIP" } })).status,
    ).toBe(404);
    expect((await call("GET", `/games/${bo.gameId}`, { token: bo.token })).body.state).toEqual(before);
    // A skip costs a life and draws the next card.
    const skip = await call("POST", `/games/${bo.gameId}/actions`, { token: bo.token, body: { type: "SKIP" } });
    expect(skip.body.state).toMatchObject({ deckIndex: 1, remainingPlayers: before.remainingPlayers - 1 });
    expect(skip.body.result).toMatchObject({ action: "skipped", scoreDelta: 0 });
  });

  it("plays a game to a win, survives a restart mid-way, refuses turns once over, and shares no spoilers", async () => {
    const dee = await player("Dee");
    const day = generateDaily(today, 3);
    // A few good turns, then the server forgets its cache (as after a restart): the logged turns rebuild it.
    const first = day.fits[0]!;
    if (first.length > 0)
      await call("POST", `/games/${dee.gameId}/actions`, {
        token: dee.token,
        body: { type: "PLACE", categoryId: first[0] },
      });
    const mid = (await call("GET", `/games/${dee.gameId}`, { token: dee.token })).body.state;
    forgetStates();
    expect((await call("GET", `/games/${dee.gameId}`, { token: dee.token })).body.state).toEqual(mid);
    if (first.length > 0) {
      const filled = await call("POST", `/games/${dee.gameId}/actions`, {
        token: dee.token,
        body: { type: "PLACE", categoryId: first[0] },
      });
      expect(filled).toMatchObject({ status: 409, body: { error: { code: "cell_filled" } } });
    }
    const end = await playToWin(dee.token, dee.gameId, today, 3);
    expect(end).toMatchObject({ status: "won", currentPlayer: null });
    expect(end.winLine.cells).toHaveLength(3);
    expect(end.score).toBeGreaterThan(500);
    const over = await call("POST", `/games/${dee.gameId}/actions`, { token: dee.token, body: { type: "SKIP" } });
    expect(over).toMatchObject({ status: 409, body: { error: { code: "game_over" } } });
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
    const fay = await player("Fay");
    await playToWin(fay.token, fay.gameId, today, 3);
    const gus = await player("Gus");
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
    const streaks = await call("GET", "/me/streaks", { token: fay.token });
    expect(streaks.body.streaks["3"]).toEqual({ played: 1, won: 1 });
    expect(streaks.body.streaks["4"]).toEqual({ played: 0, won: 0 });
  });

  it("never sends a card not yet drawn, nor what decides the cells", () => {
    // For every game state any response carried: no card beyond the one on show.
    const decks = new Map<string, ReturnType<typeof generateDaily>>();
    const deckOf = (date: string, size: 3 | 4) => {
      const key = `${date}:${size}`;
      if (!decks.has(key)) decks.set(key, generateDaily(date, size));
      return decks.get(key)!;
    };
    let scanned = 0;
    for (const { path, body: raw } of seen) {
      const body = raw as Record<string, unknown>;
      const text = JSON.stringify(body);
      // Every card shown carries its public face only (RULINGS 4): nothing that decides a cell.
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
