import { describe, expect, it } from "vitest";
import { blackCard, testPack } from "./test-packs";
import { cahTable, definitionTable, drawPrompt, indexOf, judge, player, stateView, submitAll } from "./test-table";
import { everyCard } from "./zones";

type T = ReturnType<typeof cahTable>;
const cardsIn = (t: T) => everyCard(t.state).reduce((n, z) => n + z.cards.length, 0);
const veto = (t: T, cardId: string, from = "P1") => t.must(from, { type: "vetoCard", cardId });
/** Everything sent since message `from`, as one string, to look for what must not be there. */
const sentSince = (t: T, from: number) => JSON.stringify(t.sent.slice(from));
const answerer = (t: T) => t.state.turnOrder.find((id) => id !== judge(t) && id !== "P1") as string;

describe("the lead's card veto (docs/games/card-table.md, Decisions D18)", () => {
  it("takes a card from the lead's hand out of play, deals a fresh one, and says what it was", () => {
    const t = cahTable({ players: 4 });
    const card = player(t, "P1").hand[2]!;
    const handSize = player(t, "P1").hand.length;
    const from = t.sent.length;
    veto(t, card.id);
    expect(player(t, "P1").hand).toHaveLength(handSize);
    expect(player(t, "P1").hand.map((c) => c.id)).not.toContain(card.id);
    expect(t.state.vetoed?.map((c) => c.id)).toEqual([card.id]);
    expect(cardsIn(t)).toBe(t.state.cardCount);
    for (const seatId of ["P2", "P3", null])
      expect(stateView(t, seatId).vetoed).toEqual([{ id: card.id, type: "white", text: card.properties.text }]);
    // Everyone hears what, nobody hears whose (no seat, no draw event).
    expect(t.ofType("event").slice(-1)).toEqual([
      { type: "event", event: { type: "cardVetoed", cardId: card.id, text: card.properties.text } },
    ]);
    expect(sentSince(t, from)).not.toContain("cardDrawn");
  });

  it("swaps a card in another seat's hand silently: no count changes and no event names the holder", () => {
    const t = cahTable({ players: 4 });
    const card = player(t, "P3").hand[0]!;
    const counts = stateView(t, "P2").players.map((p) => p.handCount);
    const from = t.sent.length;
    veto(t, card.id);
    expect(stateView(t, "P2").players.map((p) => p.handCount)).toEqual(counts);
    expect(player(t, "P3").hand.map((c) => c.id)).not.toContain(card.id);
    expect(sentSince(t, from)).not.toContain('"P3"');
    expect(cardsIn(t)).toBe(t.state.cardCount);
  });

  it("replaces the prompt with one asking for as many answers", () => {
    const pack = testPack({ blacks: 0 });
    pack.cards.black = [blackCard("b1", 1), blackCard("b2", 2), blackCard("b3", 2), blackCard("b4", 1)];
    const t = cahTable({ players: 4, packs: [pack] });
    drawPrompt(t);
    const prompt = t.state.globalSlots.prompt![0]!;
    const pick = prompt.properties.pick;
    veto(t, prompt.id);
    const now = t.state.globalSlots.prompt![0]!;
    expect(now.id).not.toBe(prompt.id);
    expect(now.properties.pick).toBe(pick);
    expect(t.state.currentPhase).toBe("SUBMIT");
    expect(cardsIn(t)).toBe(t.state.cardCount);
  });

  it("withdraws a revealed answer: never shown, picked or given an author, even once judged", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    submitAll(t);
    const author = answerer(t);
    const index = indexOf(t, author);
    const card = player(t, author).slots.submission![0]!;
    const from = t.sent.length;
    veto(t, card.id);
    const seen = stateView(t, judge(t)).roundState.anonymized![index - 1]!;
    expect(seen).toEqual({ index, cards: [], withdrawn: true });
    expect(t.refused(judge(t), { type: "selectWinner", index })).toBe("answer_withdrawn");
    expect(stateView(t, judge(t)).legalActions.some((a) => a.type === "selectWinner" && a.index === index)).toBe(false);
    // The answer's slot keeps its count (a fresh card took the vetoed one's place).
    expect(stateView(t, "P2").players.find((p) => p.id === author)?.slotCounts.submission).toBe(1);
    const other = t.state.roundState.shuffledOrder!.find((e) => e.playerId !== author)!.playerId;
    t.must(judge(t), { type: "selectWinner", index: indexOf(t, other) });
    const last = t.state.lastRound!.submissions.find((e) => e.index === index);
    expect(last).toEqual({ index, cards: [], withdrawn: true });
    expect(sentSince(t, from)).not.toMatch(new RegExp(`"index":${index},"cards":\\[\\],"playerId"`));
    expect(cardsIn(t)).toBe(t.state.cardCount);
  });

  it("a judge left with only withdrawn answers ends the round without a winner", () => {
    const t = cahTable({ players: 3 });
    drawPrompt(t);
    submitAll(t);
    for (const e of t.state.roundState.shuffledOrder ?? []) veto(t, player(t, e.playerId).slots[e.slot]![0]!.id);
    expect(t.state.lastRound?.winnerId).toBeUndefined();
    expect(t.state.currentPhase).toBe("PROMPT");
  });

  it("an answer vetoed before the reveal is withdrawn when revealed", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    const author = answerer(t);
    const played = player(t, author).hand[0]!;
    t.must(author, { type: "play", cardId: played.id, fromZone: "hand", toSlot: "submission" });
    veto(t, played.id);
    submitAll(t, [author]);
    const index = indexOf(t, author);
    expect(stateView(t, "P4").roundState.anonymized?.[index - 1]).toEqual({ index, cards: [], withdrawn: true });
  });

  it("voting: a withdrawn answer is not placed, and votes for it count for nothing", () => {
    const t = cahTable({ players: 4, settings: { activeVariants: ["voting"], endValue: 50 } });
    submitAll(t);
    const [a, b] = ["P2", "P3"];
    t.must("P1", { type: "selectWinner", index: indexOf(t, a) });
    veto(t, player(t, a).slots.submission![0]!.id);
    expect(t.refused("P4", { type: "selectWinner", index: indexOf(t, a) })).toBe("answer_withdrawn");
    t.must("P2", { type: "selectWinner", index: indexOf(t, b) });
    t.must("P3", { type: "selectWinner", index: indexOf(t, "P4") });
    t.must("P4", { type: "selectWinner", index: indexOf(t, b) });
    const placed = t.state.lastRound?.placings ?? [];
    expect(placed.map((p) => p.playerId)).not.toContain(a);
    expect(player(t, a).score).toBe(0);
    expect(t.state.lastRound?.winnerId).toBe(b);
  });

  it("a vetoed card is never dealt again in the room, rematch included", () => {
    const t = cahTable({ players: 3, settings: { endValue: 1 } });
    const card = player(t, "P1").hand[0]!;
    veto(t, card.id);
    t.must("P1", { type: "endGame" });
    t.must("P1", { type: "setPhase", phaseId: "LOBBY" });
    expect(cardsIn(t)).toBe(t.state.cardCount);
    t.must("P1", { type: "startGame" });
    const ids = everyCard(t.state)
      .filter((z) => z.where !== "vetoed")
      .flatMap((z) => z.cards.map((c) => c.id));
    expect(ids).not.toContain(card.id);
    expect(ids.length + 1).toBe(t.state.cardCount);
    expect(stateView(t, "P2").vetoed?.map((v) => v.id)).toEqual([card.id]);
  });

  it("is the lead's, at judged tables, for cards in play; it is not a listed move", () => {
    const t = cahTable({ players: 4 });
    const card = player(t, "P2").hand[0]!;
    expect(t.refused("P2", { type: "vetoCard", cardId: card.id })).toBe("not_lead");
    expect(t.refused("P1", { type: "vetoCard", cardId: "no-such-card" })).toBe("card_not_found");
    veto(t, card.id);
    expect(t.refused("P1", { type: "vetoCard", cardId: card.id })).toBe("card_not_found");
    expect(stateView(t, "P1").legalActions.some((a) => a.type === "vetoCard")).toBe(false);
    const lobby = cahTable({ players: 3, start: false });
    expect(lobby.refused("P1", { type: "vetoCard", cardId: "x" })).toBe("game_not_started");
    const pig = definitionTable("pig", 2, "veto");
    expect(pig.refused("P1", { type: "vetoCard", cardId: "x" })).toBe("veto_unavailable");
  });
});
