import { readdirSync, readFileSync } from "node:fs";
import { join as joinPath } from "node:path";
import { describe, expect, it } from "vitest";
import type { Table } from "../../../engine/testkit";
import type { Card } from "../content/schema";
import type { LegalAction } from "../legal-actions";
import type { CardTableState } from "../state";
import { playBots } from "../test-bots";
import { definitionTable, standardDeck, stateView } from "../test-table";

const GAMES = 200;
const packs = standardDeck();
const eights = (players: number, seed: string, settings: Record<string, unknown> = {}) =>
  definitionTable("crazy-eights", players, seed, { settings, packs });
const hand = (t: Table<CardTableState>, seat: string) => t.state.players.find((p) => p.id === seat)?.hand ?? [];
const top = (t: Table<CardTableState>) => t.state.globalSlots.pile?.at(-1) as Card;
const suit = (t: Table<CardTableState>) => t.state.vocab?.vars.suit ?? top(t).properties.suit;
const matches = (t: Table<CardTableState>, c: Card) =>
  c.properties.rank === "8" || c.properties.suit === suit(t) || c.properties.rank === top(t).properties.rank;

/** Points left in a hand: eights 50, the rest their value (court cards 10, aces 1). */
const points = (cards: readonly Card[]) =>
  cards.reduce((n, c) => n + (c.properties.rank === "8" ? 50 : (c.properties.value as number)), 0);

describe("Crazy Eights: a shedding game from its definition alone", () => {
  it("deals from the shipped standard deck: seven each for two players, five for more, one card face up", () => {
    const two = eights(2, "c8-deal-2");
    expect(two.state.players.map((p) => p.hand.length)).toEqual([7, 7]);
    const four = eights(4, "c8-deal-4");
    expect(four.state.players.map((p) => p.hand.length)).toEqual([5, 5, 5, 5]);
    expect(four.state.globalSlots.pile).toHaveLength(1);
    expect(four.state.decks.stock?.cards).toHaveLength(52 - 20 - 1);
    expect(four.state.vocab?.vars.suit).toBe(top(four).properties.suit);
  });

  it("lists exactly the matching cards, eights with the four suits to name; drawing only without one", () => {
    for (let g = 0; g < 20; g++) {
      const t = eights(3, `c8-legal-${g}`);
      const me = t.state.roles.turn as string;
      const legal = stateView(t, me).legalActions;
      const playable = hand(t, me).filter((c) => matches(t, c));
      const plays = legal.filter((a) => a.type === "play") as Extract<LegalAction, { type: "play" }>[];
      expect(plays.map((a) => a.cardId).sort()).toEqual(playable.map((c) => c.id).sort());
      for (const a of plays) {
        const eight = hand(t, me).find((c) => c.id === a.cardId)?.properties.rank === "8";
        if (eight) expect(a).toMatchObject({ field: "choice", choices: ["clubs", "diamonds", "hearts", "spades"] });
        else expect(a.field).toBeUndefined();
      }
      const draws = legal.filter((a) => a.type === "draw");
      expect(draws).toEqual(playable.length === 0 ? [{ type: "draw", deckId: "stock", count: 1, toZone: "hand" }] : []);
      const stranger = hand(t, me).find((c) => !matches(t, c));
      if (stranger)
        expect(t.refused(me, { type: "play", cardId: stranger.id, fromZone: "hand", toSlot: "pile" })).toBe(
          "illegal_move",
        );
    }
  });

  it("an eight names the next suit; it must carry a suit, and only one of the four", () => {
    for (let g = 0; g < 60; g++) {
      const t = eights(2, `c8-eight-${g}`);
      const me = t.state.roles.turn as string;
      const eight = hand(t, me).find((c) => c.properties.rank === "8");
      if (!eight) continue;
      const play = { type: "play", cardId: eight.id, fromZone: "hand", toSlot: "pile" };
      expect(t.refused(me, play)).toBe("bad_choice");
      expect(t.refused(me, { ...play, choice: "stars" })).toBe("bad_choice");
      t.must(me, { ...play, choice: "hearts" });
      expect(t.state.vocab?.vars.suit).toBe("hearts");
      expect(t.state.roles.turn).not.toBe(me);
      return;
    }
    expect.fail("no seed dealt an eight to the first player");
  });

  it("other seats see how many cards a hand holds, never which", () => {
    const t = eights(3, "c8-secret");
    const v = stateView(t, "P2");
    const p1 = v.players.find((p) => p.id === "P1");
    expect(p1?.hand).toEqual([]);
    expect(p1?.handCount).toBe(5);
    expect(v.decks.stock).toMatchObject({ cards: [], count: 52 - 16 });
  });

  it("every seat sees the suit in force, none the count of passes the rules keep", () => {
    const t = eights(3, "c8-passes");
    expect(t.state.vocab?.vars.passes).toBe(0);
    for (const seat of ["P1", "P2"]) expect(stateView(t, seat).vars).toEqual({ suit: top(t).properties.suit });
  });

  it(`${GAMES} seeded games of bots choosing random legal actions all end; going out scores the cards left in the other hands`, () => {
    let hands = 0;
    for (let g = 0; g < GAMES; g++) {
      const players = 2 + (g % 5);
      const { table, ended, moves } = playBots({
        definition: "crazy-eights",
        packs,
        players,
        seed: `c8-${g}`,
        // Mostly one hand (a round limit of 1); every 25th game to the default 100 points.
        settings: g % 25 === 0 ? {} : { endCondition: "rounds", endValue: 1 },
        check: (before, seat, action) => {
          const scores = before.players.map((p) => p.score);
          const me = before.players.find((p) => p.id === seat);
          const goingOut = action.type === "play" && me?.hand.length === 1;
          const gain = goingOut ? points(before.players.filter((p) => p.id !== seat).flatMap((p) => p.hand)) : 0;
          return (after) => {
            after.players.forEach((p, i) => {
              expect(p.score - (scores[i] as number)).toBe(p.id === seat ? gain : 0);
            });
            if (goingOut) hands++;
          };
        },
      });
      expect(table.state.status, `game ${g} after ${moves} moves`).toBe("ended");
      expect((ended as { finalScores: Record<string, number> }).finalScores).toEqual(
        Object.fromEntries(table.state.players.map((p) => [p.id, p.score])),
      );
    }
    // Every game went out at least once (a hand can also end blocked, everyone passing).
    expect(hands).toBeGreaterThan(GAMES * 0.9);
  });
});

describe("Pig, Crazy Eights, Blackjack and Oh Hell need no code", () => {
  it("nothing in the engine names any of them, their dice, variables, slots or phases", () => {
    const dir = joinPath(import.meta.dirname, "..");
    const sources = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("definitions") && !f.includes("test-"),
    );
    expect(sources.length).toBeGreaterThan(20);
    for (const f of sources) {
      const text = readFileSync(joinPath(dir, f), "utf8");
      for (const word of [
        '"pig"',
        "Pig",
        "crazy-eights",
        "Crazy Eights",
        "turnTotal",
        "HAND_END",
        "canPlay",
        "blackjack",
        "Blackjack",
        "dealerTotal",
        '"hole"',
      ])
        expect(`${f}: ${text.includes(word)}`).toBe(`${f}: false`);
    }
  });
});
