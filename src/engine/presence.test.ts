import { describe, expect, it } from "vitest";
import {
  type Attending,
  changes,
  goneRefusal,
  graceDeadlines,
  graceEnds,
  longestSeated,
  playerName,
  presenceFor,
  setPresence,
} from "./presence";

const here = (): Attending => ({ presence: "active", absentSince: null });

describe("presence", () => {
  it("maps the platform's statuses to presence words", () => {
    expect(["joined", "connected", "disconnected", "left"].map((s) => presenceFor(s as never))).toEqual([
      "active",
      "active",
      "disconnected",
      "left",
    ]);
  });

  it("times an absence from its first moment, and clears it on return", () => {
    const p = here();
    expect(setPresence(p, "disconnected", 1000)).toBe(true);
    expect(setPresence(p, "disconnected", 2000)).toBe(false);
    expect(setPresence(p, "away", 3000)).toBe(true);
    expect(p).toEqual({ presence: "away", absentSince: 1000 });
    expect(setPresence(p, "active", 4000)).toBe(true);
    expect(p).toEqual({ presence: "active", absentSince: null });
  });

  it("keeps a lapsed away through a lost socket, but not a chosen one", () => {
    const lapsed: Attending = { presence: "away", absentSince: 1000 };
    expect(changes(lapsed, "disconnected")).toBe(false);
    expect(setPresence(lapsed, "disconnected", 5000)).toBe(false);
    expect(lapsed.presence).toBe("away");

    const chosen: Attending = { presence: "away", absentSince: 1000 };
    expect(setPresence(chosen, "disconnected", 5000, "chosen")).toBe(true);
    // The grace window counts from when they stepped away.
    expect(graceEnds(chosen, 300)).toBe(1300);
  });

  it("never changes a player who left", () => {
    const p: Attending = { presence: "left", absentSince: 10 };
    for (const to of ["active", "disconnected", "away"] as const) expect(setPresence(p, to, 99)).toBe(false);
    expect(p).toEqual({ presence: "left", absentSince: 10 });
  });

  it("lists the running grace windows, by player index", () => {
    const players: Attending[] = [
      here(),
      { presence: "disconnected", absentSince: 500 },
      { presence: "away", absentSince: 100 },
      { presence: "disconnected", absentSince: 200 },
    ];
    expect(graceDeadlines(players, 1000)).toEqual([
      { kind: "grace", at: 1500, index: 1 },
      { kind: "grace", at: 1200, index: 3 },
    ]);
    expect(graceEnds(here(), 1000)).toBeNull();
  });

  it("refuses the seats that may not come back with the platform's codes", () => {
    expect(goneRefusal("kicked")?.error.code).toBe("kicked");
    expect(goneRefusal("left")?.error.code).toBe("left_game");
    expect(goneRefusal(undefined)).toBeNull();
  });

  it("finds the longest-seated eligible player", () => {
    const players = [
      { id: "a", seq: 2, ok: true },
      { id: "b", seq: 0, ok: false },
      { id: "c", seq: 1, ok: true },
    ];
    expect(longestSeated(players, (p) => p.ok)?.id).toBe("c");
    expect(longestSeated(players, () => false)).toBeUndefined();
  });

  it("cleans a player's name to one line of at most the limit, or null", () => {
    expect(playerName("  Ada \n  Lovelace ")).toBe("Ada Lovelace");
    expect(playerName("x".repeat(50))).toBe("x".repeat(40));
    expect(playerName("abcdef", 3)).toBe("abc");
    expect(playerName("   ")).toBeNull();
    expect(playerName(undefined)).toBeNull();
  });
});
