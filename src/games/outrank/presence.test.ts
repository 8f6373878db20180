import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { choose, current, outrankTable, player, presence, rules, type T, viewOf } from "./test-table";
import type { OutrankEvent } from "./wire";

const events = (t: T): OutrankEvent[] =>
  t.sent.flatMap((d) => {
    const m = d.msg as { type?: string; event?: OutrankEvent };
    return m.type === "event" && m.event ? [m.event] : [];
  });

function game(players = 3, settings = {}, timeScale = 1): T {
  const t = outrankTable({
    players,
    timeScale,
    settings: { firstGuesser: "youngest", youngest: "P1", ...settings },
  });
  choose(t, "movies-box-office");
  return t;
}

describe("joining and leaving", () => {
  it("seats players in order; the first is the lead", () => {
    const t = outrankTable({ players: 3, start: false });
    expect(t.state.players.map((p) => p.id)).toEqual(["P1", "P2", "P3"]);
    expect(t.state.lead).toBe("P1");
    expect(viewOf(t, "P1").players[0]?.isLead).toBe(true);
  });

  it("presence comes from the platform only, for seats that joined", () => {
    const t = outrankTable({ players: 2, start: false });
    expect(t.refused("P1", { type: "@presence", seat: "P2", status: "left" })).toBe("system_only");
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P5", status: "connected" })).toBe("unknown_seat");
    expect(t.refused(SYSTEM, { type: "startGame" })).toBe("not_a_player");
    expect(t.refused("P9", { type: "pass" })).toBe("not_a_player");
  });

  it("a newcomer after the start watches; a seat that left or was kicked cannot come back", () => {
    const t = game(3);
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P4", status: "joined" })).toBe("game_in_progress");
    t.must("P1", { type: "kickPlayer", playerId: "P3" });
    expect(player(t, "P3").presence).toBe("left");
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P3", status: "connected" })).toBe("kicked");
    presence(t, "P2", "left");
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P2", status: "joined" })).toBe("left_game");
  });

  it("leaving the lobby frees the chair; the lead passes to the longest-seated player", () => {
    const t = outrankTable({ players: 3, start: false });
    presence(t, "P1", "left");
    expect(t.state.players.map((p) => p.id)).toEqual(["P2", "P3"]);
    expect(t.state.lead).toBe("P2");
    expect(t.refused("P2", { type: "kickPlayer", playerId: "P2" })).toBe("cannot_kick_self");
    expect(t.refused("P3", { type: "kickPlayer", playerId: "P2" })).toBe("not_lead");
  });

  it("a connected seat connecting again changes nothing: the very same state, no messages", () => {
    const t = game(2);
    const r = rules.act(t.state, SYSTEM, { type: "@presence", seat: "P2", status: "connected" }, t.now);
    expect(r).toEqual({ state: t.state, out: [] });
    expect("state" in r && r.state).toBe(t.state);
    const lobby = outrankTable({ players: 2, start: false });
    const same = rules.act(lobby.state, "P1", { type: "configure", settings: { handLimit: 8 } }, lobby.now);
    expect("state" in same && same.state).toBe(lobby.state);
    expect("out" in same && same.out).toEqual([]);
  });

  it("kicking the current player moves the turn on; below two seated players the game ends", () => {
    const t = game(3);
    t.must("P1", { type: "pass" });
    expect(current(t).id).toBe("P2");
    t.must("P1", { type: "kickPlayer", playerId: "P2" });
    expect(current(t).id).toBe("P3");
    expect(t.refused("P1", { type: "kickPlayer", playerId: "P2" })).toBe("unknown_player");
    presence(t, "P1", "left");
    expect(t.state.phase).toBe("gameEnd");
    expect(t.state.result).toMatchObject({ reason: "abandoned", winners: ["P3"] });
  });
});

describe("disconnections", () => {
  it("a disconnected player's turn passes after the grace window; they come back to their seat", () => {
    const t = game(3, { graceSeconds: 30 });
    presence(t, "P1", "disconnected");
    expect(t.state.pause).toBeNull();
    t.advance(29_999);
    expect(current(t).id).toBe("P1");
    t.advance(1);
    expect(player(t, "P1").presence).toBe("away");
    expect(player(t, "P1").status).toBe("passed");
    expect(current(t).id).toBe("P2");
    expect(events(t)).toContainEqual({ type: "passed", playerId: "P1", reason: "absent" });
    presence(t, "P1", "connected");
    expect(player(t, "P1").presence).toBe("active");
    expect(viewOf(t, "P1").you).toBe(0);
  });

  it("an away First Guesser hands the choice of challenge to the next player present; an away lead hands on the lead", () => {
    const t = game(3, { graceSeconds: 10 });
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    presence(t, "P1", "disconnected");
    t.must("P3", { type: "pass" });
    expect(t.state.phase).toBe("challenge");
    expect(t.state.firstGuesser).toBe(0);
    t.advance(10_000);
    expect(t.state.lead).toBe("P2");
    expect(t.state.firstGuesser).toBe(1);
    expect(viewOf(t, "P2").currentPlayer).toBe(1);
    t.must("P2", { type: "selectChallenge", challengeId: "sports-olympic-debut" });
    expect(player(t, "P1").status).toBe("in");
    t.must("P2", { type: "pass" });
    t.must("P3", { type: "pass" });
    // P1, away, passed as their turn came: the round is over.
    expect(t.state.round).toBe(3);
  });

  it("an away player passes as soon as their turn comes", () => {
    const t = game(3, { graceSeconds: 10 });
    presence(t, "P2", "disconnected");
    t.advance(10_000);
    expect(player(t, "P2").presence).toBe("away");
    t.must("P1", { type: "pass" });
    expect(player(t, "P2").status).toBe("passed");
    expect(current(t).id).toBe("P3");
    // Sitting out takes neither the marker nor the bonus: P1 passed first, P3 passes last.
    t.must("P3", { type: "pass" });
    expect(t.state.firstGuesser).toBe(0);
    expect(player(t, "P3").score).toBe(1);
    expect(player(t, "P2").score).toBe(0);
  });

  it("the game pauses below two connected players and resumes when one is back", () => {
    const t = game(2);
    presence(t, "P2", "disconnected");
    expect(t.state.pause?.reason).toBe("insufficient");
    expect(t.refused("P1", { type: "pass" })).toBe("game_paused");
    expect(t.refused("P1", { type: "resumeGame" })).toBe("not_enough_players");
    t.advance(3_600_000);
    // Away while paused: the turn waits (it is P1's anyway), and nothing moved.
    expect(current(t).id).toBe("P1");
    presence(t, "P2", "connected");
    expect(t.state.pause).toBeNull();
    t.must("P1", { type: "pass" });
    expect(current(t).id).toBe("P2");
  });

  it("the lead's pause freezes the turn timer", () => {
    const t = game(2, { turnSeconds: 20 });
    const start = t.now;
    expect(t.state.turnDeadline).toBe(start + 20_000);
    t.advance(5_000);
    t.must("P1", { type: "pauseGame" });
    expect(t.refused("P1", { type: "pauseGame" })).toBe("game_paused");
    expect(rules.due(t.state)).toBeNull();
    t.advance(100_000);
    t.must("P1", { type: "resumeGame" });
    expect(t.state.turnDeadline).toBe(t.now + 15_000);
  });
});

describe("turn timer", () => {
  it("is off by default", () => {
    const t = game(2);
    expect(t.state.turnDeadline).toBeNull();
    expect(rules.due(t.state)).toBeNull();
  });

  it("a timeout counts as a pass; durations follow the time scale", () => {
    const t = game(3, { turnSeconds: 30 }, 0.1);
    t.advance(2_999);
    expect(current(t).id).toBe("P1");
    t.advance(1);
    expect(player(t, "P1").status).toBe("passed");
    expect(t.state.firstGuesser).toBe(0);
    expect(current(t).id).toBe("P2");
    expect(events(t)).toContainEqual({ type: "passed", playerId: "P1", reason: "timeout" });
  });

  it("one tick handles every due timer at its own time, earliest first", () => {
    const t = game(3, { turnSeconds: 10 });
    const start = t.now;
    const step = rules.tick(t.state, start + 25_000);
    // P1 timed out at +10 s, P2 at +20 s; P3's turn began at +20 s, so it ends at +30 s.
    expect(step.state.players.map((p) => p.status)).toEqual(["passed", "passed", "in"]);
    expect(step.state.turnDeadline).toBe(start + 30_000);
    expect(rules.tick(t.state, start + 5_000).state).toBe(t.state);
  });

  it("a chooser who runs out of time gets a challenge picked for them", () => {
    const t = outrankTable({ players: 2, settings: { turnSeconds: 15 } });
    expect(t.state.phase).toBe("challenge");
    t.advance(15_000);
    expect(t.state.phase).toBe("drafting");
    expect(events(t).find((e) => e.type === "challengeSelected")).toMatchObject({ auto: true });
  });

  it("the round's result stays up to 20 s by default, and goes as soon as every player present is ready", () => {
    const t = outrankTable({
      players: 3,
      settings: { firstGuesser: "youngest", youngest: "P1", roundEndSeconds: undefined },
    });
    expect(t.state.settings.roundEndSeconds).toBe(20);
    expect(outrankTable({ players: 2, start: false }).refused("P2", { type: "nextRound" })).toBe("game_not_started");
    choose(t, "movies-box-office");
    for (const seat of ["P1", "P2", "P3"]) t.must(seat, { type: "pass" });
    expect(t.state.phase).toBe("roundEnd");
    expect(viewOf(t, "P1").phaseEndsAt).toBe(t.now + 20_000);
    t.advance(15_000);
    expect(t.state.phase).toBe("roundEnd");
    t.must("P2", { type: "nextRound" });
    // Asking twice changes nothing.
    const before = t.state;
    t.must("P2", { type: "nextRound" });
    expect(t.state).toBe(before);
    expect(viewOf(t, "P1").players.map((p) => p.ready)).toEqual([false, true, false]);
    t.must("P1", { type: "nextRound" });
    expect(t.state.phase).toBe("roundEnd");
    t.must("P3", { type: "nextRound" });
    expect(t.state.phase).toBe("challenge");
    expect(viewOf(t, "P1").players.map((p) => p.ready)).toEqual([false, false, false]);
    // One that arrives after the next round began (the countdown or the chooser won) is refused.
    expect(t.refused("P1", { type: "nextRound" })).toBe("wrong_phase");
  });

  it("nobody disconnected or away is waited for, and the countdown still ends the pause alone", () => {
    const t = game(3, { roundEndSeconds: 20 });
    for (const seat of ["P1", "P2", "P3"]) t.must(seat, { type: "pass" });
    expect(t.state.phase).toBe("roundEnd");
    t.must("P1", { type: "nextRound" });
    t.must("P2", { type: "nextRound" });
    expect(t.state.phase).toBe("roundEnd");
    // P3's line drops: the two who are here are ready, so the game goes on.
    presence(t, "P3", "disconnected");
    expect(t.state.phase).toBe("challenge");
    const u = game(2, { roundEndSeconds: 20 });
    u.must("P1", { type: "pass" });
    u.must("P2", { type: "pass" });
    u.advance(20_000);
    expect(u.state.phase).toBe("challenge");
  });

  it("the round-end pause gives way to the next challenge, or the chooser may go at once", () => {
    const t = game(2, { roundEndSeconds: 4 });
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    expect(t.state.phase).toBe("roundEnd");
    expect(viewOf(t, "P1").phaseEndsAt).toBe(t.now + 4_000);
    t.advance(4_000);
    expect(t.state.phase).toBe("challenge");
    t.must("P1", { type: "selectChallenge", challengeId: "movies-runtime" });
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    expect(t.state.phase).toBe("roundEnd");
    t.must("P1", { type: "selectChallenge", challengeId: "countries-gdp" });
    expect(t.state.phase).toBe("drafting");
    expect(t.state.round).toBe(3);
  });
});
