import { describe, expect, it } from "vitest";
import { testPack } from "./test-packs";
import { cahTable, drawPrompt, judge, rules, seat, submit } from "./test-table";

const lead = seat(1);

describe("lead actions", () => {
  it("pause and resume: lead only, each in its status", () => {
    const t = cahTable({ players: 3, start: false });
    expect(t.refused(lead, { type: "pauseGame" })).toBe("game_not_started");
    t.must(lead, { type: "startGame" });
    expect(t.refused(lead, { type: "startGame" })).toBe("game_already_started");
    expect(t.refused(seat(2), { type: "pauseGame" })).toBe("not_lead");
    expect(t.refused(lead, { type: "resumeGame" })).toBe("not_paused");
    t.must(lead, { type: "pauseGame" });
    expect(t.state.status).toBe("paused");
    expect(t.state.pause?.reason).toBe("lead");
    expect(t.refused(lead, { type: "pauseGame" })).toBe("game_paused");
    expect(t.refused(judge(t), { type: "draw", deckId: "black", count: 1, toZone: "prompt" })).toBe("game_paused");
    t.must(lead, { type: "resumeGame" });
    expect(t.state.status).toBe("playing");
    drawPrompt(t);
  });

  it("end early: standings, then only a rematch", () => {
    const t = cahTable({ players: 3 });
    expect(t.refused(seat(2), { type: "endGame" })).toBe("not_lead");
    t.must(lead, { type: "endGame" });
    expect(t.state.status).toBe("ended");
    expect(t.state.history.at(-1)).toEqual({ type: "gameEnded", finalScores: { P1: 0, P2: 0, P3: 0 } });
    expect(t.refused(lead, { type: "endGame" })).toBe("game_ended");
    expect(t.refused(lead, { type: "startGame" })).toBe("game_ended");
    expect(t.refused(judge(t), { type: "draw", deckId: "black", count: 1, toZone: "prompt" })).toBe("game_ended");
    expect(t.refused(lead, { type: "setPhase", phaseId: "PROMPT" })).toBe("no_such_transition");
    expect(t.refused(lead, { type: "setPhase", phaseId: "NOPE" })).toBe("unknown_phase");
    t.must(lead, { type: "setPhase", phaseId: "LOBBY" });
    expect(t.state.status).toBe("lobby");
  });

  it("setPhase follows only the definition's manual transitions (the lead forcing the reveal)", () => {
    const t = cahTable({ players: 4 });
    expect(t.refused(lead, { type: "setPhase", phaseId: "REVEAL" })).toBe("no_such_transition");
    drawPrompt(t);
    const a = t.state.turnOrder.find((id) => id !== judge(t)) as string;
    submit(t, a);
    t.must(lead, { type: "setPhase", phaseId: "REVEAL" });
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toHaveLength(1);
  });

  it("configure in the lobby: settings and packs; refused once started", () => {
    const t = cahTable({
      players: 3,
      start: false,
      packs: [testPack(), testPack({ id: "extra", whites: 10, blacks: 5 })],
    });
    expect(t.refused(seat(2), { type: "configure", settings: { handSize: 5 } })).toBe("not_lead");
    expect(t.refused(lead, { type: "configure", settings: { packIds: ["missing"] } })).toBe("unknown_pack");
    expect(t.refused(lead, { type: "configure", settings: { handSize: 500 } })).toBe("bad_action");
    expect(t.refused(lead, { type: "configure", settings: { endCondition: "rounds", endValue: null } })).toBe(
      "bad_settings",
    );
    t.must(lead, { type: "configure", settings: { handSize: 5, endCondition: "rounds", endValue: 2 } });
    t.must(lead, { type: "configure", settings: { packIds: ["test", "extra"] } });
    t.must(lead, { type: "startGame" });
    expect(t.state.players.every((p) => p.hand.length === 5)).toBe(true);
    expect(t.state.cardCount).toBe(60 + 20 + 10 + 5);
    expect(t.refused(lead, { type: "configure", settings: { handSize: 6 } })).toBe("game_already_started");
  });

  it("a rounds end condition ends after that many rounds", () => {
    const t = cahTable({ players: 3, settings: { endCondition: "rounds", endValue: 2 } });
    for (let r = 0; r < 2; r++) {
      drawPrompt(t);
      for (const id of t.state.turnOrder.filter((x) => x !== judge(t))) submit(t, id);
      t.must(judge(t), { type: "selectWinner", index: 1 });
    }
    expect(t.state.status).toBe("ended");
    expect(t.state.history.filter((e) => e.type === "roundEnded")).toEqual([
      { type: "roundEnded", round: 1 },
      { type: "roundEnded", round: 2 },
    ]);
  });

  it("the game cannot start with packs that do not exist or hold no cards", () => {
    const t = cahTable({ players: 3, start: false, settings: { packIds: ["ghost"] } });
    expect(t.refused(lead, { type: "startGame" })).toBe("unknown_pack");
    t.must(lead, { type: "configure", settings: { packIds: [] } });
    expect(t.refused(lead, { type: "startGame" })).toBe("no_cards");
  });

  it("room options are validated: unknown definitions and duplicate inline packs are refused", () => {
    expect(rules.options.safeParse({ definition: "chess" }).success).toBe(false);
    expect(rules.options.safeParse({ packs: [testPack(), testPack()] }).success).toBe(false);
    expect(rules.options.safeParse({ settings: { handSize: -1 } }).success).toBe(false);
    expect(rules.options.safeParse({}).success).toBe(true);
  });
});
