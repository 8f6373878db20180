import { describe, expect, it } from "vitest";
import { Table } from "../../../../src/engine/testkit";
import { loadDeckPacks, STANDARD_DECK } from "../../../../src/games/card-table/content/decks";
import type { CardTableState } from "../../../../src/games/card-table/state";
import { join, rules } from "../../../../src/games/card-table/test-table";
import { actionLabel, cardText, sortLegal, varName, varValue, withChoice } from "./legal";
import type { GameStateView } from "./wire";

/** Real views of shipped definitions, as the server sends them after a join (with the definition). */
const packs = loadDeckPacks().filter((p) => p.id === STANDARD_DECK);
function table(definition: string, players: number, seed: string) {
  const t = new Table<CardTableState>(rules, { options: { definition, settings: {}, packs }, seed });
  for (let i = 1; i <= players; i++) join(t, i);
  t.must("P1", { type: "startGame" });
  const view = (seat: string) => (t.rules.view(t.state, seat, t.now, "full") as { state: GameStateView }).state;
  return { t, view };
}

describe("the generic table screen's reading of a view", () => {
  it("names actions by the phase's labels, and fills in a bet from its range", () => {
    const { t, view } = table("blackjack", 2, "screen-bj");
    const me = t.state.roles.turn as string;
    const [bet] = view(me).legalActions;
    expect(actionLabel(view(me), bet!)).toBe("Bet");
    expect(bet).toMatchObject({ range: { min: 1, max: 10 } });
    expect(withChoice(bet!, 4)).toEqual({ type: "nextTurn", choice: 4 });
    t.must(me, withChoice(bet!, 4));
    while (t.state.currentPhase === "BET") t.must(t.state.roles.turn as string, { type: "nextTurn", choice: 1 });
    const now = t.state.roles.turn as string;
    const labels = view(now).legalActions.map((a) => actionLabel(view(now), a));
    // Hit is offered under 21 only (a two-card 21 stands).
    expect(labels.filter((l) => l !== "Hit")).toEqual(["Stand"]);
  });

  it("groups the cards a seat may play, with the choices an eight carries", () => {
    for (let g = 0; g < 40; g++) {
      const { t, view } = table("crazy-eights", 2, `screen-c8-${g}`);
      const me = t.state.roles.turn as string;
      const v = view(me);
      const { byCard, other } = sortLegal(v.legalActions);
      const eight = v.players.find((p) => p.id === me)?.hand.find((c) => c.properties.rank === "8");
      if (!eight || !byCard.has(eight.id)) continue;
      expect(byCard.get(eight.id)).toEqual([
        {
          type: "play",
          cardId: eight.id,
          fromZone: "hand",
          toSlot: "pile",
          field: "choice",
          choices: ["clubs", "diamonds", "hearts", "spades"],
        },
      ]);
      expect(other.map((a) => a.type)).toEqual([]);
      expect(withChoice(byCard.get(eight.id)![0]!, "hearts")).toMatchObject({ cardId: eight.id, choice: "hearts" });
      expect(actionLabel(v, byCard.get(eight.id)![0]!, true)).toBe("Play to pile");
      return;
    }
    expect.fail("no seed dealt the first player a playable eight");
  });

  it("reads variables and cards as people do", () => {
    const { t, view } = table("oh-hell", 3, "screen-oh");
    const v = view("P1");
    expect(varName("turnTotal")).toBe("turn total");
    expect(varValue(t.state.vocab?.vars.leader, v.players)).toMatch(/^Player [123]$/);
    expect(varValue(null, v.players)).toBeNull();
    const mine = v.players.find((p) => p.id === "P1")!.hand[0]!;
    expect(cardText(mine)).toMatch(/^(10|[2-9JQKA])[♣♦♥♠]$/);
    // Another seat's cards come face down: no text at all.
    expect(cardText({ id: "hidden", type: "standard", properties: {} })).toBeNull();
  });
});
