import { describe, expect, it } from "vitest";
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

  it("an action message becomes an intent, its requestId kept", () => {
    const action = { type: "play", cardId: "w-1", fromZone: "hand", toSlot: "submission" };
    expect(cardTableWire.parse({ type: "action", action, requestId: "r1" })).toEqual({
      kind: "intent",
      intent: action,
      requestId: "r1",
    });
  });

  it("bad messages are refused with a code and keep the requestId when there is one", () => {
    expect(cardTableWire.parse("hello")).toMatchObject({ kind: "invalid", code: "bad_message" });
    expect(cardTableWire.parse({ type: "shout", requestId: "r2" })).toMatchObject({
      kind: "invalid",
      code: "unknown_type",
      requestId: "r2",
    });
    expect(cardTableWire.parse({ type: "action", action: { type: "fly" }, requestId: "r3" })).toMatchObject({
      kind: "invalid",
      code: "bad_action",
      requestId: "r3",
    });
    expect(cardTableWire.parse({ type: "action", action: { type: "startGame" } })).toMatchObject({
      kind: "invalid",
      code: "bad_message",
    });
    expect(cardTableWire.parse({ type: "leave", requestId: "r4" })).toEqual({ kind: "leave", requestId: "r4" });
  });

  it("joins come through the handshake", () => {
    const h = cardTableWire.handshake;
    expect(h?.({ roomId: "abc123", name: "Ann", token: "t0k" })).toEqual({
      kind: "join",
      roomId: "ABC123",
      credential: "t0k",
      name: "Ann",
    });
    expect(h?.({ roomId: "abc123" })).toEqual({ kind: "join", roomId: "ABC123" });
    expect(h?.({ roomId: "!" })).toMatchObject({ kind: "invalid", code: "bad_handshake" });
    expect(h?.(undefined)).toBeNull();
  });

  it("errors and acks in the document's shape", () => {
    expect(cardTableWire.error("not_judge", "Only the judge can do that now.", "r9")).toEqual({
      type: "error",
      requestId: "r9",
      error: "not_judge",
      message: "Only the judge can do that now.",
    });
    expect(cardTableWire.ack?.("r9")).toEqual({ type: "ack", requestId: "r9" });
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
