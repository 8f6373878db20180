import { describe, expect, it } from "vitest";
import { Table } from "../../engine/testkit";
import { builtinDefinition } from "./definitions/index";
import type { CardTableState } from "./state";
import { testPack } from "./test-packs";
import { cahTable, drawPrompt, join, judge, player, playRound, rules, seat, submit } from "./test-table";
import type { GameStateView } from "./view";

const others = (t: ReturnType<typeof cahTable>) => t.state.turnOrder.filter((id) => id !== judge(t));

describe("phase timeouts (optional, skip inactive players)", () => {
  it("without timeouts nothing is timed", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    expect(t.rules.due(t.state)).toBeNull();
  });

  it("submitTimeout: players who have not answered are skipped and the round moves on", () => {
    const t = cahTable({ players: 4, settings: { submitTimeout: 60 } });
    drawPrompt(t);
    const [a, b] = others(t) as [string, string];
    submit(t, a);
    const view = t.view(a) as { state: GameStateView };
    expect(view.state.phaseEndsAt).toBe(t.now + 60_000);
    t.advance(59_999);
    expect(t.state.currentPhase).toBe("SUBMIT");
    t.advance(1);
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toEqual([{ playerId: a, slot: "submission" }]);
    expect(t.state.roundState.skipped).toContain(b);
    expect(player(t, b).hand).toHaveLength(7);
  });

  it("submitTimeout with no answers at all: the round ends without a winner", () => {
    const t = cahTable({ players: 4, settings: { submitTimeout: 10 } });
    const j = judge(t);
    drawPrompt(t);
    t.advance(10_000);
    expect(t.state.currentPhase).toBe("PROMPT");
    expect(t.state.round).toBe(2);
    expect(judge(t)).not.toBe(j);
    expect(t.state.decks.black?.discardPile).toHaveLength(1);
  });

  it("judgeTimeout: a silent judge is skipped; no winner, and the judge passes on", () => {
    const t = cahTable({ players: 4, settings: { judgeTimeout: 30 } });
    const j = judge(t);
    drawPrompt(t);
    for (const id of others(t)) submit(t, id);
    t.advance(30_000);
    expect(t.state.currentPhase).toBe("PROMPT");
    expect(t.state.players.every((p) => p.score === 0)).toBe(true);
    expect(judge(t)).not.toBe(j);
  });

  it("a pause freezes the phase timer; resuming gives back the time that was left", () => {
    const t = cahTable({ players: 4, settings: { submitTimeout: 60 } });
    drawPrompt(t);
    t.advance(20_000);
    t.must(seat(1), { type: "pauseGame" });
    t.advance(500_000);
    expect(t.state.currentPhase).toBe("SUBMIT");
    t.must(seat(1), { type: "resumeGame" });
    t.advance(39_999);
    expect(t.state.currentPhase).toBe("SUBMIT");
    t.advance(1);
    expect(t.state.currentPhase).not.toBe("SUBMIT");
  });

  it("durations follow the room's time scale", () => {
    const t = cahTable({ players: 4, settings: { submitTimeout: 60 }, timeScale: 0.1 });
    drawPrompt(t);
    t.advance(6_000);
    expect(t.state.currentPhase).not.toBe("SUBMIT");
  });
});

describe("timeout actions come from the definition", () => {
  /** CAH with the SUBMIT timeout's action swapped, as any room could define it. */
  function withSubmitTimeout(action: "auto-transition" | "pause") {
    const def = structuredClone(builtinDefinition("cah"));
    const submit = def?.phases.find((p) => p.id === "SUBMIT");
    if (!def || !submit) throw new Error("no CAH");
    submit.timeout = { seconds: 10, action };
    return new Table<CardTableState>(rules, {
      options: { definition: def, settings: { packIds: ["test"] }, packs: [testPack()] },
    });
  }
  const start = (t: Table<CardTableState>) => {
    for (let i = 1; i <= 4; i++) join(t, i);
    t.must("P1", { type: "startGame" });
    t.must(t.state.roles.judge as string, { type: "draw", deckId: "black", count: 1, toZone: "prompt" });
  };

  it("auto-transition: the phase moves on when its time is up", () => {
    const t = withSubmitTimeout("auto-transition");
    start(t);
    const a = t.state.turnOrder.find((id) => id !== t.state.roles.judge) as string;
    submit(t, a);
    t.advance(10_000);
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toHaveLength(1);
  });

  it("pause: the game pauses when the time is up, and the lead resumes it", () => {
    const t = withSubmitTimeout("pause");
    start(t);
    t.advance(10_000);
    expect(t.state.status).toBe("paused");
    expect(t.state.pause?.reason).toBe("timeout");
    expect(t.state.currentPhase).toBe("SUBMIT");
    t.must("P1", { type: "resumeGame" });
    expect(t.state.status).toBe("playing");
    expect(t.rules.due(t.state)).toBeNull();
  });

  it("a tiny time scale never arms a timer for the instant it was armed", () => {
    const t = cahTable({ players: 4, settings: { submitTimeout: 1 }, timeScale: 0.00001 });
    drawPrompt(t);
    expect(t.rules.due(t.state)).toBe(t.now + 1);
  });
});

describe("end condition none", () => {
  it("the game goes on until the lead ends it", () => {
    const t = cahTable({ players: 3, settings: { endCondition: "none" } });
    for (let r = 0; r < 8; r++) playRound(t);
    expect(t.state.status).toBe("playing");
    expect(Math.max(...t.state.players.map((p) => p.score))).toBeGreaterThan(2);
    t.must("P1", { type: "endGame" });
    expect(t.state.status).toBe("ended");
  });
});
