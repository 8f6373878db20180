import { describe, expect, it } from "vitest";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import { loggedOrigin, loggedPresence } from "../../engine/testkit";
import { CreateTriviaRoom, TriviaConfig } from "./config";
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

/** The reconnect window is the engine's `graceSeconds`; rooms and clients that say `reconnectGraceSec` still mean it. */
describe("the reconnect window's old name", () => {
  it("is taken when a room is created, and is what ROOM_STATE still shows", () => {
    const rules = createTriviaRules(testBank);
    const body = CreateTriviaRoom.parse({ config: { reconnectGraceSec: 600 } });
    expect(body.config.graceSeconds).toBe(600);
    const s = rules.setup({ roomId: "NEW123", options: rules.options.parse(body), seed: "s", now: 0, timeScale: 1 });
    expect(s.config.graceSeconds).toBe(600);
    const view = rules.view(s, null, 0) as { config: Record<string, unknown> };
    expect(view.config.reconnectGraceSec).toBe(600);
    expect(view.config).not.toHaveProperty("graceSeconds");
  });

  it("still replays a room whose logged config used it", () => {
    const rules = createTriviaRules(testBank);
    const { graceSeconds, ...rest } = TriviaConfig.parse({});
    const origin = loggedOrigin("OLD789", { config: { ...rest, reconnectGraceSec: 12 } });
    const log = [loggedPresence("P1", "joined", 2_000), loggedPresence("P2", "joined", 2_000)];
    const s = replay<TriviaState>(rules, origin, [...log, loggedPresence("P2", "disconnected", 3_000)]);
    expect(graceSeconds).toBe(30);
    expect(s.config.graceSeconds).toBe(12);
    expect(rules.due(s)).toBe(15_000);
  });
});
