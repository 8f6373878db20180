import { describe, expect, it } from "vitest";
import { isRuleError } from "../../engine/errors";
import { bingoCatalog, buildCatalog } from "./catalog";
import { generateDaily } from "./generate";
import { newGame } from "./new-game";
import { replay } from "./replay";
import { act } from "./rules";
import { dailySeed } from "./seed";
import type { GameState } from "./state";
import type { LoggedAction } from "./wire";

/** Plays the day's own solution, cell by cell, skipping cards that fill nothing new. */
function playSolution(date: string): { state: GameState; log: LoggedAction[] } {
  const day = generateDaily(date, 3);
  let state = newGame(day, "assisted");
  const log: LoggedAction[] = [];
  let at = 5000;
  while (state.status === "playing") {
    const card = state.deck[state.deckIndex]!;
    const cell = day.grid.find((c) => day.solution[c.id] === card.id && !state.placements[c.id]);
    const action: LoggedAction = cell ? { type: "PLACE", categoryId: cell.id } : { type: "SKIP" };
    const turn = act(state, action, at);
    if (isRuleError(turn)) throw new Error(turn.error.code);
    log.push({ ...action, at });
    state = turn.state;
    at += 1000;
  }
  return { state, log };
}

describe("replay", () => {
  it("rebuilds a played game from its date, size, mode and logged turns", () => {
    const { state, log } = playSolution("2027-07-04");
    expect(replay("2027-07-04", 3, "assisted", log, { contentVersion: state.contentVersion })).toEqual(state);
    expect(state.history.map((h) => h.timestamp)).toEqual(log.map((a) => a.at));
  });

  it("refuses to replay on other content, or a log the rules refuse", () => {
    const { log } = playSolution("2027-07-04");
    expect(() => replay("2027-07-04", 3, "assisted", log, { contentVersion: "0000" })).toThrow(/content/);
    expect(() => replay("2027-07-04", 3, "assisted", [{ type: "PLACE", categoryId: "nope" }])).toThrow(
      /turn 0 refused \(unknown_cell\)/,
    );
  });

  it("deals a game again from the content version and seed it recorded, not from today's content", () => {
    const shipped = bingoCatalog();
    const older = buildCatalog(
      shipped.players.filter((_, i) => i % 7 !== 0),
      shipped.categories,
    );
    const seed = dailySeed("2027-07-04", "one deployment's secret");
    let state = newGame(generateDaily("2027-07-04", 3, { catalog: older, seed }), "classic");
    const log: LoggedAction[] = [];
    for (let at = 1; at <= 5; at++) {
      const turn = act(state, { type: "SKIP", deckIndex: state.deckIndex }, at);
      if (isRuleError(turn)) throw new Error(turn.error.code);
      log.push({ type: "SKIP", deckIndex: state.deckIndex, at });
      state = turn.state;
    }
    expect(replay("2027-07-04", 3, "classic", log, { catalog: older, seed, contentVersion: older.version })).toEqual(
      state,
    );
    // Today's content is another version: refused, never a game on another deck.
    expect(() => replay("2027-07-04", 3, "classic", log, { seed, contentVersion: older.version })).toThrow(/content/);
  });
});
