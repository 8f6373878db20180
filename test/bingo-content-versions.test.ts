import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { bingoCatalog, buildCatalog, type Catalog } from "../src/games/cricket-bingo/catalog";
import { generateDaily } from "../src/games/cricket-bingo/generate";
import { createBingoModule } from "../src/games/cricket-bingo/index";
import { utcDate } from "../src/games/cricket-bingo/seed";
import { forgetStates } from "../src/games/cricket-bingo/service/games";
import { gameModules } from "../src/games/registry";
import { buildServer } from "../src/server/app";
import { loadConfig } from "../src/server/config";

// biome-ignore lint/suspicious/noExplicitAny: replies are read as loose JSON, as the REST tests do
type Json = any;
/**
 * A game always finds what it was played with: content changes (records corrected,
 * players added) make a new content version, stored once by its hash, and a game
 * records the version it was dealt from. After a change, old games, finished or not,
 * load, replay from their logged turns and play on, on their own deck; new games are
 * dealt from the new content.
 */
const SECRET = "content-versions-test-secret-42";
const dataDir = mkdtempSync(join(tmpdir(), "parlor-bingo-content-"));
const today = utcDate(Date.now());
const yesterday = utcDate(Date.now() - 86_400_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A server on the test's own data directory, with Cricket Bingo dealing from `catalog`. */
async function serve(catalog?: Catalog) {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PGLITE_THREAD: "main",
    LOG_LEVEL: "silent",
    WEB_DIR: "dist/web",
    REST_PER_MINUTE: "100000",
    DAILY_SEED_SECRET: SECRET,
  });
  const module = createBingoModule(catalog ? { catalog: () => catalog } : {});
  const server = await buildServer(config, gameModules, [module]);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const call = async (path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const r = await fetch(`${url}/api/v1/bingo${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, body: (await r.json()) as Record<string, Json> };
  };
  return { server, call };
}

/** The shipped content with records changed: thirty players gone, one renamed. */
function changedContent(): Catalog {
  const shipped = bingoCatalog();
  const keep = new Set(
    shipped.categories.filter((c) => c.type === "teammate").map((c) => c.validator.slice("teammate:".length)),
  );
  const players = shipped.players
    .filter((p, i) => keep.has(p.id) || i % 10 !== 3)
    .map((p) => (p.id === "virat-kohli" ? { ...p, name: "V. Kohli" } : p));
  const changed = buildCatalog(players, shipped.categories);
  expect(changed.version).not.toBe(shipped.version);
  return changed;
}

describe("Cricket Bingo content versions", () => {
  it("after a content change, old games (finished and in play) load, replay and play on; new games use the new content", async () => {
    const first = await serve();
    let token: string;
    let finished: { id: string; state: unknown };
    let playing: { id: string; state: Record<string, Json> };
    try {
      // A practice game played to its end, and today's 4×4 three cards in.
      const a = await first.call("/games", undefined, { gridSize: 3, date: yesterday });
      token = a.body.playerToken;
      let s = a.body.state;
      while (s.status === "playing")
        s = (await first.call(`/games/${a.body.gameId}/actions`, token, { type: "SKIP" })).body.state;
      finished = { id: a.body.gameId, state: s };
      const b = await first.call("/games", token, { gridSize: 4 });
      for (let i = 0; i < 3; i++) await first.call(`/games/${b.body.gameId}/actions`, token, { type: "SKIP" });
      playing = { id: b.body.gameId, state: (await first.call(`/games/${b.body.gameId}`, token)).body.state };
      expect(playing.state.deckIndex).toBe(3);
    } finally {
      await first.server.close();
    }
    forgetStates();

    const changed = changedContent();
    const second = await serve(changed);
    try {
      // Both old games come back as they were, rebuilt from their logged turns on their own content.
      expect(await second.call(`/games/${finished.id}`, token)).toMatchObject({
        status: 200,
        body: { state: finished.state },
      });
      expect((await second.call(`/games/${finished.id}/share`, token)).status).toBe(200);
      expect((await second.call(`/games/${playing.id}`, token)).body.state).toEqual(playing.state);
      // The game in play goes on with its own deck: card 4 of the day as it was dealt.
      const oldDay = generateDaily(today, 4, { secret: SECRET });
      const turn = await second.call(`/games/${playing.id}/actions`, token, { type: "SKIP", deckIndex: 3 });
      expect(turn).toMatchObject({ status: 200, body: { state: { deckIndex: 4 } } });
      expect(turn.body.state.currentPlayer.id).toBe(oldDay.dailyDeck[4]!.id);
      // Starting today's 4×4 again resumes it, not a game on the new content.
      expect(await second.call("/games", token, { gridSize: 4 })).toMatchObject({
        status: 200,
        body: { gameId: playing.id, state: { deckIndex: 4 } },
      });
      // A new game is dealt from the new content.
      const fresh = await second.call("/games", token, { gridSize: 3 });
      expect(fresh.status).toBe(201);
      const newDay = generateDaily(today, 3, { secret: SECRET, catalog: changed });
      expect(fresh.body.state.grid.map((c: { id: string }) => c.id)).toEqual(newDay.grid.map((c) => c.id));
      expect(fresh.body.state.currentPlayer.id).toBe(newDay.dailyDeck[0]!.id);
      // Each content version is stored once.
      const versions = await sql<{ version: string }>`SELECT version FROM bingo_content_versions
        ORDER BY version`.execute(second.server.db);
      expect(versions.rows.map((r) => r.version).sort()).toEqual([bingoCatalog().version, changed.version].sort());
      // And once more without any cache, as after another restart.
      forgetStates();
      expect((await second.call(`/games/${playing.id}`, token)).body.state).toEqual(turn.body.state);
    } finally {
      await second.server.close();
    }
  });
});
