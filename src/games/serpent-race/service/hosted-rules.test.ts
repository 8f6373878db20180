import { describe, expect, it } from "vitest";
import { DeckCache } from "./deck-cache";
import { createHostedRules, HostedOptions } from "./hosted-rules";

function cacheWith(ids: string[]) {
  const cache = new DeckCache(10_000_000);
  for (const id of ids) {
    const cards = Array.from({ length: 50 }, (_, c) => ({
      cardid: `${id}-${c}`,
      type: 3 as const,
      question: `Is ${id} card ${c} true?`,
      answer: c % 2 === 0,
    }));
    cache.put({ id, version: 1 }, { deckid: id, decktype: 0, cards }, 1000);
  }
  return cache;
}

const options = (ids: string[], gameId: string) =>
  HostedOptions.parse({ deckRefs: ids.map((id) => ({ id, version: 1 })), maxPlayers: 10, createdBy: "u1", gameId });

describe("hosted SerpentRace rooms", () => {
  const rules = createHostedRules(cacheWith(["a", "b", "c"]));
  const setup = (ids: string[], n: number) =>
    rules.setup({ roomId: `R${n}`, options: options(ids, `g${n}`), seed: `s${n}`, timeScale: 1, now: 0 });

  it("over the same deck versions share one frozen card list", () => {
    const one = setup(["a", "b"], 1);
    const two = setup(["a", "b"], 2);
    expect(one.cards).toHaveLength(100);
    expect(two.cards).toBe(one.cards);
    expect(Object.isFrozen(one.cards)).toBe(true);
  });

  it("over other decks, or the same decks in another order, get their own", () => {
    const one = setup(["a", "b"], 3);
    expect(setup(["a", "c"], 4).cards).not.toBe(one.cards);
    const swapped = setup(["b", "a"], 5).cards;
    expect(swapped).not.toBe(one.cards);
    expect(swapped[0]?.card.cardid).toBe("b-0");
  });

  it("never hand the projector link's key to the rules: no state or view holds it", () => {
    const watchKey = "projector-key-0123456789abcdef";
    const state = rules.setup({
      roomId: "R9",
      options: { ...options(["a"], "g9"), watchKey, loginType: 1 },
      seed: "s9",
      timeScale: 1,
      now: 0,
    });
    expect(JSON.stringify(state)).not.toContain(watchKey);
    for (const seat of ["GM", "P1", null]) expect(JSON.stringify(rules.view(state, seat, 0))).not.toContain(watchKey);
  });
});
