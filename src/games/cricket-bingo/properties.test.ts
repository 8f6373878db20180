/**
 * Property tests on real daily games: random dates, sizes and modes, and random sequences
 * of sensible and senseless actions. After every step: a refusal changes nothing; lives,
 * the deck pointer and the wildcards only go down or up as they should; a filled cell is
 * never filled again; the view parses and never holds a card still to come or anything
 * that decides cells. At the end, replaying the accepted turns rebuilds the state.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRuleError } from "../../engine/errors";
import { generateDaily } from "./generate";
import { newGame } from "./new-game";
import type { GridSize, Mode } from "./params";
import { replay } from "./replay";
import { act } from "./rules";
import type { GameState } from "./state";
import { view } from "./view";
import { BingoViewSchema, type LoggedAction, TurnResultSchema } from "./wire";

type Cmd =
  | { k: "place"; cell: number }
  | { k: "wildcard"; cell: number }
  | { k: "skip" }
  /** Place the current card where it fits, if anywhere: keeps runs going towards a win. */
  | { k: "smart"; pick: number }
  | { k: "junk"; which: number };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant("place" as const), cell: fc.nat(15) }), weight: 3 },
  { arbitrary: fc.record({ k: fc.constant("wildcard" as const), cell: fc.nat(15) }), weight: 1 },
  { arbitrary: fc.constant({ k: "skip" as const }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant("smart" as const), pick: fc.nat(15) }), weight: 4 },
  { arbitrary: fc.record({ k: fc.constant("junk" as const), which: fc.nat(5) }), weight: 1 },
);

function actionFor(s: GameState, c: Cmd): unknown {
  const id = (i: number) => s.grid[i % s.grid.length]!.id;
  switch (c.k) {
    case "place":
      return { type: "PLACE", categoryId: id(c.cell) };
    case "wildcard":
      return { type: "WILDCARD", categoryId: id(c.cell) };
    case "skip":
      return { type: "SKIP" };
    case "smart": {
      const fits = s.deck[s.deckIndex]?.fits.filter((f) => !s.placements[f]) ?? [];
      return fits.length ? { type: "PLACE", categoryId: fits[c.pick % fits.length] } : { type: "SKIP" };
    }
    case "junk":
      return [
        { type: "PLACE", categoryId: "no-such-cell" },
        { type: "PLACE" },
        { type: "DANCE" },
        null,
        { type: "WILDCARD", categoryId: "" },
        "SKIP",
      ][c.which];
  }
}

const SECRET_KEYS = [
  "fits",
  "deck",
  "iplTeams",
  "stats",
  "trophies",
  "teammates",
  "primaryRole",
  "teamColor",
  "formats",
];

function keysOf(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const v of x) keysOf(v, out);
  else if (x && typeof x === "object")
    for (const [k, v] of Object.entries(x)) {
      out.add(k);
      keysOf(v, out);
    }
  return out;
}

function checkView(s: GameState): void {
  const v = view(s);
  BingoViewSchema.parse(v);
  const keys = keysOf(v);
  for (const k of SECRET_KEYS) expect(keys.has(k), k).toBe(false);
  if (s.mode === "classic") expect(keys.has("eligibleCells")).toBe(false);
  // The grid is public (its labels may name a player, "Played with MS Dhoni"); the rest of
  // the view must not name any card still in the deck, by id or by name.
  const { grid: _grid, ...rest } = v;
  const text = JSON.stringify(rest);
  const firstUnseen = s.status === "playing" ? s.deckIndex + 1 : s.deckIndex;
  for (const card of s.deck.slice(firstUnseen)) {
    const seen = s.deck.slice(0, firstUnseen).some((c) => c.id === card.id);
    if (seen) continue;
    expect(text.includes(JSON.stringify(card.id)), card.id).toBe(false);
    expect(text.includes(JSON.stringify(card.name)), card.name).toBe(false);
  }
}

describe("properties of random games", () => {
  it("hold after every step, and replay rebuilds the final state", () => {
    const setup = fc.record({
      day: fc.nat(364),
      size: fc.constantFrom<GridSize>(3, 4),
      mode: fc.constantFrom<Mode>("classic", "assisted"),
      cmds: fc.array(cmd, { minLength: 1, maxLength: 60 }),
    });
    fc.assert(
      fc.property(setup, ({ day, size, mode, cmds }) => {
        const date = new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10);
        let s = newGame(generateDaily(date, size), mode);
        const log: LoggedAction[] = [];
        checkView(s);
        cmds.forEach((c, step) => {
          const action = actionFor(s, c);
          const snapshot = JSON.stringify(s);
          const before = JSON.parse(snapshot) as GameState;
          const r = act(s, action, 1000 + step);
          // The given state is never touched (JSON equality: the state is plain JSON).
          if (JSON.stringify(s) !== snapshot) expect(s).toEqual(before);
          if (isRuleError(r)) {
            if (before.status !== "playing") expect(r.error.code).toBe("game_over");
            return;
          }
          expect(before.status).toBe("playing");
          TurnResultSchema.parse(r.result);
          const next = r.state;
          expect(next.deckIndex).toBe(before.deckIndex + 1);
          expect(next.remainingPlayers).toBeLessThanOrEqual(before.remainingPlayers);
          expect(next.remainingPlayers).toBeGreaterThanOrEqual(before.remainingPlayers - 1);
          expect(next.wildcardsLeft).toBeLessThanOrEqual(before.wildcardsLeft);
          expect(next.score).toBeGreaterThanOrEqual(before.score);
          expect(next.score - before.score).toBe(r.result.scoreDelta);
          for (const [cell, p] of Object.entries(before.placements))
            expect(JSON.stringify(next.placements[cell]), cell).toBe(JSON.stringify(p));
          const added = Object.keys(next.placements).length - Object.keys(before.placements).length;
          expect(added).toBe(r.result.action === "skipped" || r.result.wasValid === false ? 0 : 1);
          expect(next.history).toHaveLength(next.deckIndex);
          expect(next.status === "playing").toBe(next.currentPlayer !== null);
          if (next.status === "won") expect(next.winLine).not.toBeNull();
          if (next.status === "lost") expect(next.remainingPlayers === 0 || next.deckIndex === 40).toBe(true);
          checkView(next);
          log.push({ ...(action as LoggedAction), at: 1000 + step });
          s = next;
        });
        const again = replay(date, size, mode, log, { contentVersion: s.contentVersion });
        if (JSON.stringify(again) !== JSON.stringify(s)) expect(again).toEqual(s);
      }),
      { numRuns: 100 },
    );
  });
});
