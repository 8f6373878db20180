import { describe, expect, it } from "vitest";
import { seedRng } from "../../engine/rng";
import { Action } from "./actions";
import { withRandomChoice } from "./legal-actions";
import { cahTable, indexOf, judge, player, submitAll } from "./test-table";
import type { GameStateView } from "./view";
import { everyCard } from "./zones";

/** A table whose answer deck is all blank cards, so every hand is blank. */
const blanks = (settings: object = {}) =>
  cahTable({ players: 3, settings: { blankCards: 40, handSize: 3, ...settings } });

type T = ReturnType<typeof blanks>;
const blankOf = (t: T, id: string) => player(t, id).hand.find((c) => c.properties.blank === true);
const playBlank = (t: T, id: string, text?: string) => {
  const card = blankOf(t, id);
  if (!card) throw new Error(`${id} holds no blank card`);
  return {
    type: "play",
    cardId: card.id,
    fromZone: "hand",
    toSlot: "submission",
    ...(text === undefined ? {} : { text }),
  };
};
const answerer = (t: T) => t.state.turnOrder.find((id) => id !== judge(t)) as string;
const drawn = (t: T) => t.must(judge(t), { type: "draw", deckId: "black", count: 1, toZone: "prompt" });

describe("blank cards (docs/games/card-table.md, Decisions D17)", () => {
  it("are shuffled into the answer deck, as many as the table asks", () => {
    const t = blanks({ blankCards: 5 });
    const all = everyCard(t.state).flatMap((p) => p.cards);
    expect(
      all
        .filter((c) => c.properties.blank === true)
        .map((c) => c.id)
        .sort(),
    ).toEqual(["blank-1", "blank-2", "blank-3", "blank-4", "blank-5"]);
    expect(
      everyCard(cahTable({ players: 3 }).state)
        .flatMap((p) => p.cards)
        .some((c) => c.properties.blank),
    ).toBe(false);
  });

  it("take the text their player writes, and show it once revealed", () => {
    const t = blanks();
    drawn(t);
    const me = answerer(t);
    t.must(me, playBlank(t, me, "  a   very\tpatient goose "));
    const played = player(t, me).slots.submission?.[0];
    expect(played?.properties).toMatchObject({ text: "a very patient goose", writeIn: true, blank: false });
    submitAll(t, [me]);
    const v = (t.view(judge(t)) as { state: GameStateView }).state;
    expect(v.roundState.anonymized?.[indexOf(t, me) - 1]?.cards[0]?.properties.text).toBe("a very patient goose");
  });

  it.each([
    ["no text", undefined, "write_in_required"],
    ["only spaces", "   ", "write_in_required"],
    ["over 80 characters", "x".repeat(81), "write_in_too_long"],
    ["a link", "see www.example.com", "write_in_refused"],
    ["a web address", "http://x", "write_in_refused"],
    ["an invisible character", "a\u200bb", "write_in_refused"],
    ["a word the table blocks", "my Goose is here", "write_in_refused"],
    ["a word the shipped cards never use", "a damn good time", "write_in_refused"],
  ])("refuse %s, and nothing changes", (_what, text, code) => {
    const t = blanks({ blockedWords: ["goose"] });
    drawn(t);
    const me = answerer(t);
    const before = JSON.stringify(t.state);
    expect(t.refused(me, playBlank(t, me, text))).toBe(code);
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it("text with a card that is not blank is refused", () => {
    const t = cahTable({ players: 3 });
    drawn(t);
    const me = answerer(t);
    const card = player(t, me).hand[0]!;
    expect(t.refused(me, { type: "play", cardId: card.id, fromZone: "hand", toSlot: "submission", text: "hi" })).toBe(
      "not_blank",
    );
  });

  it("come back blank when discarded, for the next player who draws them", () => {
    const t = blanks();
    drawn(t);
    const me = answerer(t);
    const id = blankOf(t, me)!.id;
    t.must(me, playBlank(t, me, "a written answer"));
    submitAll(t, [me]);
    t.must(judge(t), { type: "selectWinner", index: 1 });
    const again = everyCard(t.state)
      .flatMap((p) => p.cards)
      .find((c) => c.id === id);
    expect(again?.properties).toMatchObject({ text: "", blank: true });
  });

  it("are listed as plays the player writes on (field text, maxLength), and a bot can play them", () => {
    const t = blanks();
    drawn(t);
    const me = answerer(t);
    const v = (t.view(me) as { state: GameStateView }).state;
    const plays = v.legalActions.filter(
      (a) => a.type === "play" && a.toSlot === "submission" && a.cardId.startsWith("blank-"),
    );
    expect(plays.length).toBeGreaterThan(0);
    for (const a of plays) expect(a).toMatchObject({ field: "text", maxLength: 80 });
    const sent = withRandomChoice(plays[0]!, seedRng("bot"));
    expect(Action.safeParse(sent).success).toBe(true);
    t.must(me, sent);
  });
});
