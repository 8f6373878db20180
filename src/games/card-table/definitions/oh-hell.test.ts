import { describe, expect, it } from "vitest";
import type { Table } from "../../../engine/testkit";
import type { Card } from "../content/schema";
import type { CardTableState } from "../state";
import { playBots } from "../test-bots";
import { definitionTable, standardDeck, stateView } from "../test-table";

const GAMES = 100;
const packs = standardDeck();
const ohHell = (players: number, seed: string) => definitionTable("oh-hell", players, seed, { packs });
const vars = (s: CardTableState) => s.vocab?.vars ?? {};
const pvar = (s: CardTableState, seat: string, name: string) => s.vocab?.playerVars[seat]?.[name] as number;
const played = (s: CardTableState) =>
  s.players
    .map((p) => ({ seat: p.id, card: p.slots.played?.[0] }))
    .filter((x): x is { seat: string; card: Card } => !!x.card);

/** Who takes a trick, by the rules as the description states them, written without the definition. */
function trickWinner(cards: { seat: string; card: Card }[], trump: unknown, led: unknown): string {
  const rank = (c: Card) => c.properties.order as number;
  const pool = cards.some((x) => x.card.properties.suit === trump)
    ? cards.filter((x) => x.card.properties.suit === trump)
    : cards.filter((x) => x.card.properties.suit === led);
  return pool.reduce((best, x) => (rank(x.card) > rank(best.card) ? x : best)).seat;
}

/** Everyone bids `bid` in turn. */
function bidAll(t: Table<CardTableState>, bid: number) {
  while (t.state.currentPhase === "BID") t.must(t.state.roles.turn as string, { type: "nextTurn", choice: bid });
}

describe("Oh Hell: a trick-taking game from its definition alone", () => {
  it("deals five each, turns up trumps, and takes bids of 0 to 5 in turn", () => {
    const t = ohHell(4, "oh-deal");
    expect(t.state.players.map((p) => p.hand.length)).toEqual([5, 5, 5, 5]);
    const trump = t.state.globalSlots.trump?.[0] as Card;
    expect(vars(t.state).trump).toBe(trump.properties.suit);
    const me = t.state.roles.turn as string;
    expect(stateView(t, me).legalActions).toEqual([{ type: "nextTurn", field: "choice", range: { min: 0, max: 5 } }]);
    expect(t.refused(me, { type: "nextTurn", choice: 6 })).toBe("bad_choice");
    bidAll(t, 1);
    expect(t.state.currentPhase).toBe("TRICK");
    // The first to bid leads the first trick.
    expect(t.state.roles.turn).toBe(me);
  });

  it("a player must follow the suit led when they can, and only then may play anything", () => {
    let checked = 0;
    for (let g = 0; g < 30 && checked < 10; g++) {
      const t = ohHell(3, `oh-follow-${g}`);
      bidAll(t, 0);
      const lead = t.state.roles.turn as string;
      const first = t.state.players.find((p) => p.id === lead)?.hand[0] as Card;
      t.must(lead, { type: "play", cardId: first.id, fromZone: "hand", toSlot: "played" });
      const next = t.state.roles.turn as string;
      const hand = t.state.players.find((p) => p.id === next)?.hand ?? [];
      const follows = hand.filter((c) => c.properties.suit === first.properties.suit);
      const listed = stateView(t, next)
        .legalActions.map((a) => (a as { cardId?: string }).cardId)
        .sort();
      expect(listed).toEqual((follows.length > 0 ? follows : hand).map((c) => c.id).sort());
      const off = hand.find((c) => c.properties.suit !== first.properties.suit);
      if (follows.length > 0 && off) {
        expect(t.refused(next, { type: "play", cardId: off.id, fromZone: "hand", toSlot: "played" })).toBe(
          "illegal_move",
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it(`${GAMES} seeded games of bots choosing random legal actions all end; every trick and hand is scored as the rules say`, () => {
    let tricks = 0;
    let madeBids = 0;
    for (let g = 0; g < GAMES; g++) {
      const { ended } = playBots({
        definition: "oh-hell",
        players: 2 + (g % 5),
        seed: `oh-${g}`,
        packs,
        check: (before) => (after) => {
          // The last card of a trick: the highest trump, else the highest of the suit led, takes it.
          if (before.currentPhase === "TRICK" && after.currentPhase === "TRICK_WON") {
            tricks++;
            const cards = played(after);
            expect(cards).toHaveLength(after.players.length);
            const winner = trickWinner(cards, vars(after).trump, vars(after).led);
            for (const p of after.players)
              expect(pvar(after, p.id, "tricks") - pvar(before, p.id, "tricks")).toBe(p.id === winner ? 1 : 0);
            expect(vars(after).leader).toBe(winner);
          }
          // A hand is over: exactly the bid scores 10 plus the bid, anything else nothing.
          if (after.round > before.round) {
            const taken = before.players.reduce((n, p) => n + pvar(before, p.id, "tricks"), 0);
            expect(taken).toBe(before.settings.handSize);
            for (const [i, p] of after.players.entries()) {
              const bid = pvar(before, p.id, "bid");
              const made = pvar(before, p.id, "tricks") === bid;
              if (made) madeBids++;
              expect(p.score - (before.players[i]?.score ?? 0)).toBe(made ? 10 + bid : 0);
            }
          }
        },
      });
      expect(ended, `game ${g} ended`).toBeDefined();
    }
    expect(tricks).toBe(GAMES * 5 * 5);
    expect(madeBids).toBeGreaterThan(0);
  });
});
