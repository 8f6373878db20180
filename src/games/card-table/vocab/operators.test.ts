import { describe, expect, it } from "vitest";
import { bestTotal, countWhere, endOf, extremeCard, sumOf } from "./operators";

const card = (id: string, properties: Record<string, unknown>) => ({ id, type: "standard", properties });
const ace = (s: string) => card(`a${s}`, { rank: "A", suit: s, value: 1, altValue: 11 });
const face = (r: string, v: number, s = "hearts") => card(`${r}${s}`, { rank: r, suit: s, value: v });

describe("total: card values with aces as 1 or 11", () => {
  it("counts an ace as 11 while the total stays at or under the limit", () => {
    expect(bestTotal([ace("s"), face("K", 10)], 21)).toBe(21);
    expect(bestTotal([ace("s"), face("9", 9)], 21)).toBe(20);
  });
  it("counts an ace as 1 when 11 would bust", () => {
    expect(bestTotal([ace("s"), face("K", 10), face("5", 5)], 21)).toBe(16);
  });
  it("counts at most as many aces high as fit", () => {
    expect(bestTotal([ace("s"), ace("h")], 21)).toBe(12);
    expect(bestTotal([ace("s"), ace("h"), ace("d"), ace("c")], 21)).toBe(14);
  });
  it("without a limit every card counts its value; a bust stays a bust", () => {
    expect(bestTotal([ace("s"), face("K", 10)], undefined)).toBe(11);
    expect(bestTotal([face("K", 10), face("Q", 10), face("5", 5)], 21)).toBe(25);
  });
  it("skips what is not a card", () => {
    expect(bestTotal([null, 3, "x", face("7", 7)], 21)).toBe(7);
    expect(bestTotal("nope", 21)).toBe(0);
  });
});

describe("highest and lowest by an order", () => {
  const hand = [face("9", 9), face("K", 10, "spades"), face("2", 2), card("j", { rank: "joker" })];
  it("by a numeric property: the first of equals wins, cards without it never", () => {
    expect((extremeCard(hand, "value", undefined, "highest") as { id: string }).id).toBe("Kspades");
    expect((extremeCard(hand, "value", undefined, "lowest") as { id: string }).id).toBe("2hearts");
    expect(extremeCard([], "value", undefined, "highest")).toBeNull();
  });
  it("by a listed order of a property's values", () => {
    const order = ["2", "9", "K", "A"];
    expect((extremeCard(hand, "rank", order, "highest") as { id: string }).id).toBe("Kspades");
    expect((extremeCard([ace("s"), ...hand], "rank", order, "highest") as { id: string }).id).toBe("as");
    expect((extremeCard(hand, "rank", order, "lowest") as { id: string }).id).toBe("2hearts");
  });
  it("negative values rank too", () => {
    expect(
      (extremeCard([card("x", { value: -3 }), card("y", { value: -1 })], "value", null, "highest") as { id: string })
        .id,
    ).toBe("y");
  });
});

describe("count, sum, top and bottom", () => {
  const hand = [face("9", 9), face("K", 10, "spades"), face("2", 2)];
  it("count by a property's value, id and type included", () => {
    expect(countWhere(hand, "suit", "hearts")).toBe(2);
    expect(countWhere(hand, "rank", "A")).toBe(0);
    expect(countWhere(hand, "id", "2hearts")).toBe(1);
    expect(countWhere(hand, "type", "standard")).toBe(3);
  });
  it("sum of a property, missing ones counting 0", () => {
    expect(sumOf(hand, "value")).toBe(21);
    expect(sumOf([...hand, card("j", {})], "value")).toBe(21);
  });
  it("top is the last card of a pile, bottom the first", () => {
    expect((endOf(hand, "top") as { id: string }).id).toBe("2hearts");
    expect((endOf(hand, "bottom") as { id: string }).id).toBe("9hearts");
    expect(endOf([], "top")).toBeNull();
  });
});
