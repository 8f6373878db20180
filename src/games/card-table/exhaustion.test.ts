import { describe, expect, it } from "vitest";
import { testPack } from "./test-packs";
import { cahTable, judge, playRound, seat } from "./test-table";
import { everyCard } from "./zones";

const cardsIn = (t: ReturnType<typeof cahTable>) => everyCard(t.state).reduce((n, p) => n + p.cards.length, 0);

describe("Card Exhaustion", () => {
  it("an empty draw deck takes the shuffled discard pile", () => {
    const t = cahTable({ players: 4, packs: [testPack({ whites: 30 })] });
    expect(t.state.decks.white?.cards).toHaveLength(2);
    playRound(t);
    // Three answers were discarded; refilling took the two left and then the reshuffled discards.
    expect(t.state.players.every((p) => p.hand.length === 7)).toBe(true);
    expect(t.state.decks.white?.cards.length).toBe(2);
    expect(t.state.decks.white?.discardPile).toHaveLength(0);
    expect(cardsIn(t)).toBe(t.state.cardCount);
  });

  it("both empty (no prompt left to draw): the game ends", () => {
    const t = cahTable({ players: 3, packs: [testPack({ blacks: 2 })], settings: { endValue: 10 } });
    playRound(t);
    playRound(t);
    expect(t.state.status).toBe("ended");
    expect(t.state.currentPhase).toBe("END");
    expect(t.state.history.at(-1)).toMatchObject({ type: "gameEnded" });
  });

  it("both empty, with onExhausted: pause — the game pauses and can only be ended", () => {
    const t = cahTable({
      players: 3,
      packs: [testPack({ blacks: 1 })],
      settings: { endValue: 10, onExhausted: "pause" },
    });
    playRound(t);
    expect(t.state.status).toBe("paused");
    expect(t.state.pause?.reason).toBe("exhausted");
    expect(t.refused(seat(1), { type: "resumeGame" })).toBe("deck_exhausted");
    t.must(seat(1), { type: "endGame" });
    expect(t.state.status).toBe("ended");
  });

  it("no answers left for anyone but the judge: the game ends", () => {
    for (let i = 0; i < 50; i++) {
      const t = cahTable({ players: 3, packs: [testPack({ whites: 1 })], seed: `one-white-${i}` });
      const holder = t.state.players.find((p) => p.hand.length === 1)?.id;
      if (holder !== judge(t)) continue;
      t.must(holder, { type: "draw", deckId: "black", count: 1, toZone: "prompt" });
      expect(t.state.status).toBe("ended");
      return;
    }
    throw new Error("no seed dealt the only answer to the judge");
  });

  it("short hands still play: a player with too few cards is simply not expected to answer", () => {
    for (let i = 0; i < 50; i++) {
      const t = cahTable({ players: 3, packs: [testPack({ whites: 1 })], seed: `one-white-${i}` });
      const holder = t.state.players.find((p) => p.hand.length === 1)?.id as string;
      if (holder === judge(t)) continue;
      t.must(judge(t), { type: "draw", deckId: "black", count: 1, toZone: "prompt" });
      t.must(holder, {
        type: "play",
        cardId: t.state.players.find((p) => p.id === holder)?.hand[0]?.id,
        fromZone: "hand",
        toSlot: "submission",
      });
      expect(t.state.currentPhase).toBe("JUDGE");
      expect(t.state.roundState.shuffledOrder).toHaveLength(1);
      return;
    }
    throw new Error("no seed dealt the only answer to a player");
  });
});
