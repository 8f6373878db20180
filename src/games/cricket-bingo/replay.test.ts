import { describe, expect, it } from "vitest";
import { isRuleError } from "../../engine/errors";
import { generateDaily } from "./generate";
import { newGame } from "./new-game";
import { replay } from "./replay";
import { act } from "./rules";
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
});
