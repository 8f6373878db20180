import { describe, expect, it } from "vitest";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import type { SerpentState } from "./state";
import {
  answer,
  current,
  events,
  guess,
  last,
  lobby,
  messages,
  ms,
  names,
  plainBoard,
  presence,
  questionDrawn,
  race,
  rig,
  roll,
  rules,
  SCALE,
  SCALED,
  setField,
  type T,
} from "./test-kit";
import { type ServerEventData, ServerMessage } from "./wire";

/**
 * Coming back and staying away: a seat that reconnects is sent again what the race waits for
 * from it (with the time left), and a player who is away when their roll comes is skipped
 * after `graceSeconds`, so the race never freezes on a phone that does not return. The
 * gamemaster may skip a roll or remove a player.
 */
const { DRAW, ANSWER, GUESS, DECISION, AWAY } = SCALED;

/** Messages since `from` for one seat, as `{ event, data }`. */
const to = (t: T, seat: string, from = 0) =>
  messages(t, from).filter((m) => typeof m.to === "object" && "seat" in m.to && m.to.seat === seat);

/**
 * `seat` drops halfway through the `window` ms the request `event` gave it, and comes back:
 * it is sent that request alone again, with the seconds left as its `timeLimit` and in its
 * step's `pending` (under `key`), the deadline as it was. Returns the first request.
 */
function askedAgainHalfway<E extends "game:position-guess-request" | "game:gamemaster-decision-request">(
  t: T,
  seat: string,
  event: E,
  key: "guessRequest" | "decisionRequest",
  window: number,
): ServerEventData<E> {
  const request = last(t, event);
  presence(t, seat, "disconnected");
  t.advance(window / 2);
  const from = t.sent.length;
  presence(t, seat, "connected");
  const again = to(t, seat, from);
  expect(again.map((m) => m.event)).toEqual([event]);
  const left = window / 2 / 1000;
  const pending = request.pending && { ...request.pending, [key]: { ...request.pending[key]!, timeLimit: left } };
  expect(again[0]?.data).toEqual({ ...request, timeLimit: left, pending, timestamp: expect.any(String) });
  return request;
}

const onQuestion = (field: "positive" | "negative") => questionDrawn(field, "trueFalse");

describe("a seat that reconnects is sent what waits for it", () => {
  it("the player to roll gets game:your-turn again, an extra turn says so", () => {
    const t = race(["Ann", "Bob"], { timeScale: SCALE });
    presence(t, "P1", "disconnected");
    const from = t.sent.length;
    presence(t, "P1", "connected");
    expect(names(t, from)).toEqual(["game:player-connection", "game:your-turn"]);
    expect(to(t, "P1", from)[0]?.data).toMatchObject({ canRoll: true, isExtraTurn: false });
    // Someone else coming back is sent nothing private.
    presence(t, "P2", "disconnected");
    const other = t.sent.length;
    presence(t, "P2", "connected");
    expect(names(t, other)).toEqual(["game:player-connection"]);
  });

  it("an open card comes again as game:card-drawn-self with the seconds left, and no answer", () => {
    const t = onQuestion("positive");
    const first = last(t, "game:card-drawn-self");
    presence(t, "P1", "disconnected");
    t.advance(ANSWER / 4);
    const from = t.sent.length;
    presence(t, "P1", "connected");
    const again = to(t, "P1", from);
    expect(again.map((m) => m.event)).toEqual(["game:card-drawn-self"]);
    const card = (again[0]!.data as typeof first).cardData;
    expect(card).toEqual({ ...first.cardData, timeLimit: (ANSWER * 3) / 4 / 1000 });
    expect(JSON.stringify(again)).not.toContain("correct");
    // The timer did not move: the card still times out at its first deadline.
    t.advance(ANSWER - ANSWER / 4 - 1);
    expect(events(t, "game:card-timeout")).toHaveLength(0);
    t.advance(1);
    expect(events(t, "game:card-timeout")).toHaveLength(1);
  });

  it("a pending position guess is asked again with the seconds left", () => {
    const t = onQuestion("positive");
    answer(t, "P1", true);
    const request = askedAgainHalfway(t, "P1", "game:position-guess-request", "guessRequest", GUESS);
    guess(t, "P1", request.currentPosition + request.diceRoll + request.fieldStepValue + request.patternModifier);
    expect(last(t, "game:guess-result").guessCorrect).toBe(true);
  });

  it("the gamemaster gets a pending decision request again, with the seconds left", () => {
    const t = onQuestion("positive");
    answer(t, "P1", true);
    const r = last(t, "game:position-guess-request");
    // 0 + 5 + 1 + 2 = 8; a wrong guess lands on 6, set positive: the joker comes.
    setField(t, 6, "positive", 0);
    guess(t, "P1", 99);
    t.advance(DRAW);
    expect(r.currentPosition).toBe(0);
    const request = askedAgainHalfway(t, "GM", "game:gamemaster-decision-request", "decisionRequest", DECISION);
    // Nothing for the players while the gamemaster decides.
    presence(t, "P1", "disconnected");
    const p1 = t.sent.length;
    presence(t, "P1", "connected");
    expect(to(t, "P1", p1)).toEqual([]);
    t.must("GM", { event: "game:gamemaster-decision", data: { requestId: request.requestId, decision: "approve" } });
    expect(last(t, "game:gamemaster-decision-result").approved).toBe(true);
  });

  it("a seat that is still marked here (its old socket not gone yet) is sent it too, and is otherwise a no-op", () => {
    const t = race(["Ann", "Bob"], { timeScale: SCALE });
    const from = t.sent.length;
    presence(t, "P1", "connected");
    expect(names(t, from)).toEqual(["game:your-turn"]);
    const before = t.state;
    expect(rules.act(before, SYSTEM, { type: "@presence", seat: "P2", status: "connected" }, t.now)).toEqual({
      state: before,
      out: [],
    });
    presence(t, "GM", "joined", "Ms Teacher");
    expect(t.state).toBe(before);
    for (const { event, data } of messages(t)) expect(ServerMessage.safeParse({ event, data }).success).toBe(true);
  });

  it("resends and skips are inputs and timers like any other: the log replays them", () => {
    const t = lobby(["Ann", "Bob", "Cy"], { timeScale: SCALE });
    t.must("GM", { event: "start", data: {} });
    const first = current(t) as string;
    presence(t, first, "disconnected");
    presence(t, first, "connected");
    presence(t, first, "connected");
    presence(t, first, "disconnected");
    t.advance(AWAY);
    expect(current(t)).not.toBe(first);
    presence(t, "GM", "disconnected");
    presence(t, "GM", "connected");
    expect(events(t, "game:your-turn").length).toBeGreaterThanOrEqual(4);
    expect(replay<SerpentState>(rules, t.origin, t.log)).toEqual(t.state);
  });
});

describe("a player who is away when their roll comes", () => {
  it("is skipped after the away time, and the next player plays", () => {
    const t = race(["Ann", "Bob", "Cy"], { timeScale: SCALE });
    presence(t, "P1", "disconnected");
    expect(rules.due(t.state)).toBe(t.now + AWAY);
    const view = t.view("P2") as { data: { pending: { kind: string; deadline: string } } };
    expect(view.data.pending).toMatchObject({ kind: "roll", deadline: new Date(t.now + AWAY).toISOString() });
    t.advance(AWAY - 1);
    expect(current(t)).toBe("P1");
    const from = t.sent.length;
    t.advance(1);
    expect(names(t, from)).toEqual(["game:players-skipped", "game:turn-changed", "game:your-turn"]);
    expect(last(t, "game:players-skipped")).toMatchObject({
      reason: "away",
      skippedPlayers: [{ playerId: "P1", playerName: "Ann", remainingTurnsToLose: 0 }],
    });
    expect(current(t)).toBe("P2");
    // Bob is here: his roll has no clock.
    expect(rules.due(t.state)).toBeNull();
  });

  it("waits graceSeconds, still taken as absentSkipSeconds and shown under that name", () => {
    const t = race(["Ann", "Bob"], { timeScale: SCALE, options: { absentSkipSeconds: 10 } });
    expect(t.state.settings.graceSeconds).toBe(10);
    const view = t.view("P2") as { data: { settings: Record<string, unknown> } };
    expect(view.data.settings.absentSkipSeconds).toBe(10);
    expect(view.data.settings).not.toHaveProperty("graceSeconds");
    presence(t, "P1", "disconnected");
    expect(rules.due(t.state)).toBe(t.now + ms(10, SCALE));
  });

  it("a turn that comes to a player who is away starts the clock; coming back stops it", () => {
    const t = race(["Ann", "Bob"], { timeScale: SCALE });
    plainBoard(t);
    presence(t, "P2", "disconnected");
    expect(rules.due(t.state)).toBeNull();
    roll(t, "P1", 2);
    expect(current(t)).toBe("P2");
    expect(rules.due(t.state)).toBe(t.now + AWAY);
    t.advance(AWAY / 2);
    presence(t, "P2", "connected");
    expect(rules.due(t.state)).toBeNull();
    expect(last(t, "game:your-turn")).toMatchObject({ canRoll: true });
    t.advance(AWAY * 10);
    expect(current(t)).toBe("P2");
    expect(events(t, "game:players-skipped")).toHaveLength(0);
  });

  it("with nobody else here the race waits; the clock starts afresh when someone comes back", () => {
    const t = race(["Ann", "Bob"], { timeScale: SCALE });
    presence(t, "P1", "disconnected");
    t.advance(AWAY / 2);
    presence(t, "P2", "disconnected");
    expect(rules.due(t.state)).toBeNull();
    t.advance(AWAY * 10);
    expect(current(t)).toBe("P1");
    presence(t, "P2", "connected");
    expect(rules.due(t.state)).toBe(t.now + AWAY);
    t.advance(AWAY);
    expect(current(t)).toBe("P2");
    expect(last(t, "game:players-skipped").reason).toBe("away");
  });

  it("extra turns owed wait for the player's next turn", () => {
    const t = race(["Ann", "Bob", "Cy"], { timeScale: SCALE });
    rig(t, (s) => {
      (s.players[0] as { extraTurns: number }).extraTurns = 2;
    });
    presence(t, "P1", "disconnected");
    t.advance(AWAY);
    expect(current(t)).toBe("P2");
    expect(events(t, "game:players-skipped").map((e) => e.reason)).toEqual(["away"]);
    expect(t.state.players[0]?.extraTurns).toBe(2);
  });

  it("answers and guesses of a player who is away still run out on their own timers", () => {
    const t = onQuestion("positive");
    presence(t, "P1", "disconnected");
    t.advance(ANSWER);
    expect(events(t, "game:card-timeout")).toHaveLength(1);
    // The turn went on to Bob, who is here.
    expect(current(t)).toBe("P2");
  });
});

describe("the gamemaster skips a roll or removes a player", () => {
  it("game:skip-turn skips the named player's roll, and only that", () => {
    const t = race(["Ann", "Bob"], { timeScale: SCALE });
    plainBoard(t);
    const skip = (playerId: string) => ({ event: "game:skip-turn", data: { playerId } });
    expect(t.refused("P2", skip("P1"))).toBe("not_gamemaster");
    expect(t.refused("GM", skip("P2"))).toBe("not_their_turn");
    const from = t.sent.length;
    t.must("GM", skip("P1"));
    expect(names(t, from)).toEqual(["game:players-skipped", "game:turn-changed", "game:your-turn"]);
    expect(last(t, "game:players-skipped")).toMatchObject({
      reason: "gamemaster",
      skippedPlayers: [{ playerId: "P1" }],
    });
    expect(current(t)).toBe("P2");
    // A click that arrives late names the player whose turn it was: nobody else is skipped.
    expect(t.refused("GM", skip("P1"))).toBe("not_their_turn");
    setField(t, 3, "positive", 0);
    roll(t, "P2", 3);
    expect(t.refused("GM", skip("P2"))).toBe("not_now");
  });

  it("game:remove-player takes a player out: in the lobby the place goes, in the race the turn moves on", () => {
    const t = race(["Ann", "Bob", "Cy"], { timeScale: SCALE });
    const remove = (playerId: string) => ({ event: "game:remove-player", data: { playerId } });
    expect(t.refused("P2", remove("P1"))).toBe("not_gamemaster");
    expect(t.refused("GM", remove("P7"))).toBe("unknown_player");
    t.must("GM", remove("P1"));
    expect(last(t, "game:player-left")).toMatchObject({ playerId: "P1", playerCount: 2, reason: "removed" });
    expect(current(t)).toBe("P2");
    expect(t.state.sequence).toEqual(["P2", "P3"]);
    expect(t.refused("GM", remove("P1"))).toBe("unknown_player");
    // The removed player's device comes back: it may only watch.
    expect(t.refused(SYSTEM, { type: "@presence", seat: "P1", status: "connected" })).toBe("left_game");
    expect(t.refused("P1", { event: "game:dice-roll", data: { diceValue: 2 } })).toBe("not_a_player");
    t.must("GM", remove("P3"));
    expect(last(t, "game:ended")).toMatchObject({ winner: "P2" });
  });

  it("when the only other player who is here leaves, the clock of the player who is away stops", () => {
    const t = race(["Ann", "Bob", "Cy"], { timeScale: SCALE });
    presence(t, "P3", "disconnected");
    presence(t, "P1", "disconnected");
    expect(rules.due(t.state)).not.toBeNull();
    t.must("P2", { event: "game:leave", data: {} });
    expect(rules.due(t.state)).toBeNull();
  });
});
