import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import type { CardTableState } from "./state";
import { cahTable, drawPrompt, join, judge, player, rules, seat, submitAll } from "./test-table";

type T = Table<CardTableState>;
const presence = (t: T, n: number, status: "connected" | "disconnected" | "left" | "joined") =>
  t.must(SYSTEM, { type: "@presence", seat: seat(n), status });
const refusedPresence = (t: T, n: number, status: "connected" | "disconnected" | "left" | "joined") =>
  t.refused(SYSTEM, { type: "@presence", seat: seat(n), status });
const nonJudge = (t: T, k = 0) => t.state.turnOrder.filter((id) => id !== judge(t))[k] as string;
const num = (id: string) => Number(id.slice(1));
/** Seat `n` loses its connection and is back `ms` later. */
function reconnectsAfter(t: T, n: number, ms: number) {
  presence(t, n, "disconnected");
  t.advance(ms);
  presence(t, n, "connected");
}

describe("joining", () => {
  it("seats players in order; the first is the lead and the host", () => {
    const t = cahTable({ players: 3, start: false });
    expect(t.state.players.map((p) => p.id)).toEqual(["P1", "P2", "P3"]);
    expect(t.state.roles.lead).toBe("P1");
    expect(player(t, "P1").isLead).toBe(true);
    expect(t.state.history[0]).toEqual({ type: "gameCreated", gameId: "TEST01", hostId: "P1" });
    expect(t.state.history.filter((e) => e.type === "playerJoined")).toHaveLength(3);
  });

  it("refuses a seat past maxPlayers (room_full)", () => {
    const t = cahTable({ players: 20, start: false });
    expect(refusedPresence(t, 21, "joined")).toBe("room_full");
  });

  it("presence only comes from the platform, for known seats", () => {
    const t = cahTable({ players: 3, start: false });
    expect(t.refused("P1", { type: "@presence", seat: "P2", status: "left" })).toBe("system_only");
    expect(refusedPresence(t, 7, "connected")).toBe("unknown_seat");
  });

  it("a player joining mid-game is dealt a hand and joins the end of the rotation", () => {
    const t = cahTable({ players: 3 });
    join(t, 4);
    expect(player(t, "P4").hand).toHaveLength(7);
    expect(t.state.turnOrder.at(-1)).toBe("P4");
  });

  it("a known seat joining again is a reconnection: hand and score kept", () => {
    const t = cahTable({ players: 3 });
    const hand = player(t, "P2").hand.map((c) => c.id);
    presence(t, 2, "disconnected");
    presence(t, 2, "joined");
    expect(player(t, "P2").presence).toBe("active");
    expect(player(t, "P2").hand.map((c) => c.id)).toEqual(hand);
  });
});

describe("Presence Rules", () => {
  it("away: skipped for submissions, hand preserved", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    const away = nonJudge(t, 0);
    const hand = player(t, away).hand.map((c) => c.id);
    t.must(away, { type: "setPresence", presence: "away" });
    expect(t.refused(away, { type: "play", cardId: hand[0], fromZone: "hand", toSlot: "submission" })).toBe(
      "player_away",
    );
    submitAll(t);
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toHaveLength(2);
    expect(player(t, away).hand.map((c) => c.id)).toEqual(hand);
  });

  it("away: skipped in judge rotation", () => {
    const t = cahTable({ players: 4 });
    const order = t.state.turnOrder;
    const next = order[(order.indexOf(judge(t)) + 1) % 4] as string;
    const after = order[(order.indexOf(judge(t)) + 2) % 4] as string;
    drawPrompt(t);
    t.must(next, { type: "setPresence", presence: "away" });
    submitAll(t);
    t.must(judge(t), { type: "selectWinner", index: 1 });
    expect(judge(t)).toBe(after);
    t.must(next, { type: "setPresence", presence: "active" });
    expect(player(t, next).presence).toBe("active");
  });

  it("disconnected: like away, and after the grace period treated as left", () => {
    const t = cahTable({ players: 4 });
    drawPrompt(t);
    const gone = nonJudge(t, 0);
    presence(t, num(gone), "disconnected");
    submitAll(t);
    expect(t.state.roundState.shuffledOrder).toHaveLength(2);
    const discards = t.state.decks.white?.discardPile.length ?? 0;
    t.advance(300_000 - 1);
    expect(player(t, gone).presence).toBe("disconnected");
    t.advance(1);
    expect(player(t, gone).presence).toBe("left");
    expect(player(t, gone).hand).toHaveLength(0);
    expect(t.state.decks.white?.discardPile.length).toBe(discards + 7);
    expect(t.state.history).toContainEqual({ type: "playerLeft", playerId: gone, reason: "disconnected" });
    expect(refusedPresence(t, num(gone), "joined")).toBe("left_game");
  });

  it("a player away who loses their socket is disconnected, the grace timed from stepping away", () => {
    const t = cahTable({ players: 4 });
    t.must("P2", { type: "setPresence", presence: "away" });
    t.advance(100_000);
    presence(t, 2, "disconnected");
    expect(player(t, "P2").presence).toBe("disconnected");
    t.advance(200_000);
    expect(player(t, "P2").presence).toBe("left");
  });

  it("the grace is graceSeconds, still taken under its old name, and shown to clients under it", () => {
    const t = cahTable({ players: 4, settings: { disconnectGraceSeconds: 10 } as never });
    expect(t.state.settings.graceSeconds).toBe(10);
    const settings = (t.view("P1") as { state: { settings: Record<string, unknown> } }).state.settings;
    expect(settings.disconnectGraceSeconds).toBe(10);
    expect(settings).not.toHaveProperty("graceSeconds");
    presence(t, 2, "disconnected");
    t.advance(10_000);
    expect(player(t, "P2").presence).toBe("left");
    const lobby = cahTable({ players: 3, start: false });
    lobby.must("P1", { type: "configure", settings: { disconnectGraceSeconds: 20 } as never });
    expect(lobby.state.settings.graceSeconds).toBe(20);
  });

  it("disconnected: back within the grace period, nothing is lost", () => {
    const t = cahTable({ players: 4 });
    reconnectsAfter(t, 2, 299_000);
    t.advance(10_000);
    expect(player(t, "P2").presence).toBe("active");
    expect(player(t, "P2").hand).toHaveLength(7);
  });

  it("left: hand discarded, removed from rotation, cannot rejoin", () => {
    const t = cahTable({ players: 4 });
    const leaver = nonJudge(t, 1);
    presence(t, num(leaver), "left");
    expect(player(t, leaver).presence).toBe("left");
    expect(player(t, leaver).hand).toHaveLength(0);
    expect(t.state.decks.white?.discardPile).toHaveLength(7);
    expect(t.state.turnOrder).not.toContain(leaver);
    expect(refusedPresence(t, num(leaver), "joined")).toBe("left_game");
    expect(refusedPresence(t, num(leaver), "connected")).toBe("left_game");
    expect(t.refused(leaver, { type: "setPresence", presence: "active" })).toBe("not_a_player");
  });

  it("left before the reveal: the answer is withdrawn; after it: the anonymous entry stays", () => {
    const t = cahTable({ players: 5 });
    drawPrompt(t);
    const [a, b] = [nonJudge(t, 0), nonJudge(t, 1)];
    submitAll(t, [nonJudge(t, 3)]);
    presence(t, num(a), "left");
    expect(player(t, a).slots.submission ?? []).toHaveLength(0);
    const last = nonJudge(t, 2);
    t.must(last, { type: "play", cardId: player(t, last).hand[0]?.id, fromZone: "hand", toSlot: "submission" });
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toHaveLength(3);
    presence(t, num(b), "left");
    expect(t.state.roundState.shuffledOrder).toHaveLength(3);
    expect(player(t, b).slots.submission).toHaveLength(1);
  });

  it("kicked: removed with the hand discarded, cannot rejoin; only the lead kicks, never themselves", () => {
    const t = cahTable({ players: 4 });
    expect(t.refused("P2", { type: "kickPlayer", playerId: "P3" })).toBe("not_lead");
    expect(t.refused("P1", { type: "kickPlayer", playerId: "P1" })).toBe("cannot_kick_self");
    expect(t.refused("P1", { type: "kickPlayer", playerId: "P9" })).toBe("unknown_player");
    t.must("P1", { type: "kickPlayer", playerId: "P3" });
    expect(player(t, "P3").presence).toBe("left");
    expect(player(t, "P3").hand).toHaveLength(0);
    expect(t.state.history).toContainEqual({ type: "playerLeft", playerId: "P3", reason: "kicked" });
    expect(refusedPresence(t, 3, "joined")).toBe("kicked");
    expect(t.refused("P1", { type: "kickPlayer", playerId: "P3" })).toBe("unknown_player");
  });

  it("kicked in the lobby: gone from the table, still cannot come back", () => {
    const t = cahTable({ players: 4, start: false });
    t.must("P1", { type: "kickPlayer", playerId: "P2" });
    expect(t.state.players.map((p) => p.id)).toEqual(["P1", "P3", "P4"]);
    expect(refusedPresence(t, 2, "joined")).toBe("kicked");
  });
});

describe("Lead succession", () => {
  it("a lead who leaves is replaced at once by the longest-tenured active player", () => {
    const t = new Table<CardTableState>(rules, { options: { settings: { packIds: [] } } });
    join(t, 1);
    t.advance(1000);
    join(t, 2);
    t.advance(1000);
    join(t, 3);
    presence(t, 2, "disconnected");
    presence(t, 1, "left");
    expect(t.state.roles.lead).toBe("P3");
    expect(player(t, "P3").isLead).toBe(true);
    expect(t.state.history.at(-1)).toEqual({ type: "leadChanged", playerId: "P3" });
  });

  it("a disconnected lead keeps the role for the grace period (60 s), then it passes", () => {
    const t = cahTable({ players: 4 });
    presence(t, 1, "disconnected");
    t.advance(59_999);
    expect(t.state.roles.lead).toBe("P1");
    t.advance(1);
    expect(t.state.roles.lead).toBe("P2");
    presence(t, 1, "connected");
    expect(t.state.roles.lead).toBe("P2");
    expect(player(t, "P1").isLead).toBe(false);
  });

  it("a lead back within the grace period stays lead", () => {
    const t = cahTable({ players: 4 });
    reconnectsAfter(t, 1, 30_000);
    t.advance(60_000);
    expect(t.state.roles.lead).toBe("P1");
  });

  it("the grace period follows the room's time scale", () => {
    const t = cahTable({ players: 4, timeScale: 0.01 });
    presence(t, 1, "disconnected");
    t.advance(600);
    expect(t.state.roles.lead).toBe("P2");
  });
});

describe("Insufficient Players", () => {
  it("in the lobby: wait for more (and the game cannot start)", () => {
    const t = cahTable({ players: 3, start: false });
    presence(t, 3, "left");
    expect(t.state.status).toBe("lobby");
    expect(t.refused("P1", { type: "startGame" })).toBe("not_enough_players");
    join(t, 4);
    t.must("P1", { type: "startGame" });
  });

  it("during play: below minPlayers the game pauses, and resumes when someone returns", () => {
    const t = cahTable({ players: 3 });
    presence(t, 3, "disconnected");
    expect(t.state.status).toBe("paused");
    expect(t.state.pause?.reason).toBe("insufficient");
    expect(t.refused("P1", { type: "resumeGame" })).toBe("not_enough_players");
    presence(t, 3, "connected");
    expect(t.state.status).toBe("playing");
    const kinds = t.state.history.map((e) => e.type);
    expect(kinds).toContain("gamePaused");
    expect(kinds).toContain("gameResumed");
  });

  it("during play: a new player can fill the gap", () => {
    const t = cahTable({ players: 3 });
    presence(t, 2, "left");
    expect(t.state.status).toBe("paused");
    join(t, 4);
    expect(t.state.status).toBe("playing");
  });

  it("all players leave except one: the game ends, the leader on points wins", () => {
    const t = cahTable({ players: 3 });
    drawPrompt(t);
    submitAll(t);
    t.must(judge(t), { type: "selectWinner", index: 1 });
    const winner = t.state.players.find((p) => p.score === 1)?.id as string;
    for (const p of ["P1", "P2", "P3"].filter((id) => id !== winner)) presence(t, num(p), "left");
    expect(t.state.status).toBe("ended");
    expect(t.state.history.at(-1)).toMatchObject({ type: "gameEnded", winner });
  });

  it("all leave except one with no points: no contest", () => {
    const t = cahTable({ players: 3 });
    presence(t, 2, "left");
    presence(t, 3, "left");
    expect(t.state.status).toBe("ended");
    const ended = t.state.history.at(-1);
    expect(ended).toEqual({ type: "gameEnded", finalScores: { P1: 0, P2: 0, P3: 0 } });
  });
});
