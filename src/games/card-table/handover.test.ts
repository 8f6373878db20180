import { describe, expect, it } from "vitest";
import { handoverRefusal } from "./handover";
import { cahTable } from "./test-table";

describe("who may hand a seat over (docs/games/card-table.md, Decisions D19)", () => {
  it("a player their own seat; the lead an absent player's; nobody a seat that is gone", () => {
    const t = cahTable({ players: 4 });
    expect(handoverRefusal(t.state, "P2", "P2")).toBeNull();
    expect(handoverRefusal(t.state, "P3", "P2")?.error.code).toBe("not_lead");
    expect(handoverRefusal(t.state, "P1", "P2")?.error.code).toBe("player_here");
    t.must("P2", { type: "setPresence", presence: "away" });
    expect(handoverRefusal(t.state, "P1", "P2")).toBeNull();
    expect(handoverRefusal(t.state, "P3", "P2")?.error.code).toBe("not_lead");
    expect(handoverRefusal(t.state, "P1", "P9")?.error.code).toBe("unknown_player");
    t.must("P1", { type: "kickPlayer", playerId: "P4" });
    expect(handoverRefusal(t.state, "P4", "P4")?.error.code).toBe("unknown_player");
  });
});
