import { describe, expect, it } from "vitest";
import { perspective } from "./perspective";
import { initialTriviaState, paused, type TriviaAction, type TriviaClient, triviaReducer } from "./reducer";
import type { RoomStateMsg, ServerMessage } from "./wire";

const T0 = 1_000_000;
const CONFIG = {
  startingBalance: 500,
  questionsPerMatch: 3,
  foldsPerPlayer: 2,
  betTimeLimitSec: 15,
  answerTimeLimitSec: 5,
  strictMatching: false,
};

function roomState(over: Partial<RoomStateMsg> = {}): RoomStateMsg {
  return {
    type: "ROOM_STATE",
    roomId: "ABC234",
    you: "P1",
    serverNow: T0,
    phase: "WAITING",
    matchNumber: 0,
    balances: { P1: 500, P2: 500 },
    questionIndex: 0,
    questionsPerMatch: 3,
    foldsRemaining: { P1: 2, P2: 2 },
    players: {
      P1: { joined: true, connected: true, reconnectDeadline: null, name: "Ada" },
      P2: { joined: false, connected: false, reconnectDeadline: null, name: null },
    },
    clockStopped: false,
    tally: { P1: 0, P2: 0, ties: 0 },
    config: CONFIG,
    category: null,
    firstActor: null,
    categoryEndsAt: null,
    pot: 0,
    betting: null,
    clue: null,
    buzzer: null,
    resolution: null,
    result: null,
    recap: [],
    playAgain: { P1: false, P2: false },
    ...over,
  };
}

const server = (msg: ServerMessage, at = T0): TriviaAction => ({ kind: "server", msg, at });
const run = (s: TriviaClient, ...msgs: ServerMessage[]) => msgs.reduce((acc, m) => triviaReducer(acc, server(m)), s);
const synced = (over: Partial<RoomStateMsg> = {}) =>
  triviaReducer(initialTriviaState("ABC234"), server(roomState(over)));

/** Question `n`'s category ("Geography" first, then "History"), `first` to bet first. */
const category = (n: number, first: "P1" | "P2"): ServerMessage => ({
  type: "PHASE_CATEGORY",
  questionIndex: n,
  questionsPerMatch: 3,
  category: n === 0 ? "Geography" : "History",
  firstActor: first,
  endsAt: T0 + 3000,
});

/** A room that has reached the betting phase of question 1, P1 to act. */
function bettingRoom(): TriviaClient {
  return run(
    synced(),
    { type: "PLAYER_JOINED", player: "P2", name: "Bo" },
    { type: "MATCH_STARTED", matchNumber: 1, questionsPerMatch: 3 },
    category(0, "P1"),
    {
      type: "PHASE_BETTING",
      questionIndex: 0,
      firstActor: "P1",
      awaitingAction: "P1",
      availableActions: ["BET", "FOLD"],
      betOptions: [5, 10, 25, 50, 100],
      effectiveStack: 500,
      pot: 0,
      deadline: T0 + 18000,
    },
  );
}

function clueRoom(): TriviaClient {
  return run(
    bettingRoom(),
    betPlaced({ player: "P1", action: "BET", amount: 50, pot: 50, awaitingAction: "P2" }),
    betPlaced({ player: "P2", action: "MATCH", amount: 50, pot: 100, awaitingAction: null }),
    { type: "PHASE_CLUE", questionIndex: 0, clue: "", clueLength: 40, revealRate: 12, tickMs: 500, pot: 100 },
  );
}

function betPlaced(
  m: Pick<Extract<ServerMessage, { type: "BET_PLACED" }>, "player" | "action" | "amount" | "pot" | "awaitingAction"> &
    Partial<Extract<ServerMessage, { type: "BET_PLACED" }>>,
): ServerMessage {
  const spent = { P1: 0, P2: 0 };
  spent[m.player] = m.amount;
  return {
    type: "BET_PLACED",
    availableActions: m.awaitingAction ? ["MATCH", "RAISE", "FOLD"] : [],
    raiseOptions: m.awaitingAction ? [100, 500] : [],
    balances: { P1: 500, P2: 500 },
    foldsRemaining: { P1: 2, P2: 2 },
    deadline: m.awaitingAction ? T0 + 30000 : null,
    ...m,
  };
}

describe("ROOM_STATE", () => {
  it("replaces the whole state and keeps the seat", () => {
    const s = synced({ you: "P2", phase: "CATEGORY", category: "History", categoryEndsAt: T0 + 2000 });
    expect(s.synced).toBe(true);
    expect(s.you).toBe("P2");
    expect(s.spectating).toBe(false);
    expect(s.phase).toBe("CATEGORY");
    expect(s.category).toBe("History");
  });

  it("computes the clock offset from serverNow and the local receive time", () => {
    const s = triviaReducer(initialTriviaState("ABC234"), server(roomState({ serverNow: T0 + 250 }), T0 - 1000));
    expect(s.clockOffset).toBe(1250);
  });

  it("keeps the best clock offset: a state that arrives late does not add time to a countdown", () => {
    let s = triviaReducer(initialTriviaState("ABC234"), server(roomState({ serverNow: T0 + 250 }), T0 - 1000));
    // Sent at serverNow T0 + 500 but held up 900 ms on the way: its sample is 900 ms short.
    s = triviaReducer(s, server(roomState({ serverNow: T0 + 500 }), T0 + 150));
    expect(s.clockOffset).toBe(1250);
    // A faster message improves the estimate.
    s = triviaReducer(s, server(roomState({ serverNow: T0 + 2000 }), T0 + 700));
    expect(s.clockOffset).toBe(1300);
  });

  it("is a full reset: stale question state from before does not survive", () => {
    const before = clueRoom();
    expect(before.clue).not.toBeNull();
    const after = run(before, roomState({ phase: "WAITING" }));
    expect(after.clue).toBeNull();
    expect(after.betting).toBeNull();
    expect(after.lastBet).toBeNull();
    expect(after.phase).toBe("WAITING");
  });

  it("keeps local-only things: toasts and the connection status", () => {
    let s = triviaReducer(initialTriviaState("ABC234"), { kind: "link", up: true, fresh: true, at: T0 });
    s = run(s, { type: "ERROR", code: "x", message: "Oops" });
    s = run(s, roomState());
    expect(s.connection).toBe("online");
    expect(s.toasts).toHaveLength(1);
  });

  it("marks a seatless sync as a spectator", () => {
    expect(synced({ you: null }).spectating).toBe(true);
  });

  it("normalises an on-screen resolution", () => {
    const s = synced({
      phase: "RESOLUTION",
      resolution: {
        questionIndex: 1,
        category: "Film",
        outcome: "P2_WIN",
        correctAnswer: "Casablanca",
        answers: { P1: null, P2: "casablanca" },
        balanceChanges: { P1: -25, P2: 25 },
        nextPhaseAt: T0 + 3000,
      },
    });
    expect(s.resolution).toMatchObject({ outcome: "P2_WIN", nextPhaseAt: T0 + 3000, answers: { P2: "casablanca" } });
  });

  it("reads the room's config so a rematch resets to it", () => {
    const s = synced({
      config: { ...CONFIG, startingBalance: 800, foldsPerPlayer: 3 },
      balances: { P1: 10, P2: 1590 },
    });
    const next = run(s, { type: "MATCH_STARTED", matchNumber: 2, questionsPerMatch: 5 });
    expect(next.balances).toEqual({ P1: 800, P2: 800 });
    expect(next.foldsRemaining).toEqual({ P1: 3, P2: 3 });
    expect(next.questionsPerMatch).toBe(5);
  });
});

describe("presence", () => {
  it("tracks joins, disconnects with a deadline, reconnects and leaves", () => {
    let s = run(synced(), { type: "PLAYER_JOINED", player: "P2", name: "Bo" });
    expect(s.players.P2).toEqual({ joined: true, connected: true, reconnectDeadline: null, name: "Bo" });
    s = run(s, { type: "PLAYER_DISCONNECTED", player: "P2", reconnectDeadline: T0 + 30000, clockStopped: true });
    expect(s.players.P2).toEqual({ joined: true, connected: false, reconnectDeadline: T0 + 30000, name: "Bo" });
    expect(s.clockStopped).toBe(true);
    s = run(s, { type: "PLAYER_RECONNECTED", player: "P2", name: "Bo" });
    expect(s.players.P2.connected).toBe(true);
    expect(s.players.P2.reconnectDeadline).toBeNull();
    // The other side is told their opponent is back.
    expect(s.notice?.text).toBe("Bo is back.");
    s = run(s, { type: "PLAYER_LEFT", player: "P2" });
    expect(s.players.P2.joined).toBe(false);
  });

  it("SPECTATING turns the page into a watcher's", () => {
    const s = run(initialTriviaState("ABC234"), { type: "SPECTATING", roomId: "ABC234" });
    expect(s.spectating).toBe(true);
    expect(s.you).toBeNull();
  });
});

describe("a question, step by step", () => {
  it("CATEGORY sets the category, its deadline and who bets first", () => {
    const s = run(synced(), category(1, "P2"));
    expect(s).toMatchObject({ phase: "CATEGORY", questionIndex: 1, category: "History", firstActor: "P2" });
    expect(s.categoryEndsAt).toBe(T0 + 3000);
  });

  it("PHASE_BETTING opens a fresh betting round", () => {
    const s = bettingRoom();
    expect(s.phase).toBe("BETTING");
    expect(s.categoryEndsAt).toBeNull();
    expect(s.betting).toMatchObject({
      awaitingAction: "P1",
      availableActions: ["BET", "FOLD"],
      betOptions: [5, 10, 25, 50, 100],
      bets: { P1: null, P2: null },
      deadline: T0 + 18000,
    });
  });

  it("BET_PLACED records the bet, the pot, balances and whose turn it is", () => {
    const s = run(
      bettingRoom(),
      betPlaced({
        player: "P1",
        action: "BET",
        amount: 50,
        pot: 50,
        awaitingAction: "P2",
        balances: { P1: 450, P2: 500 },
      }),
    );
    expect(s.pot).toBe(50);
    expect(s.balances).toEqual({ P1: 450, P2: 500 });
    expect(s.betting).toMatchObject({
      awaitingAction: "P2",
      availableActions: ["MATCH", "RAISE", "FOLD"],
      raiseOptions: [100, 500],
      bets: { P1: 50, P2: null },
      contributions: { P1: 50, P2: 0 },
      deadline: T0 + 30000,
    });
    expect(s.lastBet).toEqual({ player: "P1", action: "BET", amount: 50, auto: false });
  });

  it("a RAISE counts towards the one-raise limit; a FOLD moves no money", () => {
    let s = run(
      bettingRoom(),
      betPlaced({ player: "P1", action: "BET", amount: 50, pot: 50, awaitingAction: "P2" }),
      betPlaced({ player: "P2", action: "RAISE", amount: 100, pot: 150, awaitingAction: "P1" }),
    );
    expect(s.betting?.raises).toBe(1);
    expect(s.betting?.bets).toEqual({ P1: 50, P2: 100 });
    s = run(
      s,
      betPlaced({
        player: "P1",
        action: "FOLD",
        amount: 0,
        pot: 150,
        awaitingAction: null,
        foldsRemaining: { P1: 1, P2: 2 },
      }),
    );
    expect(s.betting?.bets).toEqual({ P1: 50, P2: 100 });
    expect(s.foldsRemaining.P1).toBe(1);
  });

  it("marks automatic moves after a bet timeout", () => {
    const s = run(bettingRoom(), { type: "BET_TIMEOUT", player: "P1" }, {
      ...betPlaced({ player: "P1", action: "BET", amount: 5, pot: 5, awaitingAction: "P2" }),
      auto: true,
    } as ServerMessage);
    expect(s.lastBet?.auto).toBe(true);
  });

  it("BETTING_SKIPPED plays the question for an empty pot", () => {
    const s = run(bettingRoom(), { type: "BETTING_SKIPPED", questionIndex: 0, effectiveStack: 3 });
    expect(s.bettingSkipped).toBe(true);
    expect(s.pot).toBe(0);
  });

  it("PHASE_CLUE starts with no text, both buzzers live and betting closed", () => {
    const s = clueRoom();
    expect(s.phase).toBe("CLUE");
    expect(s.pot).toBe(100);
    expect(s.clue).toEqual({
      clue: "",
      revealIndex: 0,
      clueLength: 40,
      revealRate: 12,
      complete: false,
      deadline: null,
    });
    expect(s.buzzer).toEqual({ P1: "AVAILABLE", P2: "AVAILABLE", currentlyAnswering: null, answerDeadline: null });
    expect(s.betting?.awaitingAction).toBeNull();
  });

  it("CLUE_TICK shows only what the server revealed; CLUE_COMPLETE starts the buzz window", () => {
    let s = run(clueRoom(), { type: "CLUE_TICK", revealIndex: 6, clue: "This a" });
    expect(s.clue?.clue).toBe("This a");
    expect(s.clue?.revealIndex).toBe(6);
    s = run(s, { type: "CLUE_COMPLETE", deadline: T0 + 5000 });
    expect(s.clue?.complete).toBe(true);
    expect(s.clue?.deadline).toBe(T0 + 5000);
  });

  it("BUZZED freezes into ANSWER for that player", () => {
    const s = run(clueRoom(), { type: "BUZZED", player: "P2", answerDeadline: T0 + 5000, revealIndex: 12 });
    expect(s.phase).toBe("ANSWER");
    expect(s.buzzer).toEqual({ P1: "AVAILABLE", P2: "BUZZED", currentlyAnswering: "P2", answerDeadline: T0 + 5000 });
  });

  it("a wrong answer fails that buzzer, then CLUE_RESUMED hands the clue back", () => {
    let s = run(
      clueRoom(),
      { type: "BUZZED", player: "P1", answerDeadline: T0 + 5000, revealIndex: 12 },
      { type: "ANSWER_SUBMITTED", player: "P1", answer: "Oslo", correct: false },
    );
    expect(s.buzzer?.P1).toBe("FAILED");
    expect(s.buzzer?.currentlyAnswering).toBeNull();
    expect(s.lastAnswer).toEqual({ player: "P1", answer: "Oslo", correct: false, timedOut: false });
    s = run(s, { type: "CLUE_RESUMED", revealIndex: 12, clue: "This ancient", deadline: null });
    expect(s.phase).toBe("CLUE");
    expect(s.clue?.clue).toBe("This ancient");
  });

  it("PHASE_RESOLUTION settles balances and adds one recap line per question", () => {
    const resolution: ServerMessage = {
      type: "PHASE_RESOLUTION",
      questionIndex: 0,
      outcome: "P1_WIN",
      correctAnswer: "Ulaanbaatar",
      P1Answer: "Ulan Bator",
      P2Answer: null,
      balanceChanges: { P1: 50, P2: -50 },
      newBalances: { P1: 550, P2: 450 },
      nextPhaseAt: T0 + 3000,
    };
    const s = run(clueRoom(), resolution, resolution);
    expect(s.phase).toBe("RESOLUTION");
    expect(s.balances).toEqual({ P1: 550, P2: 450 });
    expect(s.pot).toBe(0);
    expect(s.resolution).toMatchObject({
      category: "Geography",
      answers: { P1: "Ulan Bator", P2: null },
      nextPhaseAt: T0 + 3000,
    });
    expect(s.recap).toHaveLength(1);
  });

  it("the next PHASE_CATEGORY clears the last question", () => {
    const s = run(clueRoom(), category(1, "P2"));
    expect(s.clue).toBeNull();
    expect(s.buzzer).toBeNull();
    expect(s.betting).toBeNull();
    expect(s.pot).toBe(0);
  });
});

describe("end of the match", () => {
  it("PHASE_COMPLETE shows the winner, final balances and the recap; forfeits name who left", () => {
    const recap = [
      {
        questionIndex: 0,
        category: "Geography",
        outcome: "P1_WIN" as const,
        correctAnswer: "Ulaanbaatar",
        answers: { P1: "ulan bator", P2: null },
        balanceChanges: { P1: 100, P2: -100 },
      },
    ];
    const s = run(clueRoom(), {
      type: "PHASE_COMPLETE",
      winner: "P1",
      finalBalances: { P1: 600, P2: 400 },
      forfeit: true,
      forfeitedBy: "P2",
      recap,
      tally: { P1: 1, P2: 0, ties: 0 },
    });
    expect(s.phase).toBe("COMPLETE");
    expect(s.result).toEqual({ winner: "P1", finalBalances: { P1: 600, P2: 400 }, forfeitedBy: "P2" });
    expect(s.balances).toEqual({ P1: 600, P2: 400 });
    expect(s.recap).toEqual(recap);
    expect(s.clue).toBeNull();
  });

  it("tracks rematch requests, and MATCH_STARTED starts over", () => {
    let s = run(synced({ phase: "COMPLETE", balances: { P1: 700, P2: 300 } }), {
      type: "PLAY_AGAIN_REQUESTED",
      player: "P2",
      ready: { P1: false, P2: true },
    });
    expect(s.playAgain).toEqual({ P1: false, P2: true });
    s = run(s, { type: "MATCH_STARTED", matchNumber: 2, questionsPerMatch: 3 });
    expect(s.playAgain).toEqual({ P1: false, P2: false });
    expect(s.balances).toEqual({ P1: 500, P2: 500 });
    expect(s.result).toBeNull();
    expect(s.recap).toEqual([]);
  });
});

describe("local state", () => {
  it("errors become toasts, newest kept", () => {
    let s = synced();
    for (let i = 0; i < 5; i++) s = run(s, { type: "ERROR", code: `c${i}`, message: `m${i}` });
    expect(s.toasts.map((t) => t.code)).toEqual(["c2", "c3", "c4"]);
  });

  it("an unknown room code gets its own screen, not a toast", () => {
    const s = run(initialTriviaState("NOPE99"), { type: "ERROR", code: "room_not_found", message: "No such room." });
    expect(s.notFound).toBe(true);
    expect(s.toasts).toEqual([]);
  });

  it("a full room needs no toast: the spectator banner explains it", () => {
    const s = run(initialTriviaState("ABC234"), { type: "ERROR", code: "room_full", message: "Full." });
    expect(s.toasts).toEqual([]);
  });

  it("a sent intent stays pending until the server answers it", () => {
    let s = triviaReducer(clueRoom(), { kind: "sent", intent: "BUZZ" });
    expect(s.pending).toBe("BUZZ");
    s = run(s, { type: "CLUE_TICK", revealIndex: 6, clue: "This a" });
    expect(s.pending).toBe("BUZZ");
    s = run(s, { type: "BUZZED", player: "P1", answerDeadline: T0 + 5000, revealIndex: 6 });
    expect(s.pending).toBeNull();
  });

  it("an ERROR or a dropped connection also clears pending", () => {
    const s = triviaReducer(bettingRoom(), { kind: "sent", intent: "BET" });
    expect(run(s, { type: "ERROR", code: "not_your_turn", message: "No" }).pending).toBeNull();
    expect(triviaReducer(s, { kind: "link", up: false, fresh: false, at: T0 }).pending).toBeNull();
  });

  it("never mutates the state it is given", () => {
    const s = clueRoom();
    const copy = structuredClone(s);
    run(s, { type: "BUZZED", player: "P1", answerDeadline: T0 + 5000, revealIndex: 6 });
    expect(s).toEqual(copy);
  });
});

describe("what a player saw go wrong (issue 18)", () => {
  const completeRoom = () =>
    run(
      synced({
        phase: "COMPLETE",
        matchNumber: 1,
        players: {
          P1: { joined: true, connected: true, reconnectDeadline: null, name: "Ada" },
          P2: { joined: true, connected: true, reconnectDeadline: null, name: "Bo" },
        },
        result: { winner: "P1", finalBalances: { P1: 600, P2: 400 }, forfeitedBy: null },
      }),
    );

  it("a dropped connection freezes the clock and the buttons until the server's fresh state", () => {
    let s = bettingRoom();
    expect(paused(s)).toBe(false);
    s = triviaReducer(s, { kind: "link", up: false, fresh: false, at: T0 + 5000 });
    expect(s.frozenAt).toBe(T0 + 5000);
    expect(paused(s)).toBe(true);
    // Back on a new connection, the old deadlines are stale (the server moved them on): still
    // frozen, even when the line then answers its heartbeats...
    s = triviaReducer(s, { kind: "link", up: true, fresh: true, at: T0 + 9000 });
    s = triviaReducer(s, { kind: "link", up: true, fresh: false, at: T0 + 9010 });
    expect(s.frozenAt).toBe(T0 + 5000);
    expect(paused(s)).toBe(true);
    // ...until the rejoin's ROOM_STATE brings the new ones.
    s = triviaReducer(s, server(roomState({ phase: "BETTING" }), T0 + 9100));
    expect(s.frozenAt).toBeNull();
    expect(paused(s)).toBe(false);
  });

  it("a line that only went quiet (the same socket answers again) runs on at once", () => {
    let s = triviaReducer(bettingRoom(), { kind: "link", up: false, fresh: false, at: T0 + 5000 });
    s = triviaReducer(s, { kind: "link", up: true, fresh: false, at: T0 + 6000 });
    expect(paused(s)).toBe(false);
  });

  it("a stopped clock for the opponent freezes the countdown where it stood", () => {
    let s = bettingRoom();
    s = triviaReducer(
      s,
      server(
        { type: "PLAYER_DISCONNECTED", player: "P2", reconnectDeadline: T0 + 30000, clockStopped: true },
        T0 + 2000,
      ),
    );
    expect(s.frozenAt).toBe(T0 + 2000);
    expect(paused(s)).toBe(true);
  });

  it("a rematch request is said once, on the end screen, not again in a notice", () => {
    const s = run(completeRoom(), { type: "PLAY_AGAIN_REQUESTED", player: "P2", ready: { P1: false, P2: true } });
    expect(s.playAgain.P2).toBe(true);
    expect(s.notice).toBeNull();
  });

  it("a new match clears whatever notice was up", () => {
    let s = run(
      completeRoom(),
      { type: "PLAYER_DISCONNECTED", player: "P2", reconnectDeadline: null, clockStopped: false },
      { type: "PLAYER_RECONNECTED", player: "P2", name: "Bo" },
    );
    expect(s.notice?.text).toBe("Bo is back.");
    s = run(s, { type: "MATCH_STARTED", matchNumber: 2, questionsPerMatch: 3 });
    expect(s.notice).toBeNull();
  });

  it("an opponent who leaves after the match keeps the name they played under", () => {
    const s = run(completeRoom(), { type: "PLAYER_LEFT", player: "P2" });
    expect(s.players.P2.joined).toBe(false);
    expect(perspective(s.you, s.players).name("P2")).toBe("Bo");
  });
});
