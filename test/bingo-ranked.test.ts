import { describe, expect, it } from "vitest";
import { generateDaily } from "../src/games/cricket-bingo/generate";
import { utcDate } from "../src/games/cricket-bingo/seed";
import { StartReply } from "../src/games/cricket-bingo/service/schemas";
import { type Json, methodFor, call as rest } from "./support/rest";
import { serverPerFile } from "./support/server";

/**
 * Who is ranked: a ranked attempt belongs to a platform account (its access token is the
 * player's identity). An anonymous identity costs nothing, so a burst of them would be a
 * burst of "one attempt a day": anonymous games are played in full (streaks, history,
 * share) but never ranked, and are told the rank they would have had.
 */
const SECRET = "bingo-ranked-test-secret-0123456789";
const today = utcDate(Date.now());
let accounts = 0;

const server = serverPerFile({ DAILY_SEED_SECRET: SECRET });

const call = (path: string, opts: { method?: string; token?: string; body?: unknown } = {}) =>
  rest(server.url, opts.method ?? methodFor(opts.body), path, opts);
const bingo = (path: string, opts: { token?: string; body?: unknown } = {}) => call(`/api/v1/bingo${path}`, opts);

async function account(displayName: string) {
  const r = await call("/api/v1/auth/register", {
    body: { email: `bingo-${++accounts}-${Date.now()}@example.com`, password: "correct horse 42", displayName },
  });
  expect(r.status).toBe(201);
  return r.body.accessToken as string;
}

/** Plays the game out: each card to the first empty cell it fits (or skipped), or every card skipped. */
async function playOut(token: string, gameId: string, how: "win" | "skip") {
  const day = generateDaily(today, 3, { secret: SECRET });
  let reply = await bingo(`/games/${gameId}`, { token });
  while (reply.body.state.status === "playing") {
    const s = reply.body.state;
    const open = how === "win" ? day.fits[s.deckIndex]!.filter((c) => !s.placements[c]) : [];
    reply = await bingo(`/games/${gameId}/actions`, {
      token,
      body: open.length ? { type: "PLACE", categoryId: open[0] } : { type: "SKIP" },
    });
    expect(reply.status).toBe(200);
  }
  return reply.body;
}

describe("Cricket Bingo: ranked games belong to accounts", () => {
  it("an account's game is ranked; a burst of anonymous identities ranks nothing", async () => {
    const ana = await account("Ana");
    const mine = await bingo("/games", { token: ana, body: { gridSize: 3, displayName: "Impostor" } });
    expect(mine).toMatchObject({ status: 201, body: { ranked: true } });
    expect(mine.body.playerToken).toBeUndefined();
    StartReply.parse(mine.body);

    // Ten fresh identities, one after another: each gets a game, none of them ranked.
    const anons: { token: string; gameId: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await bingo("/games", { body: { gridSize: 3, displayName: `Scout ${i}` } });
      expect(r).toMatchObject({ status: 201, body: { ranked: false } });
      anons.push({ token: r.body.playerToken, gameId: r.body.gameId });
    }
    // One scouts the deck by skipping every card, another then plays it out to a win.
    await playOut(anons[0]!.token, anons[0]!.gameId, "skip");
    const scouted = await playOut(anons[1]!.token, anons[1]!.gameId, "win");
    expect(scouted.state.status).toBe("won");
    await playOut(ana, mine.body.gameId, "win");

    const board = await bingo("/leaderboard?size=3&mode=classic", { token: anons[1]!.token });
    expect(board.body.top.map((t: { displayName: string }) => t.displayName)).toEqual(["Ana"]);
    expect(board.body.players).toBe(1);
    expect(board.body.you).toBeNull();
    // The account's name is its own, whatever the start asked for.
    expect((await bingo("/leaderboard?size=3&mode=classic", { token: ana })).body.you).toMatchObject({
      displayName: "Ana",
      rank: 1,
    });
    // Anonymous play is complete all the same: its history, its streak, its share text.
    expect((await bingo("/me/streaks", { token: anons[1]!.token })).body.streaks["3"]).toEqual({
      played: 1,
      won: 1,
    });
    expect((await bingo("/me/games", { token: anons[1]!.token })).body.games).toEqual([
      expect.objectContaining({ gameId: anons[1]!.gameId, ranked: false, status: "won" }),
    ]);
    expect((await bingo(`/games/${anons[1]!.gameId}/share`, { token: anons[1]!.token })).status).toBe(200);
  });

  it("an unranked game is told the rank it would have had; a ranked one its rank", async () => {
    // Today's 4×4 board: one account wins, one loses with nothing.
    const [wins, loses] = [await account("Winner"), await account("Loser")];
    const w = await bingo("/games", { token: wins, body: { gridSize: 4 } });
    const l = await bingo("/games", { token: loses, body: { gridSize: 4 } });
    const day = generateDaily(today, 4, { secret: SECRET });
    let s = w.body.state;
    let last: Record<string, Json> = {};
    while (s.status === "playing") {
      const open = day.fits[s.deckIndex]!.filter((c) => !s.placements[c]);
      last = (
        await bingo(`/games/${w.body.gameId}/actions`, {
          token: wins,
          body: open.length ? { type: "PLACE", categoryId: open[0] } : { type: "SKIP" },
        })
      ).body;
      s = last.state;
    }
    expect(s.status).toBe("won");
    // The finishing reply carries the rank.
    expect(last.standing).toEqual({ rank: 1, players: 1, ranked: true });
    await playOut(loses, l.body.gameId, "skip");
    const lost = await bingo(`/games/${l.body.gameId}`, { token: loses });
    expect(lost.body.standing).toEqual({ rank: 2, players: 2, ranked: true });

    // An anonymous player who also loses with nothing would have shared second place, of three.
    const anon = await bingo("/games", { body: { gridSize: 4 } });
    expect(anon.body.standing).toBeUndefined();
    let a = anon.body.state;
    let end: Record<string, Json> = {};
    while (a.status === "playing") {
      end = (
        await bingo(`/games/${anon.body.gameId}/actions`, { token: anon.body.playerToken, body: { type: "SKIP" } })
      ).body;
      a = end.state;
    }
    expect(end.standing).toEqual({ rank: 2, players: 3, ranked: false });
    const again = await bingo("/games", { token: anon.body.playerToken, body: { gridSize: 4 } });
    expect(again.body.standing).toEqual({ rank: 2, players: 3, ranked: false });
    // Nothing about it reached the board.
    expect((await bingo("/leaderboard?size=4")).body.players).toBe(2);
  });
});
