import { describe, expect, it } from "vitest";
import { utcDate } from "../src/games/cricket-bingo/seed";
import { call as rest } from "./support/rest";
import { serverPerFile } from "./support/server";

/**
 * Cricket Bingo's turns are safe to retry: an action names the card the player decided on
 * (`deckIndex`), so a retried SKIP or a retried wrong PLACE, whose first try went through
 * but whose reply was lost, is refused rather than played on the next card. And an action
 * body with a field the protocol does not know is refused, not half-read.
 */
const yesterday = utcDate(Date.now() - 86_400_000);

const server = serverPerFile();

const call = (method: string, path: string, opts: { token?: string; body?: unknown } = {}) =>
  rest(`${server.url}/api/v1/bingo`, method, path, opts);

describe("Cricket Bingo actions", () => {
  it("a retried SKIP or wrong PLACE is refused with turn_conflict and changes nothing", async () => {
    // Assisted, so the state says which cells the card fits: any other empty cell is a wrong one.
    const start = await call("POST", "/games", { body: { gridSize: 3, mode: "assisted", date: yesterday } });
    expect(start.status).toBe(201);
    const token = start.body.playerToken as string;
    const path = `/games/${start.body.gameId}/actions`;
    const read = async () => (await call("GET", `/games/${start.body.gameId}`, { token })).body.state;

    const skip = await call("POST", path, { token, body: { type: "SKIP", deckIndex: 0 } });
    expect(skip).toMatchObject({ status: 200, body: { state: { deckIndex: 1, remainingPlayers: 19 } } });
    const retried = await call("POST", path, { token, body: { type: "SKIP", deckIndex: 0 } });
    expect(retried).toMatchObject({ status: 409, body: { error: { code: "turn_conflict" } } });
    expect(await read()).toEqual(skip.body.state);

    const s = skip.body.state;
    const wrong = (s.grid as { id: string }[]).find((c) => !s.eligibleCells.includes(c.id))!.id;
    const placed = await call("POST", path, { token, body: { type: "PLACE", categoryId: wrong, deckIndex: 1 } });
    expect(placed).toMatchObject({
      status: 200,
      body: { result: { action: "placed", wasValid: false }, state: { deckIndex: 2, remainingPlayers: 18 } },
    });
    for (const body of [
      { type: "PLACE", categoryId: wrong, deckIndex: 1 },
      { type: "WILDCARD", categoryId: wrong, deckIndex: 1 },
      { type: "SKIP", deckIndex: 5 },
    ])
      expect(await call("POST", path, { token, body }), JSON.stringify(body)).toMatchObject({
        status: 409,
        body: { error: { code: "turn_conflict" } },
      });
    expect(await read()).toEqual(placed.body.state);
    // The card on show, named: played.
    expect(await call("POST", path, { token, body: { type: "SKIP", deckIndex: 2 } })).toMatchObject({
      status: 200,
      body: { state: { deckIndex: 3 } },
    });
  });

  it("refuses an action body with a field it does not know", async () => {
    const start = await call("POST", "/games", { body: { gridSize: 4, date: yesterday } });
    const token = start.body.playerToken as string;
    const path = `/games/${start.body.gameId}/actions`;
    const cell = start.body.state.grid[0].id as string;
    for (const body of [
      { type: "SKIP", extra: true },
      { type: "SKIP", categoryId: cell },
      { type: "PLACE", categoryId: cell, cell },
      { type: "WILDCARD", categoryId: cell, deckIndex: 0, force: 1 },
      { type: "SKIP", deckIndex: -1 },
      { type: "SKIP", deckIndex: "0" },
      { type: "SKIP", deckIndex: 0.5 },
    ])
      expect(await call("POST", path, { token, body }), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: { code: "invalid_body" } },
      });
    const after = (await call("GET", `/games/${start.body.gameId}`, { token })).body.state;
    expect(after).toEqual(start.body.state);
  });
});
