import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { choose, current, outrankTable, presence, type T, valueNow, viewOf } from "./test-table";

function hotSeat(names = ["Ada", "Bo", "Cy"], start = true): T {
  return outrankTable({ mode: "table", names, start, settings: { firstGuesser: "youngest", youngest: "T1" } });
}

describe("one table, one device (hot-seat)", () => {
  it("the device's seat is the only one; its join name is the first player; it adds the others by name", () => {
    const t = hotSeat(["Ada", "Bo", "Cy"], false);
    expect(t.state.device).toBe("P1");
    expect(t.state.lead).toBe("P1");
    expect(t.state.players.map((p) => [p.id, p.name, p.seat])).toEqual([
      ["T1", "Ada", "P1"],
      ["T2", "Bo", "P1"],
      ["T3", "Cy", "P1"],
    ]);
    // A second device may only watch.
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P2", status: "joined", name: "Eve" })).toBe("table_mode");
    expect(t.refused("P1", { type: "addPlayer", name: " bo " })).toBe("name_taken");
    t.must("P1", { type: "addPlayer", name: "Di" });
    t.must("P1", { type: "addPlayer", name: "Ed" });
    t.must("P1", { type: "addPlayer", name: "Flo" });
    expect(t.refused("P1", { type: "addPlayer", name: "Gus" })).toBe("too_many_players");
    t.must("P1", { type: "removePlayer", playerId: "T2" });
    expect(t.refused("P1", { type: "removePlayer", playerId: "T2" })).toBe("unknown_player");
    expect(t.state.players.map((p) => p.name)).toEqual(["Ada", "Cy", "Di", "Ed", "Flo"]);
  });

  it("online rooms have no local players", () => {
    const t = outrankTable({ players: 2, start: false });
    expect(t.refused("P1", { type: "addPlayer", name: "Zed" })).toBe("not_table_mode");
    expect(t.refused("P1", { type: "removePlayer", playerId: "P2" })).toBe("not_table_mode");
  });

  it("a device action counts as the current player's; `you` follows the turn", () => {
    const t = hotSeat();
    expect(viewOf(t, "P1").you).toBe(0);
    choose(t, "countries-population");
    expect(current(t).id).toBe("T1");
    t.must("P1", { type: "pass" });
    expect(current(t).id).toBe("T2");
    expect(viewOf(t, "P1").you).toBe(1);
    expect(viewOf(t, null).you).toBeNull();
    const c = valueNow(t, t.state.center as string);
    const id = t.state.pool[0] as string;
    t.must("P1", { type: "draftGuess", tokenId: id, guess: valueNow(t, id) >= c ? "higher" : "lower" });
    expect(t.state.players[1]?.score).toBe(1);
    expect(t.refused("P1", { type: "removePlayer", playerId: "T3" })).toBe("game_already_started");
  });

  it("the whole table shares the device's presence: it pauses when the device drops and resumes when it is back", () => {
    const t = hotSeat();
    choose(t);
    presence(t, "P1", "disconnected");
    expect(t.state.players.every((p) => p.presence === "disconnected")).toBe(true);
    expect(t.state.pause?.reason).toBe("insufficient");
    t.advance(10 * 60_000);
    expect(current(t).id).toBe("T1");
    presence(t, "P1", "connected");
    expect(t.state.pause).toBeNull();
    expect(t.state.players.every((p) => p.presence === "active")).toBe(true);
  });

  it("the device leaving for good ends the game", () => {
    const t = hotSeat();
    choose(t);
    presence(t, "P1", "left");
    expect(t.state.phase).toBe("gameEnd");
    expect(t.state.result?.reason).toBe("abandoned");
  });

  it("plays a whole hot-seat game to the end", () => {
    const t = hotSeat(["Ada", "Bo"]);
    for (let guard = 0; t.state.phase !== "gameEnd" && guard < 2_000; guard++) {
      if (t.state.phase !== "drafting") {
        choose(t);
        continue;
      }
      const p = current(t);
      if (p.thisRound.length >= 2 || p.hand.length + p.thisRound.length >= 8) {
        t.must("P1", { type: "pass" });
        continue;
      }
      const c = valueNow(t, t.state.center as string);
      const id = t.state.pool[guard % t.state.pool.length] as string;
      t.must("P1", { type: "draftGuess", tokenId: id, guess: valueNow(t, id) >= c ? "higher" : "lower" });
    }
    expect(t.state.phase).toBe("gameEnd");
    expect(t.state.result?.winners.length).toBeGreaterThan(0);
  });

  it("between rounds the device's one tap is the whole table's: the next round comes at once", () => {
    const t = outrankTable({ mode: "table", names: ["Ada", "Bo", "Cy"], settings: { roundEndSeconds: 20 } });
    choose(t);
    for (let guard = 0; t.state.phase === "drafting" && guard < 5; guard++) t.must("P1", { type: "pass" });
    expect(t.state.phase).toBe("roundEnd");
    t.must("P1", { type: "nextRound" });
    expect(t.state.phase).toBe("challenge");
  });
});
