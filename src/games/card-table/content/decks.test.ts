import { describe, expect, it } from "vitest";
import { overlongText } from "../service/text-limits";
import { JOKERS, loadDeckPacks, STANDARD_DECK } from "./decks";
import { SHIPPED_ID } from "./schema";
import { shippedPacks } from "./shipped";

const deck = (id: string) => loadDeckPacks().find((p) => p.id === id)?.cards.standard ?? [];

describe("the shipped standard deck", () => {
  const cards = deck(STANDARD_DECK);
  const props = cards.map((c) => c.properties as Record<string, unknown>);

  it("holds each of the 52 suit and rank pairs once", () => {
    expect(cards).toHaveLength(52);
    const pairs = new Set(props.map((p) => `${p.rank} of ${p.suit}`));
    expect(pairs.size).toBe(52);
    for (const suit of ["clubs", "diamonds", "hearts", "spades"])
      expect(props.filter((p) => p.suit === suit)).toHaveLength(13);
  });

  it("values: pips at face value, court cards 10, aces 1 or 11; order two low, ace high", () => {
    const of = (rank: string) => props.find((p) => p.rank === rank && p.suit === "spades");
    expect(of("7")).toMatchObject({ value: 7, order: 7, color: "black", text: "7♠" });
    for (const r of ["J", "Q", "K"]) expect(of(r)?.value).toBe(10);
    expect(of("K")?.order).toBe(13);
    expect(of("A")).toMatchObject({ value: 1, altValue: 11, order: 14 });
    expect(props.filter((p) => p.altValue !== undefined)).toHaveLength(4);
    expect(props.find((p) => p.suit === "hearts")?.color).toBe("red");
  });

  it("comes with two jokers of the same card type, ranked above the ace", () => {
    const jokers = deck(JOKERS);
    expect(jokers.map((c) => c.properties)).toEqual([
      expect.objectContaining({ rank: "joker", color: "red", value: 0, order: 15 }),
      expect.objectContaining({ rank: "joker", color: "black", value: 0, order: 15 }),
    ]);
    expect(jokers.every((c) => c.type === "standard")).toBe(true);
  });

  it("keeps to the shipped content's rules: unique lower-case ids, within the upload text limits", () => {
    const all = shippedPacks();
    const ids = all.flatMap((p) => [p.id, ...Object.values(p.cards).flatMap((list) => list.map((c) => c.id))]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of loadDeckPacks()) {
      expect(overlongText(p)).toBeNull();
      for (const c of p.cards.standard ?? []) expect(c.id).toMatch(SHIPPED_ID);
    }
  });
});
