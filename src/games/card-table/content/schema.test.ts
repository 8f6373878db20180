import { describe, expect, it } from "vitest";
import { BlackCard, CahPack, Card, CardPack, countBlanks, malformedBlanks, WhiteCard } from "./schema";

const black = (text: string, pick: number, blanks: number) => ({
  id: "t-b-001",
  type: "black",
  properties: { text, pick, blanks },
});

describe("blank counting", () => {
  it("counts each run of underscores once", () => {
    expect(countBlanks("No blanks here.")).toBe(0);
    expect(countBlanks("_____ and _____.")).toBe(2);
    expect(countBlanks("_ then ___")).toBe(2);
  });

  it("reports runs that are not exactly five underscores", () => {
    expect(malformedBlanks("_____ fine, ______ not, __ not")).toEqual(["______", "__"]);
    expect(malformedBlanks("_____ and _____")).toEqual([]);
  });
});

describe("BlackCard", () => {
  it("accepts a plain question with pick 1 and no blanks", () => {
    expect(BlackCard.safeParse(black("What is under the bed?", 1, 0)).success).toBe(true);
  });

  it("accepts pick 3 with no blanks and pick 2 with one blank", () => {
    expect(BlackCard.safeParse(black("Name three snacks.", 3, 0)).success).toBe(true);
    expect(BlackCard.safeParse(black("Our mascot is _____. Its motto:", 2, 1)).success).toBe(true);
  });

  it("rejects a blanks count that disagrees with the text", () => {
    const r = BlackCard.safeParse(black("_____ and _____.", 2, 1));
    expect(r.success).toBe(false);
    expect(r.error?.issues.some((i) => i.path.join(".") === "properties.blanks")).toBe(true);
  });

  it("rejects blank markers that are not five underscores", () => {
    const r = BlackCard.safeParse(black("I like ______.", 1, 1));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/five underscores/);
  });

  it("rejects pick outside 1-3 and pick below blanks", () => {
    expect(BlackCard.safeParse(black("Four things.", 4, 0)).success).toBe(false);
    expect(BlackCard.safeParse(black("Nothing.", 0, 0)).success).toBe(false);
    expect(BlackCard.safeParse(black("_____ with _____.", 1, 2)).success).toBe(false);
  });

  it("requires pick and blanks on a black card", () => {
    expect(BlackCard.safeParse({ id: "t-b-001", type: "black", properties: { text: "Why?" } }).success).toBe(false);
  });
});

describe("WhiteCard and Card", () => {
  it("keeps extra property keys for game-specific use", () => {
    const parsed = Card.parse({ id: "x-1", type: "action", properties: { text: "Skip", colour: "red", power: 3 } });
    expect(parsed.properties).toEqual({ text: "Skip", colour: "red", power: 3 });
  });

  it("refuses prompt fields on an answer card", () => {
    expect(WhiteCard.safeParse({ id: "w-1", type: "white", properties: { text: "A hat.", pick: 1 } }).success).toBe(
      false,
    );
  });

  it("takes any non-empty id, as the document's `id: string` allows, and refuses an empty one", () => {
    expect(Card.safeParse({ id: "Base W 1 · ünïcode", type: "white", properties: {} }).success).toBe(true);
    expect(Card.safeParse({ id: "", type: "white", properties: {} }).success).toBe(false);
    expect(Card.safeParse({ id: "x".repeat(201), type: "white", properties: {} }).success).toBe(false);
  });
});

describe("CardPack", () => {
  const white = { id: "p-w-001", type: "white", properties: { text: "A hat." } };

  it("accepts any deck type, checking CAH decks by their rules", () => {
    const ok = {
      id: "p",
      name: "P",
      official: false,
      cards: { white: [white], dice: [{ id: "d-1", type: "dice", properties: {} }] },
    };
    expect(CardPack.safeParse(ok).success).toBe(true);
    const badBlack = { ...ok, cards: { black: [black("_____ or _____?", 1, 2)] } };
    const r = CardPack.safeParse(badBlack);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["cards", "black", 0, "properties", "pick"]);
  });

  it("rejects a card filed under a deck of another type", () => {
    const r = CardPack.safeParse({ id: "p", name: "P", official: false, cards: { black: [white] } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/type "white" in the "black" deck/);
  });

  it("CahPack needs both a white and a black deck", () => {
    expect(CahPack.safeParse({ id: "p", name: "P", official: false, cards: { white: [white] } }).success).toBe(false);
    expect(
      CahPack.safeParse({ id: "p", name: "P", official: false, cards: { white: [white], black: [] } }).success,
    ).toBe(true);
  });
});
