import { describe, expect, it } from "vitest";
import { allCards, deckChecks, loadSerpentDecks, serpentDeckContentSet } from "./index";
import { CardType, ConsequenceType, DeckType, type GameDeck } from "./schema";

const failing = (decks: GameDeck[]) =>
  deckChecks(decks)
    .filter((c) => !c.ok)
    .map((c) => c.name);

/** A deep copy, so a test can break it without touching the cached decks. */
const copy = (): GameDeck[] => structuredClone(loadSerpentDecks());

function firstOfType(decks: GameDeck[], type: number) {
  for (const d of decks) for (const c of d.cards) if (c.type === type) return c;
  throw new Error(`no card of type ${type}`);
}

describe("SerpentRace deck content set", () => {
  it("meets every minimum and passes every check", () => {
    for (const c of serpentDeckContentSet.counts()) expect(c.value, c.label).toBeGreaterThanOrEqual(c.min);
    for (const c of serpentDeckContentSet.checks()) expect(c.ok, `${c.name}: ${c.detail}`).toBe(true);
  });

  it("has all four deck types and all seven card types", () => {
    const decks = loadSerpentDecks();
    expect(new Set(decks.map((d) => d.decktype))).toEqual(new Set(Object.values(DeckType)));
    expect(new Set(allCards().map((c) => c.type))).toEqual(new Set(Object.values(CardType)));
  });

  it("uses every consequence type the document defines", () => {
    const used = new Set(allCards().flatMap((c) => (c.type === CardType.LUCK ? [c.consequence.type] : [])));
    expect(used).toEqual(new Set(Object.values(ConsequenceType)));
  });

  it("luck card texts agree with their consequence", () => {
    for (const c of allCards()) {
      if (c.type !== CardType.LUCK) continue;
      const { type, value = 1 } = c.consequence;
      const text = c.question.toLowerCase();
      if (type === ConsequenceType.MOVE_FORWARD) expect(text, c.cardid).toContain(`forward ${value}`);
      if (type === ConsequenceType.MOVE_BACKWARD) expect(text, c.cardid).toContain(`back ${value}`);
      if (type === ConsequenceType.LOSE_TURN)
        expect(text, c.cardid).toMatch(value === 1 ? /miss your next turn/ : `next ${value} turns`);
      if (type === ConsequenceType.EXTRA_TURN) expect(text, c.cardid).toContain(`${value} extra turn`);
      if (type === ConsequenceType.GO_TO_START) expect(text, c.cardid).toContain("start");
    }
  });

  it("never shows a legacy sentence in its own question", () => {
    let legacy = 0;
    for (const c of allCards()) {
      if (c.type !== CardType.SENTENCE_PAIRING || typeof c.answer !== "string") continue;
      legacy++;
      expect(c.question.toLowerCase(), c.cardid).not.toContain(c.answer.toLowerCase());
      expect(c.answer.split(" ").length, c.cardid).toBeGreaterThanOrEqual(3);
    }
    expect(legacy).toBeGreaterThanOrEqual(6);
  });
});

describe("SerpentRace deck checks catch broken data", () => {
  it("a QUIZ with two correct options", () => {
    const d = copy();
    const q = firstOfType(d, CardType.QUIZ);
    if (q.type !== CardType.QUIZ) throw new Error("unreachable");
    for (const o of q.answer) o.correct = true;
    expect(failing(d)).toContain("QUIZ: four options A-D, exactly one correct");
  });

  it("a duplicate card id", () => {
    const d = copy();
    d[1]!.cards[0]!.cardid = d[0]!.cards[0]!.cardid;
    expect(failing(d)).toContain("unique deck and card ids");
  });

  it("a pairing card with a repeated right part", () => {
    const d = copy();
    const p = allCards(d).find((c) => c.type === CardType.SENTENCE_PAIRING && Array.isArray(c.answer));
    if (p?.type !== CardType.SENTENCE_PAIRING || typeof p.answer === "string") throw new Error("no pairs card");
    p.answer[1]!.right = ` ${p.answer[0]!.right.toUpperCase()}`;
    expect(failing(d)).toContain("SENTENCE_PAIRING: pairs and sentences well formed");
  });

  it("a CLOSER percent out of range", () => {
    const d = copy();
    const c = firstOfType(d, CardType.CLOSER);
    if (c.type !== CardType.CLOSER) throw new Error("unreachable");
    c.answer.percent = 0;
    expect(failing(d)).toContain("CLOSER: percent in (0, 100]");
  });

  it("a missing consequence type", () => {
    const d = copy().map((deck) => ({
      ...deck,
      cards: deck.cards.filter((c) => c.type !== CardType.LUCK || c.consequence.type !== ConsequenceType.GO_TO_START),
    }));
    expect(failing(d)).toContain("every luck consequence type appears");
  });

  it("a question card in the luck deck", () => {
    const d = copy();
    const luckDeck = d.find((x) => x.decktype === DeckType.LUCK)!;
    luckDeck.cards.push(firstOfType(d, CardType.TRUE_FALSE));
    expect(failing(d)).toContain("each deck holds only the card types its field draws");
  });
});
