import { describe, expect, it } from "vitest";
import type { Table } from "../../../engine/testkit";
import type { Card } from "../content/schema";
import type { CardTableState } from "../state";
import { playBots } from "../test-bots";
import { definitionTable, standardDeck, stateView } from "../test-table";

const GAMES = 200;
const packs = standardDeck();
const blackjack = (players: number, seed: string) => definitionTable("blackjack", players, seed, { packs });

/** A hand's best total, written here without the definition: aces 11 while that stays at 21 or under. */
function total(cards: readonly Card[]): number {
  let n = cards.reduce((sum, c) => sum + (c.properties.value as number), 0);
  for (const c of cards) if (c.properties.rank === "A" && n + 10 <= 21) n += 10;
  return n;
}
const natural = (cards: readonly Card[]) => cards.length === 2 && total(cards) === 21;

/** What a settled hand pays a bet, by the casino's rules as the definition's description states them. */
function payout(hand: readonly Card[], dealer: readonly Card[], bet: number): number {
  const mine = total(hand);
  const theirs = total(dealer);
  if (mine > 21) return -bet;
  if (natural(hand) && !natural(dealer)) return Math.floor((3 * bet) / 2);
  if (natural(dealer) && !natural(hand)) return -bet;
  if (theirs > 21 || mine > theirs) return bet;
  return mine === theirs ? 0 : -bet;
}

/** Everyone bets `amount` in turn. */
function betAll(t: Table<CardTableState>, amount: number) {
  while (t.state.currentPhase === "BET") t.must(t.state.roles.turn as string, { type: "nextTurn", choice: amount });
}

describe("Blackjack: a dealer, a hole card and bets, from its definition alone", () => {
  it("everyone starts with 100 chips and bets 1 to 10 in turn; a bet outside that is refused", () => {
    const t = blackjack(2, "bj-bets");
    expect(t.state.players.map((p) => p.score)).toEqual([100, 100]);
    expect(t.state.currentPhase).toBe("BET");
    const me = t.state.roles.turn as string;
    expect(stateView(t, me).legalActions).toEqual([{ type: "nextTurn", field: "choice", range: { min: 1, max: 10 } }]);
    expect(t.refused(me, { type: "nextTurn", choice: 11 })).toBe("bad_choice");
    expect(t.refused(me, { type: "nextTurn" })).toBe("bad_choice");
    t.must(me, { type: "nextTurn", choice: 7 });
    expect(t.state.vocab?.playerVars[me]?.bet).toBe(7);
  });

  it("deals two cards each, one dealer card face up and the hole card face down to every seat", () => {
    const t = blackjack(3, "bj-deal");
    betAll(t, 5);
    expect(t.state.currentPhase).toBe("PLAY");
    expect(t.state.players.map((p) => p.hand.length)).toEqual([3, 3, 3].map(() => 2));
    const hole = t.state.globalSlots.hole?.[0] as Card;
    expect(t.state.globalSlots.dealer).toHaveLength(1);
    for (const seat of ["P1", "P2", "P3"]) {
      const v = stateView(t, seat);
      expect(v.globalSlots.dealer).toEqual(t.state.globalSlots.dealer);
      expect(v.globalSlots.hole).toHaveLength(1);
      expect(JSON.stringify(v)).not.toContain(`"${hole.id}"`);
    }
  });

  it("hitting is offered under 21 only; standing passes the turn; the dealer then reveals and draws to 17", () => {
    for (let g = 0; g < 40; g++) {
      const t = blackjack(1, `bj-play-${g}`);
      betAll(t, 10);
      const hand = () => t.state.players[0]?.hand ?? [];
      const offered = () => stateView(t, "P1").legalActions.map((a) => a.type);
      if (total(hand()) >= 21) continue;
      expect(offered()).toEqual(["draw", "nextTurn"]);
      t.must("P1", { type: "draw", deckId: "shoe", count: 1, toZone: "hand" });
      if (total(hand()) > 21) expect(t.state.currentPhase).toBe("RESULT");
      else {
        t.must("P1", { type: "nextTurn" });
        const dealer = t.state.globalSlots.dealer ?? [];
        expect(total(dealer)).toBeGreaterThanOrEqual(17);
        // The dealer stopped at the first total of 17 or more.
        expect(total(dealer.slice(0, -1))).toBeLessThan(dealer.length > 2 ? 17 : 99);
      }
      expect(t.state.globalSlots.hole).toEqual([]);
      expect(t.state.players[0]?.score).toBe(100 + payout(hand(), t.state.globalSlots.dealer ?? [], 10));
      return;
    }
    expect.fail("no seed left the player under 21 after the deal");
  });

  it(`${GAMES} seeded games of bots choosing random legal actions all end; every hand pays what the rules say`, () => {
    let hands = 0;
    let naturals = 0;
    for (let g = 0; g < GAMES; g++) {
      const players = 1 + (g % 6);
      const { ended, table } = playBots({
        definition: "blackjack",
        players,
        seed: `bj-${g}`,
        packs,
        check: (before) => (after) => {
          if (after.round === before.round) return;
          hands++;
          const dealer = after.globalSlots.dealer ?? [];
          const standing = after.players.some((p) => total(p.hand) <= 21);
          expect(total(dealer) >= 17 || !standing, "the dealer draws to 17 while someone stands").toBe(true);
          for (const [i, p] of after.players.entries()) {
            const bet = before.vocab?.playerVars[p.id]?.bet as number;
            if (natural(p.hand)) naturals++;
            expect(p.score - (before.players[i]?.score ?? 0)).toBe(payout(p.hand, dealer, bet));
            expect(p.score).toBeGreaterThanOrEqual(0);
          }
        },
      });
      expect(ended, `game ${g} ended`).toBeDefined();
      expect(table.state.round).toBeGreaterThan(1);
    }
    expect(hands).toBeGreaterThan(GAMES * 3);
    expect(naturals).toBeGreaterThan(0);
  });
});
