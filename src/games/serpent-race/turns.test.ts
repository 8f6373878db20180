import { describe, expect, it } from "vitest";
import { DeckType } from "./content/schema";
import {
  CARD,
  current,
  events,
  last,
  messages,
  names,
  plainBoard,
  presence,
  race,
  rig,
  roll,
  rollAndDraw,
  setField,
  type T,
} from "./test-kit";

/** Fields 1-6 are regular on a plain board; a roll of 1 never draws a card there. */
function plainRoll(t: T) {
  const seat = current(t) as string;
  rig(t, (s) => {
    const p = s.players.find((q) => q.seat === seat);
    if (p) p.position = 0;
  });
  roll(t, seat, 1);
  return seat;
}

function owe(t: T, seat: string, what: { turnsToLose?: number; extraTurns?: number }) {
  rig(t, (s) => {
    const p = s.players.find((q) => q.seat === seat);
    if (p) Object.assign(p, what);
  });
}

/** Who plays the next `n` turns. */
function order(t: T, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(plainRoll(t));
  return out;
}

describe("turn tracking with several players", () => {
  it("goes round the sequence, counting turns, with turn-changed to all and your-turn to the player", () => {
    const t = race(["A", "B", "C", "D"]);
    plainBoard(t);
    const from = t.sent.length;
    expect(order(t, 5)).toEqual(["P1", "P2", "P3", "P4", "P1"]);
    const changed = events(t, "game:turn-changed", from);
    expect(changed.map((e) => [e.currentPlayer, e.turnNumber])).toEqual([
      ["P2", 2],
      ["P3", 3],
      ["P4", 4],
      ["P1", 5],
      ["P2", 6],
    ]);
    const yours = messages(t, from).filter((m) => m.event === "game:your-turn");
    expect(yours.map((m) => m.to)).toEqual([
      { seat: "P2" },
      { seat: "P3" },
      { seat: "P4" },
      { seat: "P1" },
      { seat: "P2" },
    ]);
  });

  it("skips several players in one go, in sequence order, in one broadcast", () => {
    const t = race(["A", "B", "C", "D"]);
    plainBoard(t);
    owe(t, "P2", { turnsToLose: 1 });
    owe(t, "P3", { turnsToLose: 2 });
    const from = t.sent.length;
    expect(order(t, 1)).toEqual(["P1"]);
    expect(last(t, "game:players-skipped").skippedPlayers).toEqual([
      { playerId: "P2", playerName: "B", remainingTurnsToLose: 0 },
      { playerId: "P3", playerName: "C", remainingTurnsToLose: 1 },
    ]);
    expect(names(t, from).slice(-3)).toEqual(["game:players-skipped", "game:turn-changed", "game:your-turn"]);
    expect(order(t, 5)).toEqual(["P4", "P1", "P2", "P4", "P1"]);
  });

  it("an extra turn comes before everything; lost turns wait for the sequence", () => {
    const t = race(["A", "B", "C"]);
    plainBoard(t);
    owe(t, "P1", { extraTurns: 2, turnsToLose: 1 });
    expect(order(t, 8)).toEqual(["P1", "P1", "P1", "P2", "P3", "P2", "P3", "P1"]);
    expect(events(t, "game:extra-turn-remaining").map((e) => e.remainingExtraTurns)).toEqual([1, 0]);
  });

  it("never skips everyone: when all owe turns, each loses one and the first looked at plays", () => {
    const t = race(["A", "B", "C"]);
    plainBoard(t);
    owe(t, "P1", { turnsToLose: 1 });
    owe(t, "P2", { turnsToLose: 1 });
    owe(t, "P3", { turnsToLose: 3 });
    expect(order(t, 1)).toEqual(["P1"]);
    // The guard looked at P2, P3, P1: all skipped once, and the turn fell to P2.
    expect(last(t, "game:players-skipped").skippedPlayers.map((x) => [x.playerId, x.remainingTurnsToLose])).toEqual([
      ["P2", 0],
      ["P3", 2],
      ["P1", 0],
    ]);
    expect(current(t)).toBe("P2");
    expect(order(t, 4)).toEqual(["P2", "P1", "P2", "P1"]);
    expect(t.state.players.map((p) => p.turnsToLose)).toEqual([0, 0, 0]);
  });

  it("two players: a player who loses a turn lets the other play twice", () => {
    const t = race(["A", "B"]);
    plainBoard(t);
    owe(t, "P1", { turnsToLose: 1 });
    expect(order(t, 4)).toEqual(["P1", "P2", "P2", "P1"]);
  });
});

describe("leaving during the race", () => {
  it("a player who leaves on their turn drops the card in play; the next player goes", () => {
    const t = race(["A", "B", "C"]);
    plainBoard(t);
    setField(t, 2, "positive", 1);
    rollAndDraw(t, "P1", 2, DeckType.POSITIVE, `pos-${CARD.quiz}`);
    expect(t.state.stage?.kind).toBe("answer");
    t.must("P1", { event: "game:leave", data: { gameCode: "TEST01" } });
    expect(last(t, "game:player-left")).toMatchObject({ playerId: "P1", playerCount: 2 });
    expect(last(t, "game:turn-changed").currentPlayer).toBe("P2");
    expect(t.state.sequence).toEqual(["P2", "P3"]);
    expect(t.rules.due(t.state)).toBeNull();
    expect(order(t, 3)).toEqual(["P2", "P3", "P2"]);
    expect(t.refused("P1", { event: "game:card-answer", data: { answer: "B" } })).toBe("not_a_player");
  });

  it("a player leaving out of turn keeps the turn where it is", () => {
    const t = race(["A", "B", "C", "D"]);
    plainBoard(t);
    order(t, 2);
    expect(current(t)).toBe("P3");
    presence(t, "P1", "left");
    expect(current(t)).toBe("P3");
    expect(order(t, 3)).toEqual(["P3", "P4", "P2"]);
  });

  it("a player who leaves skips their debts with them, and the turn after them is found as usual", () => {
    const t = race(["A", "B", "C"]);
    plainBoard(t);
    owe(t, "P2", { turnsToLose: 1 });
    presence(t, "P1", "left");
    // P1 was on turn: P2 is skipped, P3 plays.
    expect(current(t)).toBe("P3");
    expect(last(t, "game:players-skipped").skippedPlayers[0]?.playerId).toBe("P2");
  });

  it("with one player left the race ends, that player winning by default", () => {
    const t = race(["A", "B"]);
    presence(t, "P2", "left");
    expect(t.state.phase).toBe("ended");
    expect(last(t, "game:ended")).toMatchObject({ winner: "P1", winnerName: "A" });
    expect(last(t, "game:ended").finalPositions.map((p) => p.playerId)).toEqual(["P1"]);
  });

  it("a seat that left cannot come back", () => {
    const t = race(["A", "B", "C"]);
    presence(t, "P3", "left");
    expect(t.refused("#system", { type: "@presence", seat: "P3", status: "joined", name: "C" })).toBe("left_game");
    expect(t.refused("#system", { type: "@presence", seat: "P3", status: "connected" })).toBe("left_game");
  });
});
