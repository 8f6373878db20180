import { describe, expect, it } from "vitest";
import { isRuleError, type RuleError } from "../../engine/errors";
import type { BingoCode } from "./codes";
import { fixtureDay, fixtureGame } from "./fixtures";
import { newGame } from "./new-game";
import { PARAMS } from "./params";
import { act, type Turn } from "./rules";
import type { GameState } from "./state";
import { view } from "./view";
import { winLines } from "./win-lines";
import { BingoViewSchema, TurnResultSchema } from "./wire";

// Fixture days: card k fits only the cell at position k mod cells, unless a test says
// otherwise. Cell types by position: 0 combo, 1 teammate, 2 trophy, 3 stat, 4 role,
// 5 team, 6 country, 7 team, 8 role (3×3); 4×4 goes on with 9 country, 10 stat,
// 11 trophy, 12 team, 13 role, 14 country, 15 combo.

function ok(r: Turn | RuleError): Turn {
  if (isRuleError(r)) throw new Error(`refused: ${r.error.code}`);
  TurnResultSchema.parse(r.result);
  BingoViewSchema.parse(view(r.state));
  return r;
}

function refused(s: GameState, action: unknown, code: BingoCode): void {
  const before = structuredClone(s);
  const r = act(s, action, 99);
  expect(isRuleError(r) && r.error.code).toBe(code);
  expect(s).toEqual(before);
}

const cellId = (s: GameState, position: number) => s.grid[position]!.id;
const place = (s: GameState, position: number, now = 0) =>
  ok(act(s, { type: "PLACE", categoryId: cellId(s, position) }, now));
const skip = (s: GameState) => ok(act(s, { type: "SKIP" }));
const wildcard = (s: GameState, position: number) => ok(act(s, { type: "WILDCARD", categoryId: cellId(s, position) }));

/** A 4×4 day where card k fits the cell at `positions[k]` (and cards past the list fit nothing). */
function dayFitting(positions: number[]) {
  return fixtureDay(4, (k, grid) => (k < positions.length ? [grid[positions[k]!]!.id] : []));
}

describe("PLACE", () => {
  it("a valid placement fills the cell, scores, extends the streak and draws the next card", () => {
    const g = fixtureGame(3);
    const { state, result } = place(g, 0, 1234);
    expect(result).toEqual({ action: "placed", wasValid: true, scoreDelta: 150, status: "playing" });
    expect(state.placements[cellId(g, 0)]).toMatchObject({ id: "p0", name: "Player 0", by: "placed" });
    expect(state).toMatchObject({ score: 150, streak: 1, deckIndex: 1, remainingPlayers: 20 });
    expect(state.currentPlayer).toMatchObject({ id: "p1" });
    expect(state.history).toEqual([
      {
        turnNumber: 0,
        player: {
          id: "p0",
          name: "Player 0",
          country: g.deck[0]!.country,
          countryFlag: g.deck[0]!.countryFlag,
          jerseyNumber: 0,
        },
        action: "placed",
        targetCell: cellId(g, 0),
        wasValid: true,
        timestamp: 1234,
        scoreDelta: 150,
      },
    ]);
    // The given state is never touched.
    expect(g.deckIndex).toBe(0);
    expect(g.placements).toEqual({});
  });

  it("a wrong placement costs a life and the streak, leaves the cell empty and consumes the card", () => {
    const g = place(fixtureGame(3), 0).state;
    const { state, result } = place(g, 5);
    expect(result).toEqual({ action: "placed", wasValid: false, scoreDelta: 0, status: "playing" });
    expect(state.placements[cellId(g, 5)]).toBeUndefined();
    expect(state).toMatchObject({ remainingPlayers: 19, streak: 0, score: 150, deckIndex: 2 });
    expect(state.currentPlayer).toMatchObject({ id: "p2" });
    expect(state.history.at(-1)).toMatchObject({ turnNumber: 1, action: "placed", wasValid: false, scoreDelta: 0 });
  });

  // docs/games/cricket-bingo.md, Decisions D1.
  it("scores by the streak before the placement, which sets the multiplier, capped at 3×", () => {
    // Seven base cells (stat, role, team, country, country, stat, role) that make no line.
    const positions = [3, 4, 5, 6, 9, 10, 13];
    let s = newGame(dayFitting(positions));
    const deltas: number[] = [];
    for (const p of positions) {
      const t = place(s, p);
      deltas.push(t.result.scoreDelta);
      s = t.state;
    }
    expect(deltas).toEqual([100, 150, 200, 250, 300, 300, 300]);
    expect(s).toMatchObject({ streak: 7, score: 1600, status: "playing" });
  });

  it("cell bonuses: combo +50, teammate +30, trophy +20, then the bingo +500", () => {
    const g = fixtureGame(3);
    const a = place(g, 0);
    const b = place(a.state, 1);
    const c = place(b.state, 2);
    expect([a.result.scoreDelta, b.result.scoreDelta, c.result.scoreDelta]).toEqual([150, 195, 240 + 500]);
    expect(c.result).toMatchObject({ status: "won", winLine: { kind: "row", index: 0, cells: [0, 1, 2] } });
    expect(c.state).toMatchObject({ status: "won", score: 1085, currentPlayer: null, deckIndex: 3 });
    expect(c.state.winLine?.categoryIds).toEqual([cellId(g, 0), cellId(g, 1), cellId(g, 2)]);
  });
});

describe("SKIP", () => {
  it("costs a life, resets the streak and draws the next card", () => {
    const g = place(fixtureGame(3), 0).state;
    const { state, result } = skip(g);
    expect(result).toEqual({ action: "skipped", scoreDelta: 0, status: "playing" });
    expect(state).toMatchObject({ remainingPlayers: 19, streak: 0, deckIndex: 2, score: 150 });
    expect(state.history.at(-1)).toEqual({
      turnNumber: 1,
      player: expect.objectContaining({ id: "p1" }),
      action: "skipped",
      timestamp: 0,
      scoreDelta: 0,
    });
  });
});

describe("WILDCARD", () => {
  it("fills any unfilled cell without validation, scores 50 and continues the streak", () => {
    const g = place(fixtureGame(3), 0).state;
    // Card 1 fits cell 1 only; the wildcard puts it in cell 8.
    const { state, result } = wildcard(g, 8);
    expect(result).toEqual({ action: "wildcard", wasValid: true, scoreDelta: 50, status: "playing" });
    expect(state.placements[cellId(g, 8)]).toMatchObject({ id: "p1", by: "wildcard" });
    expect(state).toMatchObject({ wildcardsLeft: 0, streak: 2, score: 200, remainingPlayers: 20 });
    expect(state.history.at(-1)).toMatchObject({ action: "wildcard", targetCell: cellId(g, 8), wasValid: true });
    // The next valid placement counts the wildcard in its streak: trophy 120 × 2.
    expect(place(state, 2).result.scoreDelta).toBe(240);
  });

  it("can complete a line and win, with the bingo bonus", () => {
    let s = place(fixtureGame(3), 0).state;
    s = place(s, 1).state;
    const t = wildcard(s, 2);
    expect(t.result).toMatchObject({ scoreDelta: 550, status: "won", winLine: { kind: "row", index: 0 } });
  });
});

describe("refusals change nothing", () => {
  it("unknown cells, filled cells, malformed actions, spent wildcards", () => {
    const g = place(fixtureGame(3), 0).state;
    refused(g, { type: "PLACE", categoryId: "team-xyz" }, "unknown_cell");
    refused(g, { type: "WILDCARD", categoryId: "nope" }, "unknown_cell");
    refused(g, { type: "PLACE", categoryId: cellId(g, 0) }, "cell_filled");
    refused(g, { type: "WILDCARD", categoryId: cellId(g, 0) }, "cell_filled");
    refused(g, { type: "PLACE" }, "invalid_action");
    refused(g, { type: "JUMP" }, "invalid_action");
    refused(g, null, "invalid_action");
    refused(g, "SKIP", "invalid_action");
    const spent = wildcard(g, 4).state;
    refused(spent, { type: "WILDCARD", categoryId: cellId(g, 8) }, "no_wildcards");
  });

  it("any action on a finished game", () => {
    let s = place(fixtureGame(3), 0).state;
    s = place(s, 1).state;
    const won = place(s, 2).state;
    for (const a of [
      { type: "SKIP" },
      { type: "PLACE", categoryId: cellId(won, 4) },
      { type: "WILDCARD", categoryId: cellId(won, 4) },
    ])
      refused(won, a, "game_over");
  });
});

describe("deckIndex: the card the player decided on", () => {
  it("an action naming the card on show is played; a stale one (a retry) is refused and changes nothing", () => {
    const g = fixtureGame(3);
    // Card 0 skipped, naming card 0: accepted, card 1 is on show.
    const s1 = ok(act(g, { type: "SKIP", deckIndex: 0 })).state;
    expect(s1).toMatchObject({ deckIndex: 1, remainingPlayers: 19 });
    // The same skip again (the reply was lost and the client retried): refused, no second life lost.
    refused(s1, { type: "SKIP", deckIndex: 0 }, "turn_conflict");
    // A wrong placement of card 1, retried: never applied to card 2.
    const s2 = ok(act(s1, { type: "PLACE", categoryId: cellId(s1, 5), deckIndex: 1 })).state;
    expect(s2).toMatchObject({ deckIndex: 2, remainingPlayers: 18 });
    refused(s2, { type: "PLACE", categoryId: cellId(s2, 5), deckIndex: 1 }, "turn_conflict");
    refused(s2, { type: "WILDCARD", categoryId: cellId(s2, 5), deckIndex: 1 }, "turn_conflict");
    // A card not yet drawn is no better than one gone.
    refused(s2, { type: "SKIP", deckIndex: 3 }, "turn_conflict");
    // Without deckIndex an action is still played on the card on show.
    expect(ok(act(s2, { type: "SKIP" })).state.deckIndex).toBe(3);
  });
});

describe("win and loss", () => {
  it.each([3, 4] as const)("size %i: every line wins when completed, and only then", (size) => {
    for (const line of winLines(size)) {
      let s = newGame(fixtureDay(size, (k, grid) => (k < line.cells.length ? [grid[line.cells[k]!]!.id] : [])));
      line.cells.forEach((position, k) => {
        const t = place(s, position);
        expect(t.state.status).toBe(k === line.cells.length - 1 ? "won" : "playing");
        s = t.state;
      });
      expect(s.winLine).toMatchObject({ kind: line.kind, index: line.index, cells: line.cells });
    }
  });

  it.each([3, 4] as const)("size %i: the game is lost when the lives run out", (size) => {
    let s = fixtureGame(size);
    const lives = PARAMS[size].lives;
    for (let i = 1; i <= lives; i++) {
      s = skip(s).state;
      expect(s.status).toBe(i === lives ? "lost" : "playing");
    }
    expect(s).toMatchObject({ remainingPlayers: 0, deckIndex: lives, currentPlayer: null, winLine: null });
  });

  it("a wrong placement can spend the last life", () => {
    let s = fixtureGame(3);
    for (let i = 0; i < 19; i++) s = skip(s).state;
    const t = place(s, 0); // card 19 fits cell 1 only
    expect(t.result).toMatchObject({ wasValid: false, status: "lost" });
  });

  it("the game is lost when the deck runs out (never reached with the parameters table's lives)", () => {
    const s = fixtureGame(3);
    s.remainingPlayers = 100;
    let t = s;
    for (let i = 0; i < 40; i++) t = skip(t).state;
    expect(t).toMatchObject({ status: "lost", deckIndex: 40, currentPlayer: null, remainingPlayers: 60 });
  });

  it.each([3, 4] as const)("size %i: lives always run out before the deck does", (size) => {
    // The most cells that can be filled without completing a line, found by brute force:
    // even with all of those and every life but one, fewer than 40 cards are played.
    const cells = PARAMS[size].cells;
    const lines = winLines(size).map((l) => l.cells.reduce((m, i) => m | (1 << i), 0));
    let most = 0;
    for (let set = 0; set < 1 << cells; set++) {
      if (lines.some((m) => (set & m) === m)) continue;
      let n = 0;
      for (let b = set; b; b &= b - 1) n++;
      most = Math.max(most, n);
    }
    expect(most).toBe(size === 3 ? 6 : 12);
    expect(most + PARAMS[size].lives).toBeLessThan(40);
  });
});

describe("views", () => {
  it("classic: no hints; the deck stays opaque", () => {
    const g = fixtureGame(3);
    const v = view(g);
    expect(BingoViewSchema.parse(v)).toEqual(v);
    expect(v).not.toHaveProperty("eligibleCells");
    expect(v).not.toHaveProperty("recommendedCell");
    expect(v).not.toHaveProperty("deck");
    expect(v.currentPlayer).toEqual({
      id: "p0",
      name: "Player 0",
      country: g.deck[0]!.country,
      countryFlag: g.deck[0]!.countryFlag,
      jerseyNumber: 0,
    });
    expect(JSON.stringify(v)).not.toMatch(/"p1"|Player 1\b|"fits"/);
  });

  it("assisted: the unfilled cells the current card fits, highest priority first, and the recommended one", () => {
    // Card 0 fits country (6), team (5), combo (0) and role (4); card 1 fits nothing.
    const day = fixtureDay(3, (k, grid) => (k === 0 ? [6, 5, 0, 4].map((i) => grid[i]!.id) : []));
    const g = newGame(day, "assisted");
    const v = view(g);
    expect(v.eligibleCells).toEqual([0, 4, 5, 6].map((i) => cellId(g, i)));
    expect(v.recommendedCell).toBe(cellId(g, 0));
    const next = view(place(g, 0).state);
    expect(next.eligibleCells).toEqual([]);
    expect(next.recommendedCell).toBeNull();
  });

  it("assisted: filled cells are no longer eligible, and a finished game has no hints", () => {
    const day = fixtureDay(3, (k, grid) => (k < 3 ? [grid[k]!.id, grid[8]!.id] : []));
    let s = newGame(day, "assisted");
    s = place(s, 8).state; // card 0 into the role cell
    expect(view(s).eligibleCells).toEqual([cellId(s, 1)]);
    s = place(s, 1).state;
    s = wildcard(s, 0).state;
    for (let i = 0; i < 20; i++) if (s.status === "playing") s = skip(s).state;
    expect(view(s)).toMatchObject({ status: "lost", eligibleCells: [], recommendedCell: null });
  });
});
