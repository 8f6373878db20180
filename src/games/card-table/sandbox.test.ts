import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Table } from "../../engine/testkit";
import { HIDDEN_CARD } from "./events";
import type { CardTableState } from "./state";
import { sandboxPack } from "./test-packs";
import { join, player, rules } from "./test-table";
import type { GameStateView } from "./view";
import { everyCard } from "./zones";

/** The second game is configuration only: its JSON, read here as any user-made definition would be. */
const definition = JSON.parse(readFileSync(new URL("./definitions/dice-sandbox.json", import.meta.url), "utf8"));

function sandbox(settings: Record<string, unknown> = {}, seed = "sandbox"): Table<CardTableState> {
  const t = new Table<CardTableState>(rules, {
    options: { definition, settings: { packIds: ["numbers"], ...settings }, packs: [sandboxPack()] },
    seed,
  });
  for (let i = 1; i <= 3; i++) join(t, i);
  t.must("P1", { type: "startGame" });
  return t;
}

const turn = (t: Table<CardTableState>) => t.state.roles.turn as string;
const notTurn = (t: Table<CardTableState>) => t.state.turnOrder.find((id) => id !== turn(t)) as string;
const view = (t: Table<CardTableState>, seat: string | null) => (t.view(seat) as { state: GameStateView }).state;

describe("Sandbox Table: a second game from JSON alone", () => {
  it("starts from the definition: deck built, hands dealt, a random first turn", () => {
    const t = sandbox();
    expect(t.state.definitionId).toBe("dice-sandbox");
    expect(t.state.currentPhase).toBe("PLAY");
    expect(t.state.players.every((p) => p.hand.length === 3)).toBe(true);
    expect(t.state.decks.cards?.cards).toHaveLength(30 - 9);
    expect(t.state.history).toContainEqual({ type: "turnChanged", playerId: turn(t) });
  });

  it("rolling the die scores its face for the roller and passes the turn", () => {
    const t = sandbox();
    const me = turn(t);
    expect(t.refused(notTurn(t), { type: "roll", dieId: "d6" })).toBe("not_your_turn");
    expect(t.refused(me, { type: "roll", dieId: "d20" })).toBe("unknown_die");
    t.must(me, { type: "roll", dieId: "d6" });
    const rolled = t.state.history.find((e) => e.type === "dieRolled");
    const face = t.state.dice.d6?.currentFace;
    expect(rolled).toEqual({ type: "dieRolled", dieId: "d6", result: face });
    expect(t.state.dice.d6?.rolledAt).toBe(t.now);
    expect(player(t, me).score).toBe(face?.value);
    expect(turn(t)).not.toBe(me);
    expect(view(t, null).dice.d6?.currentFace).toEqual(face);
  });

  it("plays to the game's end by its points target", () => {
    const t = sandbox();
    for (let i = 0; i < 100 && t.state.status === "playing"; i++) t.must(turn(t), { type: "roll", dieId: "d6" });
    expect(t.state.status).toBe("ended");
    const ended = t.state.history.at(-1);
    expect(ended?.type).toBe("gameEnded");
    const top = Math.max(...t.state.players.map((p) => p.score));
    expect(top).toBeGreaterThanOrEqual(20);
  });

  it("slots follow their definition: capacity, visibility, face up and face down", () => {
    const t = sandbox();
    const me = turn(t);
    const other = notTurn(t);
    t.must(me, { type: "draw", deckId: "cards", count: 2, toZone: "hand" });
    expect(player(t, me).hand).toHaveLength(5);
    const [a, b, c] = player(t, me).hand.map((x) => x.id) as [string, string, string];
    // Public table: everyone sees the card.
    t.must(me, { type: "play", cardId: a, fromZone: "hand", toSlot: "table" });
    expect(view(t, other).globalSlots.table?.map((x) => x.id)).toEqual([a]);
    expect(t.received(other)).toContainEqual({
      type: "event",
      event: { type: "cardPlayed", playerId: me, cardId: a, toSlot: "table" },
    });
    // Owner-only slot: the owner sees it, others do not; the event hides the card from them too.
    t.must(me, { type: "play", cardId: b, fromZone: "hand", toSlot: "secret" });
    expect(
      view(t, me)
        .players.find((p) => p.id === me)
        ?.slots.secret?.map((x) => x.id),
    ).toEqual([b]);
    expect(view(t, other).players.find((p) => p.id === me)?.slots.secret).toEqual([]);
    expect(view(t, other).players.find((p) => p.id === me)?.slotCounts.secret).toBe(1);
    expect(JSON.stringify(t.received(other))).not.toContain(`"${b}"`);
    // Reveal turns a private card face up for all; hide turns a public card face down.
    t.must(me, { type: "reveal", cardId: b });
    expect(
      view(t, other)
        .players.find((p) => p.id === me)
        ?.slots.secret?.map((x) => x.id),
    ).toEqual([b]);
    t.must(me, { type: "hide", cardId: a });
    expect(view(t, other).globalSlots.table?.map((x) => x.id)).toEqual([HIDDEN_CARD]);
    expect(t.refused(me, { type: "reveal", cardId: c })).toBe("card_not_found");
    // A hidden slot shows nobody the cards, only how many.
    t.must(me, { type: "play", cardId: c, fromZone: "hand", toSlot: "vault" });
    expect(view(t, me).globalSlots.vault?.map((x) => x.id)).toEqual([HIDDEN_CARD]);
    // Capacity.
    const secretFull = player(t, me).hand[0]?.id as string;
    t.must(me, { type: "play", cardId: secretFull, fromZone: "hand", toSlot: "secret" });
    const more = player(t, me).hand[0]?.id as string;
    expect(t.refused(me, { type: "play", cardId: more, fromZone: "hand", toSlot: "secret" })).toBe("slot_full");
    t.must(me, { type: "discard", cardId: more, fromZone: "hand" });
    expect(t.state.decks.cards?.discardPile.map((x) => x.id)).toEqual([more]);
    expect(everyCard(t.state).reduce((n, p) => n + p.cards.length, 0)).toBe(30);
  });

  it("the turn holder or the lead passes the turn; only the lead scores by hand", () => {
    const t = sandbox();
    const me = turn(t);
    t.must(me, { type: "nextTurn" });
    expect(turn(t)).not.toBe(me);
    const bystander = t.state.turnOrder.find((id) => id !== turn(t) && id !== "P1");
    if (bystander) expect(t.refused(bystander, { type: "nextTurn" })).toBe("not_permitted");
    const nonLead = t.state.turnOrder.find((id) => id !== "P1") as string;
    expect(t.refused(nonLead, { type: "score", playerId: "P2", delta: 5 })).toBe("not_lead");
    t.must("P1", { type: "score", playerId: "P2", delta: 5 });
    expect(player(t, "P2").score).toBe(5);
    expect(t.state.history.at(-1)).toEqual({ type: "scoreChanged", playerId: "P2", newScore: 5 });
  });

  it("a turn timeout skips the idle player", () => {
    const t = sandbox({ turnTimeout: 15 });
    const me = turn(t);
    t.advance(15_000);
    expect(turn(t)).not.toBe(me);
    const next = turn(t);
    t.advance(15_000);
    expect(turn(t)).not.toBe(next);
  });
});
