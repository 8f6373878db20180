import { describe, expect, it } from "vitest";
import { black, player, submitView, white } from "./test-views";
import type { GameStateView } from "./wire";

/** The fixture's table as a judged one (its definition names the judging slots). */
const judged = (v: GameStateView): GameStateView => ({
  ...v,
  definition: {
    ...v.definition,
    judging: {
      promptDeck: "black",
      answerDeck: "white",
      promptSlot: "prompt",
      submissionSlot: "submission",
      scoreSlot: "scorePile",
    },
  },
});

import { cardWords, vetoableCards } from "./vetoes";

describe("the lead's veto panel (Decisions D18)", () => {
  it("offers the lead the prompt, the revealed answers and their own hand, once each", () => {
    const base = submitView();
    const v = judged({
      ...submitView({
        you: "P1",
        currentPhase: "JUDGE",
        players: base.players.map((p) => (p.id === "P1" ? { ...p, hand: [white(8), white(9)] } : { ...p, hand: [] })),
        globalSlots: { prompt: [black("Why _____?")] },
      }),
    });
    v.roundState = {
      ...v.roundState,
      anonymized: [
        { index: 1, cards: [white(3)] },
        { index: 2, cards: [], withdrawn: true },
        { index: 3, cards: [white(8)] },
      ],
    };
    expect(vetoableCards(v).map((x) => [x.card.id, x.where])).toEqual([
      ["b-1", "prompt"],
      ["w-3", "answer"],
      ["w-8", "answer"],
      ["w-9", "hand"],
    ]);
  });

  it("offers nothing to anyone but the lead", () => {
    expect(vetoableCards(judged(submitView()))).toEqual([]);
    expect(vetoableCards(judged(submitView({ you: null, players: [player("P1", "Ada")] })))).toEqual([]);
    // A table without judged rounds has no veto.
    expect(vetoableCards(submitView({ you: "P1" }))).toEqual([]);
  });

  it("names a blank card for what it is", () => {
    expect(cardWords({ properties: { text: "" } })).toBe("(a blank card)");
    expect(cardWords(white(2))).toBe("Answer 2.");
  });
});
