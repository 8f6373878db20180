import { describe, expect, it } from "vitest";
import { rngInt } from "../../engine/rng";
import { SYSTEM } from "../../engine/rules";
import { last, lobby, messages, presence, race, roll, table } from "./test-kit";
import { errorEvent } from "./wire";

const ready = (_seat: string, value = true) => ({ event: "game:ready", data: { gameCode: "TEST01", ready: value } });
const start = { event: "start", data: {} };

describe("joining", () => {
  it("players join the lobby with game:player-joined to everyone", () => {
    const t = table();
    presence(t, "P1", "joined", "  Ann   Lee ");
    presence(t, "P2", "joined");
    expect(messages(t).map((m) => [m.to, m.event, m.data.playerId, m.data.playerName, m.data.playerCount])).toEqual([
      ["all", "game:player-joined", "P1", "Ann Lee", 1],
      ["all", "game:player-joined", "P2", "P2", 2],
    ]);
  });

  it("refuses a full game, a taken name, newcomers after the start and unknown seats", () => {
    const t = table({ options: { maxPlayers: 2 } });
    presence(t, "P1", "joined", "Ann");
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P2", status: "joined", name: "ann" })).toBe("name_taken");
    presence(t, "P2", "joined", "Bob");
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P3", status: "joined", name: "Cy" })).toBe("room_full");
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P4", status: "connected" })).toBe("unknown_seat");
    const u = race(["Ann", "Bob"]);
    expect(u.refused(SYSTEM, { type: "@presence", seat: "P3", status: "joined", name: "Cy" })).toBe("game_started");
  });

  it("only the platform sends presence; the platform plays nothing but the start", () => {
    const t = table();
    expect(t.refused("P1", { type: "@presence", seat: "P1", status: "joined" })).toBe("system_only");
    presence(t, "P1", "joined", "Ann");
    expect(t.refused(SYSTEM, ready("P1"))).toBe("not_a_player");
  });

  it("connecting again is a no-op: the very same state and no messages", () => {
    const t = table();
    presence(t, "P1", "joined", "Ann");
    const before = t.state;
    const step = t.rules.act(before, SYSTEM, { type: "@presence", seat: "P1", status: "connected" }, t.now);
    expect(step).toEqual({ state: before, out: [] });
    presence(t, "P1", "disconnected");
    expect(last(t, "game:player-connection")).toMatchObject({ playerId: "P1", connected: false });
    presence(t, "P1", "connected");
    expect(last(t, "game:player-connection")).toMatchObject({ playerId: "P1", connected: true });
  });

  it("a place taken over REST before the socket comes is not marked here until it connects", () => {
    const t = table();
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined", name: "Ann", offline: true });
    expect(t.state.players[0]).toMatchObject({ name: "Ann", presence: "disconnected" });
    expect(last(t, "game:player-joined")).toMatchObject({ playerId: "P1", playerName: "Ann", playerCount: 1 });
    presence(t, "P1", "connected");
    expect(t.state.players[0]?.presence).toBe("active");
    expect(last(t, "game:player-connection")).toMatchObject({ playerId: "P1", connected: true });
  });

  it("a player's socket joining the lobby is announced with game:player-joined, to the player too", () => {
    const t = table();
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined", name: "Ann", offline: true });
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined", name: "Bob", offline: true });
    const from = t.sent.length;
    presence(t, "P1", "connected");
    expect(messages(t, from).map((m) => [m.to, m.event, m.data.playerId, m.data.playerCount])).toEqual([
      ["all", "game:player-joined", "P1", 2],
      ["all", "game:player-connection", "P1", undefined],
    ]);
    // A return during the race is a connection, not a join.
    const u = race(["Ann", "Bob"]);
    presence(u, "P2", "disconnected");
    const at = u.sent.length;
    presence(u, "P2", "connected");
    expect(messages(u, at).map((m) => m.event)).toEqual(["game:player-connection"]);
  });

  it("a player leaving the lobby frees the place; the seat itself is not reused", () => {
    const t = table({ options: { maxPlayers: 2 } });
    presence(t, "P1", "joined", "Ann");
    presence(t, "P2", "joined", "Bob");
    t.must("P2", { event: "game:leave", data: {} });
    expect(last(t, "game:player-left")).toMatchObject({ playerId: "P2", playerCount: 1 });
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P2", status: "joined", name: "Bob" })).toBe("left_game");
    presence(t, "P3", "joined", "Bob");
    expect(t.state.players.map((p) => p.seat)).toEqual(["P1", "P3"]);
  });
});

describe("the gamemaster seat", () => {
  it("joining as GM makes the gamemaster, who is not a player and not in the turn order", () => {
    const t = lobby(["Ann", "Bob"]);
    expect(t.state.gamemaster).toEqual({ name: "Ms Teacher", presence: "active", absentSince: null });
    expect(t.state.players.map((p) => p.seat)).toEqual(["P1", "P2"]);
    expect(messages(t).filter((m) => m.data.playerId === "GM")).toEqual([]);
    t.must("GM", start);
    expect(t.state.sequence).not.toContain("GM");
    expect(t.refused("GM", { event: "game:dice-roll", data: { diceValue: 3 } })).toBe("not_a_player");
    expect(t.refused("GM", ready("GM"))).toBe("not_a_player");
  });

  it("the gamemaster may come and go; a decision is theirs alone", () => {
    const t = lobby(["Ann", "Bob"]);
    presence(t, "GM", "disconnected");
    expect(t.state.gamemaster?.presence).toBe("disconnected");
    presence(t, "GM", "joined", "Ms Teacher");
    expect(t.state.gamemaster?.presence).toBe("active");
    expect(
      t.refused("P1", { event: "game:gamemaster-decision", data: { requestId: "joker_1", decision: "approve" } }),
    ).toBe("not_gamemaster");
  });

  it("a GM presence before any GM join is unknown", () => {
    const t = table();
    expect(t.refused(SYSTEM, { type: "@presence", seat: "GM", status: "disconnected" })).toBe("unknown_seat");
  });
});

describe("ready and start", () => {
  it("game:player-ready counts the ready players; the same flag again is a no-op", () => {
    const t = table();
    presence(t, "P1", "joined", "Ann");
    presence(t, "P2", "joined", "Bob");
    t.must("P1", ready("P1"));
    expect(last(t, "game:player-ready")).toMatchObject({
      playerId: "P1",
      ready: true,
      readyCount: 1,
      totalPlayers: 2,
      allReady: false,
    });
    expect(t.must("P1", ready("P1"))).toEqual([]);
    t.must("P2", ready("P2"));
    expect(last(t, "game:player-ready")).toMatchObject({ readyCount: 2, allReady: true });
    t.must("P2", ready("P2", false));
    expect(last(t, "game:player-ready")).toMatchObject({ ready: false, readyCount: 1, allReady: false });
  });

  it("only the gamemaster (or the platform for them) starts, with two ready players or more", () => {
    const t = table();
    presence(t, "GM", "joined", "Teacher");
    presence(t, "P1", "joined", "Ann");
    t.must("P1", ready("P1"));
    expect(t.refused("GM", start)).toBe("not_enough_players");
    presence(t, "P2", "joined", "Bob");
    expect(t.refused("GM", start)).toBe("players_not_ready");
    t.must("P2", ready("P2"));
    expect(t.refused("P1", start)).toBe("not_gamemaster");
    t.must(SYSTEM, start);
    expect(t.state.phase).toBe("active");
    expect(t.refused("GM", start)).toBe("game_started");
    expect(t.refused("P1", ready("P1"))).toBe("game_started");
  });

  it("the start: game:started to all, game:your-turn to the first player only", () => {
    const t = lobby(["Ann", "Bob", "Cy"]);
    const from = t.sent.length;
    t.must("GM", start);
    const out = messages(t, from);
    expect(out.map((m) => m.event)).toEqual(["game:started", "game:your-turn"]);
    const started = out[0]?.data as { turnSequence: string[]; currentPlayer: string; currentPlayerName: string };
    expect(out[1]?.to).toEqual({ seat: started.currentPlayer });
    expect(out[1]?.data).toMatchObject({ canRoll: true, isExtraTurn: false });
    expect(started.currentPlayerName).toBe(t.state.players.find((p) => p.seat === started.currentPlayer)?.name);
  });

  it("the turn sequence is shuffled by the seed", () => {
    const firsts = new Set<string>();
    for (const seed of ["a", "b", "c", "d", "e", "f", "g", "h"]) {
      const t = lobby(["Ann", "Bob", "Cy"], { seed });
      t.must("GM", start);
      firsts.add(t.state.sequence.join());
    }
    expect(firsts.size).toBeGreaterThan(2);
  });

  it("actions before the start are refused", () => {
    const t = lobby(["Ann", "Bob"]);
    expect(t.refused("P1", { event: "game:dice-roll", data: {} })).toBe("game_not_started");
    expect(t.refused("P1", { event: "game:card-answer", data: { answer: "A" } })).toBe("game_not_started");
  });
});

describe("dice", () => {
  // docs/games/serpent-race.md, Decisions D1.
  it("the server rolls 1-6 and ignores the client's value unless the room has physical dice", () => {
    const t = race(["Ann", "Bob"], { options: { physicalDice: false }, seed: "dice" });
    const rng = structuredClone(t.state.rng);
    const expected = rngInt(rng, 6) + 1;
    t.must("P1", { event: "game:dice-roll", data: { gameCode: "TEST01", diceValue: 6 === expected ? 1 : 6 } });
    expect(last(t, "game:dice-rolled").diceValue).toBe(expected);
  });

  it("with physical dice the player's value (1-6) is used and anything else refused", () => {
    const t = race(["Ann", "Bob"]);
    for (const v of [0, 7, 2.5, undefined])
      expect(t.refused("P1", { event: "game:dice-roll", data: { diceValue: v } })).toBe("invalid_dice");
    expect(t.refused("P1", { event: "game:dice-roll", data: { diceValue: "3" } })).toBe("bad_action");
    roll(t, "P1", 3);
    expect(last(t, "game:player-moved")).toMatchObject({ oldPosition: 0, newPosition: 3, diceValue: 3 });
  });

  it("only the current player rolls, once per turn", () => {
    const t = race(["Ann", "Bob"]);
    expect(t.refused("P2", { event: "game:dice-roll", data: { diceValue: 2 } })).toBe("not_your_turn");
    expect(t.refused("P9", { event: "game:dice-roll", data: { diceValue: 2 } })).toBe("not_a_player");
  });
});

describe("chat", () => {
  it("broadcasts trimmed lines from players and the gamemaster, and keeps the last ones for the sync", () => {
    const t = lobby(["Ann", "Bob"]);
    t.must("P1", { event: "game:chat", data: { gameCode: "TEST01", message: "  hello  " } });
    expect(messages(t).at(-1)).toMatchObject({
      to: "all",
      event: "game:chat",
      data: { playerId: "P1", playerName: "Ann", message: "hello" },
    });
    t.must("GM", { event: "game:chat", data: { message: "Welcome!" } });
    expect(last(t, "game:chat")).toMatchObject({ playerId: "GM", playerName: "Ms Teacher" });
    for (let i = 0; i < 40; i++) {
      t.advance(2_000);
      t.must("P2", { event: "game:chat", data: { message: `line ${i}` } });
    }
    expect(t.state.chat).toHaveLength(30);
    expect(t.state.chat.at(-1)?.message).toBe("line 39");
  });

  it("takes five lines in ten seconds from one person, then refuses until the oldest is ten seconds old", () => {
    const t = lobby(["Ann", "Bob"]);
    for (let i = 0; i < 5; i++) {
      t.must("P1", { event: "game:chat", data: { message: `quick ${i}` } });
      t.advance(1_000);
    }
    expect(t.refused("P1", { event: "game:chat", data: { message: "one more" } })).toBe("chat_too_fast");
    // Someone else still may, and the refusal changed nothing.
    t.must("P2", { event: "game:chat", data: { message: "my turn to talk" } });
    expect(t.state.chat.filter((c) => c.playerId === "P1")).toHaveLength(5);
    t.advance(5_001);
    t.must("P1", { event: "game:chat", data: { message: "later" } });
  });

  it("refuses empty and over-long lines, and strangers", () => {
    const t = lobby(["Ann", "Bob"]);
    expect(t.refused("P1", { event: "game:chat", data: { message: "   " } })).toBe("empty_message");
    expect(t.refused("P1", { event: "game:chat", data: { message: "x".repeat(501) } })).toBe("message_too_long");
    expect(t.refused("P7", { event: "game:chat", data: { message: "hi" } })).toBe("not_a_player");
    t.must("P1", { event: "game:chat", data: { message: "x".repeat(500) } });
  });
});

describe("refusals", () => {
  it("a malformed event is refused with bad_action", () => {
    const t = lobby(["Ann", "Bob"]);
    for (const junk of [null, {}, { event: "game:nope", data: {} }, { event: "game:ready" }, { type: "ready" }])
      expect(t.refused("P1", junk)).toBe("bad_action");
  });

  it("the platform sends a refusal as the document's game:error", () => {
    expect(errorEvent("not_your_turn", "It is not your turn.", 0)).toEqual({
      event: "game:error",
      data: { message: "It is not your turn.", code: "not_your_turn", timestamp: "1970-01-01T00:00:00.000Z" },
    });
  });
});
