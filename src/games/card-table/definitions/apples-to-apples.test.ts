import { describe, expect, it } from "vitest";
import { EVERYDAY_THINGS, loadDeckPacks } from "../content/decks";
import type { CardTableState } from "../state";
import { playBots } from "../test-bots";

const GAMES = 100;
/** The shipped qualities and things, sent with the table: the test rules have no shipped packs of their own. */
const packs = loadDeckPacks().filter((p) => p.id === EVERYDAY_THINGS);
const qualities = new Set(packs[0]!.cards.quality!.map((c) => c.id));
const things = new Set(packs[0]!.cards.thing!.map((c) => c.id));

describe("Apples to Apples: CAH's judged rounds with qualities and things, from its definition alone", () => {
  it(`${GAMES} seeded games of bots choosing random legal actions all end; each point is a quality card won`, () => {
    let rounds = 0;
    for (let g = 0; g < GAMES; g++) {
      const variant = ["judgeRotate", "judgeWinner", "judgeRandom"][g % 3] as string;
      const { ended, table } = playBots({
        definition: "apples-to-apples",
        players: 3 + (g % 5),
        seed: `a2a-${g}`,
        packs,
        settings: { activeVariants: g % 4 === 0 ? [variant, "rando"] : [variant], endValue: 4 },
        check: (before: CardTableState) => (after: CardTableState) => {
          if (after.round > before.round) rounds++;
          for (const p of after.players) {
            // Hands hold things only; a player's score is the quality cards they won.
            expect(p.hand.every((c) => things.has(c.id))).toBe(true);
            const won = p.slots.scorePile ?? [];
            expect(won.every((c) => qualities.has(c.id))).toBe(true);
            expect(p.score).toBe(won.length);
          }
        },
      });
      expect(ended, `game ${g} ended`).toBeDefined();
      expect(Math.max(...table.state.players.map((p) => p.score))).toBe(4);
    }
    expect(rounds).toBeGreaterThan(GAMES * 4);
  });
});
