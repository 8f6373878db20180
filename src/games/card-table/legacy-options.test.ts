import { describe, expect, it } from "vitest";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import { logged, loggedOrigin, loggedPresence } from "../../engine/testkit";
import { builtinDefinition } from "./definitions/index";
import { createCardTableRules } from "./rules";
import type { CardTableState } from "./state";
import { testPack } from "./test-packs";

/**
 * Rooms logged before content was stored by reference carried their packs and a whole
 * definition in their options. Nothing makes such options any more, but a server must
 * still restore those rooms from their logs.
 */
describe("a Card Table logged with its content inline", () => {
  it("still replays: the packs and the definition come from its options", () => {
    const rules = createCardTableRules(() => undefined);
    const definition = { ...builtinDefinition("cah")!, id: "cah-copy", name: "A copy" };
    const origin = {
      roomId: "OLD123",
      options: { definition, settings: { packIds: ["test"] }, packs: [testPack()] },
      seed: "old-seed",
      createdAt: 1_000,
      timeScale: 1,
    };
    const join = (n: number) => ({
      kind: "act" as const,
      from: SYSTEM,
      intent: { type: "@presence", seat: `P${n}`, status: "joined", name: `Player ${n}` },
      at: 2_000,
    });
    const s = replay<CardTableState>(rules, origin, [
      join(1),
      join(2),
      join(3),
      { kind: "act", from: "P1", intent: { type: "startGame" }, at: 3_000 },
    ]);
    expect(s.definition.name).toBe("A copy");
    expect(s.status).toBe("playing");
    expect(s.players.every((p) => p.hand.every((c) => c.id.startsWith("test-w-")))).toBe(true);
    // The options the rules accept today carry no content.
    expect(rules.options.safeParse(origin.options).success).toBe(false);
  });
});

describe("a Card Table logged with the grace window's old name", () => {
  it("replays it as graceSeconds, from its options and from a logged configure", () => {
    const rules = createCardTableRules(() => testPack());
    const settings = { packIds: ["test"], disconnectGraceSeconds: 40 };
    const origin = loggedOrigin("OLD124", { definition: "cah", settings });
    const join = loggedPresence("P1", "joined", 2_000);
    expect(replay<CardTableState>(rules, origin, [join]).settings.graceSeconds).toBe(40);
    const configure = logged("P1", { type: "configure", settings: { disconnectGraceSeconds: 50 } }, 3_000);
    expect(replay<CardTableState>(rules, origin, [join, configure]).settings.graceSeconds).toBe(50);
  });
});
