import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateDaily } from "../src/games/cricket-bingo/generate";
import { utcDate } from "../src/games/cricket-bingo/seed";
import type { BingoView } from "../src/games/cricket-bingo/wire";
import { freePort, spawnServer } from "./support/child-server";

/**
 * Cricket Bingo after a hard kill: the real server on an on-disk data directory, a game
 * part played, kill -9, a new process on the same directory, and the same game resumed
 * from its logged turns and played to the end.
 */
const dataDir = mkdtempSync(join(tmpdir(), "parlor-bingo-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Reply = {
  status: number;
  body: { state: BingoView; gameId?: string; playerToken?: string; you?: unknown } & Record<string, unknown>;
};

async function call(url: string, method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${url}/api/v1/bingo${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json()) as Reply["body"] };
}

describe("Cricket Bingo restart", () => {
  it("a game survives kill -9: the same state comes back, and it plays on to a win", async () => {
    const port = String(await freePort());
    const secret = "bingo-restart-test-daily-seed";
    const env = { PORT: port, DATA_DIR: dataDir, DATABASE_URL: "", DAILY_SEED_SECRET: secret };
    let srv = await spawnServer(env);
    try {
      const today = utcDate(Date.now());
      const day = generateDaily(today, 3, { secret });
      const start = await call(srv.url, "POST", "/games", undefined, { gridSize: 3, displayName: "Rex" });
      expect(start.status).toBe(201);
      const { gameId, playerToken: token } = start.body as { gameId: string; playerToken: string };

      // Some turns: a card placed where it fits, a wrong placement, a skip.
      const turn = async (body: unknown) => {
        const r = await call(srv.url, "POST", `/games/${gameId}/actions`, token, body);
        expect(r.status).toBe(200);
        return r.body.state;
      };
      let state = start.body.state;
      let placed = 0;
      let wrong = 0;
      while (placed < 1 || wrong < 1 || state.deckIndex < 3) {
        const open = day.fits[state.deckIndex]!.filter((c) => !state.placements[c]);
        const misfit = day.grid.find((c) => !day.fits[state.deckIndex]!.includes(c.id) && !state.placements[c.id]);
        if (open.length > 0 && placed < 1) {
          state = await turn({ type: "PLACE", categoryId: open[0] });
          placed++;
        } else if (misfit && wrong < 1) {
          state = await turn({ type: "PLACE", categoryId: misfit.id });
          wrong++;
        } else state = await turn({ type: "SKIP" });
      }
      expect(state.status).toBe("playing");
      const before = (await call(srv.url, "GET", `/games/${gameId}`, token)).body.state;
      expect(before.history.length).toBe(state.deckIndex);

      srv.proc.kill("SIGKILL");
      await new Promise((r) => srv.proc.once("exit", r));
      srv = await spawnServer(env);

      // The same token, the same game, the same state; starting again resumes it.
      expect((await call(srv.url, "GET", `/games/${gameId}`, token)).body.state).toEqual(before);
      const again = await call(srv.url, "POST", "/games", token, { gridSize: 3 });
      expect(again).toMatchObject({ status: 200, body: { gameId } });
      expect(again.body.state).toEqual(before);

      // Play on: every card to a cell it fits, or skipped, until the line is done.
      state = before;
      while (state.status === "playing") {
        const open = day.fits[state.deckIndex]!.filter((c) => !state.placements[c]);
        state = await turn(open.length ? { type: "PLACE", categoryId: open[0] } : { type: "SKIP" });
      }
      expect(state).toMatchObject({ status: "won", currentPlayer: null });
      expect(state.history.slice(0, before.history.length)).toEqual(before.history);
      // Rex plays anonymously: unranked, and told where he would have stood (an empty board: first).
      const end = await call(srv.url, "GET", `/games/${gameId}`, token);
      expect(end.body).toMatchObject({ ranked: false, standing: { rank: 1, players: 1, ranked: false } });
    } catch (err) {
      throw new Error(`${String(err)}\nserver output:\n${srv.output()}`);
    } finally {
      srv.proc.kill("SIGKILL");
    }
  });
});
