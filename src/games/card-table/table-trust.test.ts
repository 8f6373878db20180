import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { HIDDEN_CARD } from "./events";
import { cahTable, join, player } from "./test-table";

describe("a table the host can trust", () => {
  it("the lead can lock the table: newcomers are refused (and may watch), seated players come back", () => {
    const t = cahTable({ players: 3 });
    expect(t.refused("P2", { type: "lockTable", locked: true })).toBe("not_lead");
    t.must("P1", { type: "lockTable", locked: true });
    expect(t.state.locked).toBe(true);
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P4", status: "joined", name: "Late" })).toBe("table_locked");
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "disconnected" });
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "connected" });
    t.must("P1", { type: "lockTable", locked: false });
    join(t, 4, "Late");
    expect(player(t, "P4").hand.length).toBeGreaterThan(0);
  });

  it("refuses a name another player already has, whatever its case", () => {
    const t = cahTable({ players: 0, start: false });
    join(t, 1, "Ada");
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P2", status: "joined", name: "  aDA " })).toBe("name_taken");
    join(t, 2, "Bo");
  });

  it("an action that changes nothing hands back the very same state (the host skips it)", () => {
    const t = cahTable({ players: 3, start: false });
    const state = t.state;
    const r = t.rules.act(state, "P2", { type: "setPresence", presence: "active" }, t.now);
    expect(r).toEqual({ state, out: [] });
    expect((r as { state: unknown }).state).toBe(state);
    const same = t.rules.act(
      state,
      "P1",
      { type: "configure", settings: { handSize: state.settings.handSize } },
      t.now,
    );
    expect((same as { state: unknown }).state).toBe(state);
    const unlock = t.rules.act(state, "P1", { type: "lockTable", locked: false }, t.now);
    expect((unlock as { state: unknown }).state).toBe(state);
  });

  it("a kicked player's hand is discarded unseen: the table hears how many cards, never which", () => {
    const t = cahTable({ players: 4 });
    const hand = player(t, "P3").hand.map((c) => c.id);
    const from = t.sent.length;
    t.must("P1", { type: "kickPlayer", playerId: "P3" });
    const events = t.sent.slice(from).map((d) => (d.msg as { event?: Record<string, unknown> }).event);
    expect(events).toContainEqual({ type: "cardsDiscarded", playerId: "P3", count: hand.length });
    const wire = JSON.stringify(t.sent.slice(from));
    for (const id of hand) expect(wire).not.toContain(`"${id}"`);
    expect(wire).not.toContain(HIDDEN_CARD);
  });
});
