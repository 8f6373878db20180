import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { testPack } from "./test-packs";
import { cahTable, drawPrompt, indexOf, judge, player, seat } from "./test-table";
import type { GameStateView } from "./view";

const submitterOf = (t: ReturnType<typeof cahTable>, k = 0) => {
  const ids = t.state.turnOrder.filter((id) => id !== judge(t));
  const id = ids[k];
  if (!id) throw new Error("no submitter");
  return id;
};

describe("submissions", () => {
  it("pick 2: the cards keep the order they were played in, through judging and the winner", () => {
    const t = cahTable({ players: 3, packs: [testPack({ pick: 2 })] });
    drawPrompt(t);
    const [a, b] = [submitterOf(t, 0), submitterOf(t, 1)];
    const hand = player(t, a).hand.map((c) => c.id);
    const first = hand[3] as string;
    const second = hand[0] as string;
    t.must(a, { type: "play", cardId: first, fromZone: "hand", toSlot: "submission" });
    expect(t.state.currentPhase).toBe("SUBMIT");
    t.must(a, { type: "play", cardId: second, fromZone: "hand", toSlot: "submission" });
    expect(player(t, a).slots.submission?.map((c) => c.id)).toEqual([first, second]);
    const bh = player(t, b).hand.map((c) => c.id);
    t.must(b, { type: "play", cardId: bh[0] as string, fromZone: "hand", toSlot: "submission" });
    t.must(b, { type: "play", cardId: bh[1] as string, fromZone: "hand", toSlot: "submission" });
    expect(t.state.currentPhase).toBe("JUDGE");
    const view = t.view(judge(t)) as { state: GameStateView };
    const mine = view.state.roundState.anonymized?.find((x) => x.cards[0]?.id === first);
    expect(mine?.cards.map((c) => c.id)).toEqual([first, second]);
    const texts = [first, second].map(
      (id) => t.state.players.flatMap((p) => p.slots.submission ?? []).find((c) => c.id === id)?.properties.text,
    );
    expect(mine?.text).toContain(`**${texts[0]}** and **${texts[1]}**`);
    t.must(judge(t), { type: "selectWinner", index: indexOf(t, a) });
    expect(t.state.history.find((e) => e.type === "winnerSelected")).toEqual({
      type: "winnerSelected",
      playerId: a,
      cardIds: [first, second],
    });
  });

  it("pick 3: a position inserts into the ordered submission", () => {
    const t = cahTable({ players: 3, packs: [testPack({ pick: 3 })] });
    drawPrompt(t);
    const a = submitterOf(t);
    const [x, y, z] = player(t, a).hand.map((c) => c.id) as [string, string, string];
    t.must(a, { type: "play", cardId: z, fromZone: "hand", toSlot: "submission" });
    t.must(a, { type: "play", cardId: x, fromZone: "hand", toSlot: "submission", position: 0 });
    expect(t.refused(a, { type: "play", cardId: y, fromZone: "hand", toSlot: "submission", position: 3 })).toBe(
      "bad_position",
    );
    t.must(a, { type: "play", cardId: y, fromZone: "hand", toSlot: "submission", position: 1 });
    expect(player(t, a).slots.submission?.map((c) => c.id)).toEqual([x, y, z]);
    expect(t.state.roundState.submittedAt.submission?.[a]).toBe(t.now);
  });

  it("a complete submission is locked and full; answers cannot be taken back", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    const a = submitterOf(t);
    const [c1, c2] = player(t, a).hand.map((c) => c.id) as [string, string];
    t.must(a, { type: "play", cardId: c1, fromZone: "hand", toSlot: "submission" });
    expect(t.refused(a, { type: "play", cardId: c2, fromZone: "hand", toSlot: "submission" })).toBe("slot_full");
    expect(t.refused(a, { type: "play", cardId: c1, fromZone: "submission", toSlot: "hand" })).toBe(
      "submission_locked",
    );
  });

  it("validates in the document's four steps, each with a stable code", () => {
    const t = cahTable({ players: 4 });
    const j = judge(t);
    const a = submitterOf(t);
    const card = player(t, a).hand[0]?.id as string;
    const play = { type: "play", cardId: card, fromZone: "hand", toSlot: "submission" };
    // Who: not seated at all.
    expect(t.refused("P9", play)).toBe("not_a_player");
    expect(t.refused(SYSTEM, play)).toBe("not_a_player");
    // 2. phase: no answers before the prompt is drawn.
    expect(t.refused(a, play)).toBe("action_not_allowed");
    // 3. role: only the judge draws the prompt.
    expect(t.refused(a, { type: "draw", deckId: "black", count: 1, toZone: "prompt" })).toBe("not_judge");
    // 4. validity.
    expect(t.refused(j, { type: "draw", deckId: "nope", count: 1, toZone: "prompt" })).toBe("unknown_deck");
    expect(t.refused(j, { type: "draw", deckId: "white", count: 1, toZone: "prompt" })).toBe("card_type_not_allowed");
    expect(t.refused(j, { type: "draw", deckId: "black", count: 2, toZone: "prompt" })).toBe("slot_full");
    expect(t.refused(j, { type: "draw", deckId: "black", count: 1, toZone: "hand" })).toBe("slot_locked");
    drawPrompt(t);
    expect(t.refused(j, play)).toBe("not_submitter");
    expect(t.refused(a, { ...play, cardId: "nope" })).toBe("card_not_found");
    expect(t.refused(a, { ...play, toSlot: "prompt" })).toBe("slot_locked");
    expect(t.refused(a, { ...play, toSlot: "scorePile" })).toBe("slot_locked");
    expect(t.refused(a, { ...play, toSlot: "nowhere" })).toBe("unknown_slot");
    expect(t.refused(a, { ...play, fromZone: "nowhere" })).toBe("unknown_zone");
    expect(t.refused(a, { ...play, toSlot: "wager" })).toBe("variant_inactive");
    expect(t.refused(a, { type: "selectWinner", index: 1 })).toBe("action_not_allowed");
    expect(t.refused(a, { type: "roll", dieId: "d6" })).toBe("action_not_allowed");
    expect(t.refused(a, { type: "fly" })).toBe("bad_action");
    expect(t.refused(a, { ...play, extra: 1 })).toBe("bad_action");
    // 1. status comes first: a paused game refuses before anything else is looked at.
    t.must(seat(1), { type: "pauseGame" });
    expect(t.refused(a, play)).toBe("game_paused");
    expect(t.refused(a, { type: "selectWinner", index: 99 })).toBe("game_paused");
  });

  it("the judge selects by display index (as a number, or as the playerId string)", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    for (let k = 0; k < 3; k++) {
      const id = submitterOf(t, k);
      t.must(id, { type: "play", cardId: player(t, id).hand[0]?.id, fromZone: "hand", toSlot: "submission" });
    }
    const j = judge(t);
    const other = submitterOf(t, 0);
    expect(t.refused(other, { type: "selectWinner", index: 1 })).toBe("not_judge");
    expect(t.refused(j, { type: "selectWinner", index: 4 })).toBe("unknown_submission");
    expect(t.refused(j, { type: "selectWinner", playerId: other })).toBe("unknown_submission");
    expect(t.refused(j, { type: "selectWinner" })).toBe("unknown_submission");
    const target = submitterOf(t, 2);
    t.must(j, { type: "selectWinner", playerId: String(indexOf(t, target)) });
    expect(player(t, target).score).toBe(1);
  });
});
