import { describe, expect, it } from "vitest";
import { RANDO } from "./state";
import { testPack } from "./test-packs";
import { cahTable, drawPrompt, indexOf, judge, player, playRound, rules, seat, submit, submitAll } from "./test-table";

const others = (t: ReturnType<typeof cahTable>) => t.state.turnOrder.filter((id) => id !== judge(t));

describe("judge variants", () => {
  it("the first judge is random (the seed decides)", () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 12; i++) firsts.add(judge(cahTable({ players: 5, seed: `first-${i}` })));
    expect(firsts.size).toBeGreaterThan(2);
  });

  it("judgeRotate (default): the judge passes clockwise each round", () => {
    const t = cahTable({ players: 4 });
    const order = t.state.turnOrder;
    for (let r = 0; r < 5; r++) {
      const before = judge(t);
      playRound(t);
      expect(judge(t)).toBe(order[(order.indexOf(before) + 1) % order.length]);
    }
  });

  it("judgeWinner: the round winner judges next", () => {
    const t = cahTable({ players: 4, settings: { activeVariants: ["judgeWinner"], endValue: 50 } });
    for (let r = 0; r < 4; r++) {
      const w = others(t)[r % 3] as string;
      playRound(t, w);
      expect(judge(t)).toBe(w);
    }
  });

  it("judgeRandom: a random other player judges each round", () => {
    const t = cahTable({ players: 5, settings: { activeVariants: ["judgeRandom"], endValue: 50 } });
    const order = t.state.turnOrder;
    let rotations = 0;
    for (let r = 0; r < 12; r++) {
      const before = judge(t);
      playRound(t);
      expect(judge(t)).not.toBe(before);
      if (judge(t) === order[(order.indexOf(before) + 1) % order.length]) rotations++;
    }
    expect(rotations).toBeLessThan(12);
  });

  it("judge variants exclude each other, at room creation and in the lobby", () => {
    const bad = rules.options.safeParse({ settings: { activeVariants: ["judgeWinner", "judgeRandom"] } });
    expect(bad.success).toBe(false);
    expect(rules.options.safeParse({ settings: { activeVariants: ["nope"] } }).success).toBe(false);
    const t = cahTable({ players: 3, start: false });
    expect(
      t.refused(seat(1), { type: "configure", settings: { activeVariants: ["judgeRotate", "judgeWinner"] } }),
    ).toBe("conflicting_variants");
    expect(t.refused(seat(1), { type: "configure", settings: { activeVariants: ["nope"] } })).toBe("unknown_variant");
    t.must(seat(1), { type: "configure", settings: { activeVariants: ["judgeWinner", "rando"] } });
    expect(t.state.activeVariants).toEqual(["judgeWinner", "rando"]);
  });
});

describe("rando", () => {
  it("submits a random deck card for a virtual player every round", () => {
    const t = cahTable({ players: 3, settings: { activeVariants: ["judgeRotate", "rando"] } });
    const white = t.state.decks.white?.cards.length ?? 0;
    drawPrompt(t);
    expect(player(t, RANDO).virtual).toBe(true);
    expect(player(t, RANDO).slots.submission).toHaveLength(1);
    expect(t.state.decks.white?.cards.length).toBe(white - 1);
    submitAll(t);
    expect(t.state.roundState.shuffledOrder).toHaveLength(3);
    // Rando is never the judge, never the lead, and holds no hand.
    expect(t.state.roles.judge).not.toBe(RANDO);
    expect(t.state.roles.lead).not.toBe(RANDO);
    expect(player(t, RANDO).hand).toHaveLength(0);
  });

  it("can win a round and score, and can win the game", () => {
    const t = cahTable({ players: 3, settings: { activeVariants: ["judgeRotate", "rando"], endValue: 2 } });
    playRound(t, RANDO);
    expect(player(t, RANDO).score).toBe(1);
    expect(player(t, RANDO).slots.scorePile).toHaveLength(1);
    playRound(t, RANDO);
    expect(t.state.status).toBe("ended");
    const ended = t.state.history.find((e) => e.type === "gameEnded");
    expect(ended).toMatchObject({ winner: RANDO, finalScores: { [RANDO]: 2 } });
  });

  it("with judgeWinner, a round Rando wins passes the judge on clockwise", () => {
    const t = cahTable({ players: 3, settings: { activeVariants: ["judgeWinner", "rando"] } });
    const order = t.state.turnOrder;
    const before = judge(t);
    playRound(t, RANDO);
    expect(judge(t)).toBe(order[(order.indexOf(before) + 1) % order.length]);
  });
});

describe("gambling", () => {
  /** A 4-player game where `gambler` has won one point and is not judging. */
  function withPoint(pick: 1 | 2 = 1) {
    const t = cahTable({
      players: 4,
      settings: { activeVariants: ["judgeRotate", "gambling"], endValue: 20 },
      packs: [testPack({ pick })],
    });
    // The winner of round 1 is someone who will not judge round 2.
    const order = t.state.turnOrder;
    const nextJudge = order[(order.indexOf(judge(t)) + 1) % order.length];
    const gambler = others(t).find((id) => id !== nextJudge) as string;
    playRound(t, gambler);
    expect(player(t, gambler).score).toBe(1);
    expect(judge(t)).not.toBe(gambler);
    return { t, gambler };
  }

  /** The gambler has answered and wagered their point, and everyone else has answered: the judge picks. */
  function wagered() {
    const { t, gambler } = withPoint();
    drawPrompt(t);
    submit(t, gambler);
    submit(t, gambler, "wager");
    submitAll(t, [gambler]);
    return { t, gambler };
  }

  it("needs a point to wager, and a complete answer first", () => {
    const t = cahTable({ players: 4, settings: { activeVariants: ["judgeRotate", "gambling"] } });
    drawPrompt(t);
    const p = others(t)[0] as string;
    const [a, b] = player(t, p).hand.map((c) => c.id) as [string, string];
    expect(t.refused(p, { type: "play", cardId: a, fromZone: "hand", toSlot: "wager" })).toBe("submission_incomplete");
    t.must(p, { type: "play", cardId: a, fromZone: "hand", toSlot: "submission" });
    expect(t.refused(p, { type: "play", cardId: b, fromZone: "hand", toSlot: "wager" })).toBe("no_points_to_wager");
  });

  it("a wager costs one point; a winning second answer keeps it", () => {
    const { t, gambler } = withPoint();
    drawPrompt(t);
    submit(t, gambler);
    submit(t, gambler, "wager");
    expect(player(t, gambler).score).toBe(0);
    expect(t.state.globalSlots.pot).toHaveLength(1);
    submitAll(t, [gambler]);
    expect(t.state.roundState.shuffledOrder).toHaveLength(4);
    t.must(judge(t), { type: "selectWinner", index: indexOf(t, gambler, "wager") });
    expect(player(t, gambler).score).toBe(2);
    expect(player(t, gambler).slots.scorePile).toHaveLength(2);
    expect(t.state.globalSlots.pot).toHaveLength(0);
  });

  it("the wager is kept when the first answer wins too", () => {
    const { t, gambler } = wagered();
    t.must(judge(t), { type: "selectWinner", index: indexOf(t, gambler) });
    expect(player(t, gambler).score).toBe(2);
  });

  it("a losing wager goes to the round winner", () => {
    const { t, gambler } = wagered();
    const winner = others(t).find((id) => id !== gambler) as string;
    const before = player(t, winner).score;
    t.must(judge(t), { type: "selectWinner", index: indexOf(t, winner) });
    expect(player(t, gambler).score).toBe(0);
    expect(player(t, winner).score).toBe(before + 2);
    expect(player(t, winner).slots.scorePile).toHaveLength(before + 2);
    // Everyone is told where the gambled point went.
    expect(t.state.lastRound?.wagers).toEqual([{ playerId: gambler, outcome: "lost", to: winner }]);
  });

  it("the last round says a winning gambler kept their wager", () => {
    const { t, gambler } = wagered();
    t.must(judge(t), { type: "selectWinner", index: indexOf(t, gambler, "wager") });
    expect(t.state.lastRound?.wagers).toEqual([{ playerId: gambler, outcome: "kept" }]);
  });

  it("an unfinished wager at the reveal goes back to the hand and the point is refunded", () => {
    const { t, gambler } = withPoint(2);
    drawPrompt(t);
    submit(t, gambler);
    const card = player(t, gambler).hand[0]?.id as string;
    t.must(gambler, { type: "play", cardId: card, fromZone: "hand", toSlot: "wager" });
    expect(player(t, gambler).score).toBe(0);
    submitAll(t, [gambler]);
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(player(t, gambler).score).toBe(1);
    expect(player(t, gambler).hand.map((c) => c.id)).toContain(card);
    expect(t.state.roundState.shuffledOrder).toHaveLength(3);
    expect(t.state.globalSlots.pot).toHaveLength(0);
  });
});
