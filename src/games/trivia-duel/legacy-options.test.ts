import { describe, expect, it } from "vitest";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import { TriviaConfig } from "./config";
import { testBank } from "./fixtures";
import { createTriviaRules } from "./rules";
import type { TriviaState } from "./state";

/** Rooms logged before a room's own questions were stored by hash carried them in their options; they still replay. */
describe("a Trivia Duel room logged with its questions inline", () => {
  it("still replays from its options", () => {
    const rules = createTriviaRules(testBank);
    const questions = testBank.slice(0, 3).map((q, i) => ({ ...q, id: `own-${i}` }));
    const origin = {
      roomId: "OLD456",
      options: { config: TriviaConfig.parse({}), questions },
      seed: "old-seed",
      createdAt: 1_000,
      timeScale: 1,
    };
    const join = (seat: string) => ({
      kind: "act" as const,
      from: SYSTEM,
      intent: { type: "@presence", seat, status: "joined" },
      at: 2_000,
    });
    const s = replay<TriviaState>(rules, origin, [join("P1"), join("P2")]);
    expect(s.customPool?.map((q) => q.id)).toEqual(["own-0", "own-1", "own-2"]);
    expect(s.questions.every((q) => q.id.startsWith("own-"))).toBe(true);
    expect(rules.options.safeParse(origin.options).success).toBe(false);
  });
});
