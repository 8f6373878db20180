import { describe, expect, it } from "vitest";
import { envelopeWire } from "../../engine/envelope-wire";
import { isRuleError } from "../../engine/errors";
import { SYSTEM } from "../../engine/rules";
import { cardTableModule } from "./index";
import { cardTableWire, ServerMessage } from "./protocol";
import { cahTable, drawPrompt } from "./test-table";

describe("wire protocol", () => {
  it("the module: namespace /cards, titled Card Table, with the shipped CAH definition and packs", () => {
    expect(cardTableModule.namespace).toBe("/cards");
    expect(cardTableModule.title).toBe("Card Table");
    expect(cardTableModule.rules.id).toBe("card-table");
    const options = cardTableModule.rules.options.parse({});
    const s = cardTableModule.rules.setup({ roomId: "ROOM1", options, seed: "s", now: 0, timeScale: 1 });
    expect(s.definitionId).toBe("cah");
    expect(s.settings.packIds).toEqual(["base"]);
    const must = (state: unknown, from: string, intent: unknown) => {
      const step = cardTableModule.rules.act(state, from, intent, 0);
      if (isRuleError(step)) throw new Error(step.error.code);
      return step.state;
    };
    let state = s;
    for (const seat of ["P1", "P2", "P3"]) state = must(state, SYSTEM, { type: "@presence", seat, status: "joined" });
    state = must(state, "P1", { type: "startGame" });
    expect(state.status).toBe("playing");
    expect(state.cardCount).toBeGreaterThan(100);
  });

  it("speaks the engine's action envelope; its errors are the document's ServerMessage", () => {
    // The envelope's own parts; only the compact wire's packing is Card Table's (packing.ts).
    const { packing, ...envelope } = cardTableWire;
    expect(envelope).toEqual(envelopeWire);
    expect(packing).toBeDefined();
    expect(ServerMessage.safeParse(cardTableWire.error("x", "y")).success).toBe(true);
  });

  it("every message a game sends is a valid ServerMessage", () => {
    const t = cahTable({ players: 4, settings: { activeVariants: ["judgeRotate", "rando", "gambling"] } });
    drawPrompt(t);
    const msgs = t.sent.map((d) => d.msg).filter((m) => (m as { type: string }).type !== "@view");
    msgs.push(t.view("P1"), t.view(null));
    for (const m of msgs) expect(ServerMessage.safeParse(m).success, JSON.stringify(m)).toBe(true);
  });
});
