import { describe, expect, it } from "vitest";
import {
  awayClock,
  endedFromState,
  initialClient,
  isMyTurn,
  leftText,
  myTask,
  nextPending,
  type SerpentClient,
  skipText,
} from "./reducer";
import {
  err,
  ev,
  extraTurn,
  iso,
  lobbyView,
  msg,
  pending,
  player,
  raceView,
  run,
  sync,
  synced,
  T0,
  turnChanged,
  who,
} from "./test-views";
import type { PendingView, ServerEventData, StateData } from "./wire";

const pos = (s: SerpentClient, id: string) => s.view?.players.find((p) => p.playerId === id)?.boardPosition;
const ann = (kind: Parameters<typeof pending>[0], patch: Parameters<typeof pending>[3] = {}) =>
  pending(kind, "P1", "Ann", patch);
/** How the race ends in these tests: Ann on the last field, Ben on 31. */
const FINAL = [
  { ...who("P1", "Ann"), boardPosition: 100, turnOrder: 0 },
  { ...who("P2", "Ben"), boardPosition: 31, turnOrder: 1 },
];
/** Ann guessed `at` rightly (the guess's or the joker's): the calculation lands there too. */
const rightGuess = (at: number, waits: PendingView) => ({
  ...who("P1", "Ann"),
  guessedPosition: at,
  actualPosition: at,
  finalPosition: at,
  guessCorrect: true,
  penaltyApplied: false,
  calculation: { ...calc, calculatedPosition: at },
  message: "Correct!",
  pending: waits,
});
const calc = { startPosition: 0, diceRoll: 5, stepValue: 1, patternModifier: 2, calculatedPosition: 8, penalty: 0 };

describe("the sync", () => {
  it("replaces the view and sets the clock offset", () => {
    const v = raceView({
      serverTime: iso(T0 + 400),
      pending: ann("answer", {
        deadline: iso(T0 + 1000),
        fieldType: "positive",
        card: { cardType: "QUIZ", question: "Which planet is largest?" },
        cardData: { cardid: "c1", question: "Which planet is largest?", type: 0, timeLimit: 0.6 },
      }),
    });
    const s = run(initialClient("K7QM2D"), sync(v, T0));
    expect(s.synced).toBe(true);
    expect(s.clockOffset).toBe(400);
    expect(s.card).toMatchObject({ cardType: "QUIZ", question: "Which planet is largest?", turn: 1 });
  });

  it("a sync after the end shows the end, with each player's answers as the report", () => {
    const v = raceView({
      phase: "ended",
      pending: null,
      winner: "P1",
      winnerName: "Ann",
      finalPositions: FINAL,
      players: [
        player("P1", "Ann", { boardPosition: 100 }),
        player("P2", "Ben", { boardPosition: 31, answers: { QUIZ: { right: 1, wrong: 2 } } }),
      ],
    });
    const s = synced(v);
    expect(s.ended?.winnerName).toBe("Ann");
    expect(s.ended?.report.find((r) => r.playerId === "P2")?.answers).toEqual({ QUIZ: { right: 1, wrong: 2 } });
    expect(endedFromState(v).finalPositions[0]?.playerId).toBe("P1");
  });
});

describe("the lobby", () => {
  it("a join adds the player; ready counts; leaving the lobby frees the place, the counts as the server says", () => {
    let s = synced(lobbyView());
    const lobby = { playerCount: 3, readyCount: 0, allReady: false, pending: null };
    s = run(s, ev("game:player-joined", { ...who("P3", "Cleo"), ...lobby }));
    expect(s.view?.players.map((p) => p.playerName)).toEqual(["Ann", "Ben", "Cleo"]);
    s = run(
      s,
      ev("game:player-ready", {
        ...who("P3", "Cleo"),
        ready: true,
        readyCount: 1,
        totalPlayers: 3,
        allReady: false,
        pending: null,
      }),
    );
    expect(s.view?.players.find((p) => p.playerId === "P3")?.ready).toBe(true);
    expect(s.view?.readyCount).toBe(1);
    s = run(s, ev("game:player-left", { ...who("P3", "Cleo"), ...lobby, playerCount: 2, reason: "left" }));
    expect(s.view?.players.map((p) => p.playerId)).toEqual(["P1", "P2"]);
    expect(s.view).toMatchObject({ readyCount: 0, allReady: false });
    expect(s.feed[0]?.text).toBe("Cleo left the game.");
  });

  it("a player announced twice (the place taken, then the socket joining) is one player with one note", () => {
    const joined = ev("game:player-joined", {
      ...who("P3", "Cleo"),
      playerCount: 3,
      readyCount: 0,
      allReady: false,
      pending: null,
    });
    const s = run(synced(lobbyView()), joined, joined);
    expect(s.view?.players.map((p) => p.playerName)).toEqual(["Ann", "Ben", "Cleo"]);
    expect(s.feed.filter((n) => n.text === "Cleo joined.")).toHaveLength(1);
  });

  it("a screen refused watching (no right to join, or a wrong projector link) says why and shows nothing", () => {
    const refused = run(initialClient("K7QM2D"), err("unauthorized", "Sign in to watch."));
    expect(refused.watchRefused).toEqual({ code: "unauthorized", message: "Sign in to watch." });
    expect(refused.view).toBeNull();
    // Once a sync came, the same code is an ordinary refusal (a toast).
    expect(run(synced(lobbyView()), err("unauthorized", "Nope.")).watchRefused).toBeNull();
  });

  it("the start: the turn order, the board, the turn and the first roll, as the event says", () => {
    const s = run(
      synced(lobbyView()),
      ev("game:started", {
        message: "The race has started!",
        boardData: raceView().boardData!,
        turnSequence: ["P2", "P1"],
        currentPlayer: "P2",
        currentPlayerName: "Ben",
        turnNumber: 1,
        pending: pending("roll", "P2", "Ben"),
      }),
    );
    expect(s.view?.phase).toBe("active");
    expect(s.view?.turnNumber).toBe(1);
    expect(s.view?.players.map((p) => p.turnOrder)).toEqual([1, 0]);
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P2", playerName: "Ben" });
    expect(isMyTurn(s)).toBe(false);
    expect(s.feed[0]?.text).toContain("Ben goes first");
  });
});

describe("a question turn as the projector sees it", () => {
  const spectator = () => synced(raceView({ you: { seat: null, role: "spectator", playerId: null } }));

  it("roll, draw, answer, guess and move: what waits next, and until when, is the server's word", () => {
    const drawing = ann("drawing", { fieldType: "positive", deadline: iso(T0 + 200) });
    let s = run(
      spectator(),
      ev("game:dice-rolled", { ...who("P1", "Ann"), diceValue: 5, pending: drawing }, T0),
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 0, newPosition: 5, diceValue: 5, pending: drawing }),
    );
    expect(pos(s, "P1")).toBe(5);
    expect(s.view?.pending).toEqual(drawing);
    expect(s.lastRoll).toMatchObject({ value: 5, turn: 1 });
    const card = { cardType: "TRUE_FALSE", question: "Ice floats." };
    const answering = ann("answer", { fieldType: "positive", card, deadline: iso(T0 + 6200) });
    s = run(
      s,
      ev("game:card-drawn", { ...who("P1", "Ann"), ...card, fieldType: "positive", pending: answering }, T0 + 200),
    );
    expect(s.view?.pending).toEqual(answering);
    expect(s.card).toMatchObject({ ...card, turn: 1 });
    // Right on a reward field: a guess follows (its inputs go to Ann alone).
    const guessing = ann("guess", { fieldType: "positive", deadline: iso(T0 + 3900) });
    s = run(
      s,
      ev("game:answer-submitted", { ...who("P1", "Ann"), answer: true, message: "", pending: guessing }, T0 + 900),
      ev(
        "game:answer-validated",
        { ...who("P1", "Ann"), isCorrect: true, correctAnswer: true, message: "Correct!", pending: guessing },
        T0 + 900,
      ),
    );
    expect(s.card).toMatchObject({ submitted: true, isCorrect: true, correctAnswer: true });
    expect(s.view?.pending).toEqual(guessing);
    const next = pending("roll", "P2", "Ben");
    s = run(s, ev("game:guess-result", rightGuess(8, next)), turnChanged("P2", "Ben", 2, next));
    expect(pos(s, "P1")).toBe(8);
    expect(s.guess).toMatchObject({ guessCorrect: true, finalPosition: 8, joker: false, turn: 1 });
    expect(s.view).toMatchObject({ currentPlayer: "P2", turnNumber: 2, pending: next });
    expect(s.feed[0]).toMatchObject({ text: "Ben's turn.", tone: "turn" });
  });
});

describe("what this page alone was told", () => {
  it("an event for everyone keeps this page's own request while the stage is the same, and drops it after", () => {
    const request = { currentPosition: 0, diceRoll: 5, fieldStepValue: 1, patternModifier: 2, timeLimit: 30 };
    const own = ann("guess", { deadline: iso(T0 + 30_000), guessRequest: request });
    const everyone = ann("guess", { deadline: iso(T0 + 30_000) });
    expect(nextPending(own, everyone)).toEqual(own);
    expect(nextPending(own, ann("guess", { deadline: iso(T0 + 40_000) }))?.guessRequest).toBeNull();
    expect(nextPending(own, pending("roll", "P2", "Ben"))?.guessRequest).toBeNull();
    expect(nextPending(own, null)).toBeNull();
    expect(nextPending(null, everyone)).toEqual(everyone);
  });

  it("your-turn offers the roll; the card and the guess request bring the player's task with its deadline", () => {
    let s = synced(raceView({ currentPlayer: "P2", currentPlayerName: "Ben", pending: null }));
    const roll = ann("roll");
    s = run(
      s,
      turnChanged("P1", "Ann", 2, roll),
      ev("game:your-turn", { message: "Roll!", canRoll: true, isExtraTurn: false, pending: roll }),
    );
    expect(isMyTurn(s)).toBe(true);
    expect(myTask(s)?.kind).toBe("roll");
    const cardData = {
      cardid: "c1",
      question: "Q?",
      type: 0,
      timeLimit: 60,
      answerOptions: [
        { answer: "A", text: "one" },
        { answer: "B", text: "two" },
      ],
    };
    const answering = ann("answer", {
      deadline: iso(T0 + 62_000),
      card: { cardType: "QUIZ", question: "Q?" },
      cardData,
    });
    s = run(
      s,
      ev("game:card-drawn", {
        ...who("P1", "Ann"),
        cardType: "QUIZ",
        question: "Q?",
        fieldType: "positive",
        pending: answering,
      }),
      ev("game:card-drawn-self", { cardData, pending: answering }),
    );
    expect(myTask(s)).toMatchObject({ kind: "answer", deadline: iso(T0 + 62_000) });
    expect(myTask(s)?.cardData?.answerOptions).toHaveLength(2);
    expect(s.card?.cardData?.cardid).toBe("c1");
    const request = { currentPosition: 0, diceRoll: 5, fieldStepValue: 1, patternModifier: 2, timeLimit: 30 };
    const guessing = ann("guess", { deadline: iso(T0 + 35_000) });
    s = run(
      s,
      ev("game:answer-validated", {
        ...who("P1", "Ann"),
        isCorrect: true,
        correctAnswer: "B",
        message: "",
        pending: guessing,
      }),
      ev("game:position-guess-request", {
        message: "Guess",
        ...request,
        pending: { ...guessing, guessRequest: request },
      }),
    );
    expect(myTask(s)).toMatchObject({ kind: "guess", deadline: iso(T0 + 35_000), guessRequest: request });
    expect(s.cue?.sound).toBe("right");
    // Someone else comes back meanwhile: the event for everyone leaves Ann's inputs in place.
    s = run(s, ev("game:player-connection", { ...who("P2", "Ben"), connected: true, pending: guessing }));
    expect(myTask(s)?.guessRequest).toEqual(request);
  });
});

describe("luck, skips and extra turns", () => {
  it("a luck card moves at once; lost turns and extra turns are counted and told", () => {
    let s = synced(raceView());
    const none = { pending: ann("roll") };
    s = run(
      s,
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 3, newPosition: 9, diceValue: 6, ...none }),
      ev("game:card-drawn", {
        ...who("P1", "Ann"),
        cardType: "LUCK",
        question: "Tailwind!",
        fieldType: "luck",
        ...none,
      }),
      ev("game:luck-consequence", {
        ...who("P1", "Ann"),
        consequenceType: "MOVE_FORWARD",
        value: 3,
        newPosition: 12,
        message: "Ann moves forward 3 to 12.",
        ...none,
      }),
    );
    expect(pos(s, "P1")).toBe(12);
    expect(s.luck).toMatchObject({ question: "Tailwind!", message: "Ann moves forward 3 to 12." });
    expect(s.feed[0]).toMatchObject({ tone: "good" });
    s = run(
      s,
      ev("game:luck-consequence", {
        ...who("P2", "Ben"),
        consequenceType: "LOSE_TURN",
        value: 2,
        turnsToLose: 2,
        message: "Ben loses 2 turns.",
        ...none,
      }),
      ev("game:players-skipped", {
        skippedPlayers: [{ ...who("P2", "Ben"), remainingTurnsToLose: 1 }],
        reason: "lost-turns",
        message: "Ben loses a turn.",
        ...none,
      }),
    );
    expect(s.view?.players.find((p) => p.playerId === "P2")?.turnsToLose).toBe(1);
    expect(s.feed[0]).toMatchObject({ text: "Ben loses a turn (1 more to miss).", tone: "bad" });
    s = run(s, extraTurn("P1", "Ann", 2, none.pending));
    expect(s.view).toMatchObject({ isExtraTurn: true, turnNumber: 2, currentPlayer: "P1" });
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P1" });
  });
});

describe("jokers", () => {
  it("the gamemaster's request, ruling and the joker's move", () => {
    let s = synced(raceView({ you: { seat: "GM", role: "gamemaster", playerId: null } }));
    const jokerCard = { question: "A shortcut!", consequence: { type: 0 as const, value: 2 } };
    const deciding = ann("decision", { fieldType: "positive", jokerCard, deadline: iso(T0 + 120_000) });
    const request = { requestId: "joker_0", timeLimit: 120, jokerCard };
    s = run(
      s,
      ev("game:joker-drawn", { ...who("P1", "Ann"), jokerCard, waitingForGamemaster: true, pending: deciding }),
      ev("game:gamemaster-decision-request", {
        ...request,
        ...who("P1", "Ann"),
        pending: { ...deciding, decisionRequest: request },
      }),
    );
    expect(s.view?.pending).toMatchObject({ kind: "decision", decisionRequest: { requestId: "joker_0" } });
    expect(s.joker?.jokerCard.question).toBe("A shortcut!");
    expect(s.cue?.sound).toBe("tick");
    const jokerGuess = ann("jokerGuess", { fieldType: "positive", deadline: iso(T0 + 30_000) });
    s = run(
      s,
      ev("game:gamemaster-decision-result", {
        ...who("P1", "Ann"),
        gamemasterName: "Ms Rivera",
        decision: "approve",
        approved: true,
        consequence: 0,
        description: "Approved on a positive field: guess the joker's move.",
        pending: jokerGuess,
      }),
    );
    expect(s.view?.pending).toEqual(jokerGuess);
    expect(s.joker?.decision).toBe("approve");
    s = run(s, ev("game:joker-complete", { ...rightGuess(21, pending("roll", "P2", "Ben")), moved: true }));
    expect(pos(s, "P1")).toBe(21);
    expect(s.guess).toMatchObject({ joker: true, moved: true });
  });
});

describe("refusals, chat and the end", () => {
  it("refusals become one toast each; a missing room or a refused token are flags, not toasts", () => {
    let s = synced(raceView());
    s = run(s, err("not_your_turn", "It is not your turn."), err("not_your_turn", "It is not your turn."));
    expect(s.toasts).toHaveLength(1);
    s = run(s, err("bad_token", "That seat token is not valid for this room."));
    expect(s.badToken).toBe(true);
    s = run(s, err("room_not_found", "There is no room with that code."));
    expect(s.notFound).toBe(true);
    expect(s.toasts).toHaveLength(1);
  });

  it("a chat line is added to the view", () => {
    const s = run(
      synced(raceView()),
      ev("game:chat", { playerId: "GM", playerName: "Ms Rivera", message: "Good luck!" }),
    );
    expect(s.view?.chat.at(-1)).toMatchObject({ playerName: "Ms Rivera", message: "Good luck!" });
  });

  it("the end: the final positions, the winner and the report; a closed room no longer counts as not found", () => {
    const ended: Omit<ServerEventData<"game:ended">, "timestamp"> = {
      winner: "P1",
      winnerName: "Ann",
      message: "Ann reached field 100 and wins the race!",
      finalPositions: FINAL,
      report: FINAL.map(({ turnOrder: _, ...p }, i) => ({
        ...p,
        answers: i === 0 ? { QUIZ: { right: 2, wrong: 0 } } : ({} as Record<string, never>),
      })),
      pending: null,
    };
    let s = run(
      synced(raceView()),
      ev("game:ended", ended),
      ev("game:cleanup-complete", { gameCode: "K7QM2D", message: "closing" }),
    );
    expect(s.view).toMatchObject({ phase: "ended", pending: null });
    expect(pos(s, "P1")).toBe(100);
    expect(s.ended?.report[0]?.answers).toEqual({ QUIZ: { right: 2, wrong: 0 } });
    expect(s.ended).not.toHaveProperty("pending");
    expect(s.closed).toBe(true);
    s = run(s, msg({ event: "game:error", data: { code: "room_not_found", message: "gone", timestamp: iso(T0) } }));
    expect(s.notFound).toBe(false);
  });
});

/**
 * Who is here and who is out, as the server's newer events say it: the reasons of skips and
 * leaves, the away clock on a roll (the server's deadline), the prompts sent again on a
 * reconnect, and the seat `authenticated` names.
 */

const connection = (id: string, name: string, connected: boolean, waits: PendingView, ms = T0) =>
  ev("game:player-connection", { ...who(id, name), connected, pending: waits }, ms);

/** Ann (P1) to roll, Ben (P2) and Cleo (P3) waiting; this page is Ben's unless told. */
const three = (patch: Partial<StateData> = {}) =>
  raceView({
    you: { seat: "P2", role: "player", playerId: "P2" },
    players: [
      player("P1", "Ann", { turnOrder: 0, ready: true }),
      player("P2", "Ben", { turnOrder: 1, ready: true }),
      player("P3", "Cleo", { turnOrder: 2, ready: true }),
    ],
    turnSequence: ["P1", "P2", "P3"],
    ...patch,
  });

const annRolls = (deadline: string | null = null) => pending("roll", "P1", "Ann", { deadline });

describe("skips and leaves say why", () => {
  it("a skip reads as its reason: lost turns, away, or the gamemaster", () => {
    expect(skipText("Ben", "lost-turns", 0)).toBe("Ben loses a turn.");
    expect(skipText("Ben", "lost-turns", 2)).toBe("Ben loses a turn (2 more to miss).");
    expect(skipText("Ann", "away", 0)).toBe("Ann was away: their turn was skipped.");
    expect(skipText("Ann", "gamemaster", 0)).toBe("The gamemaster skipped Ann's turn.");
    const next = pending("roll", "P2", "Ben");
    const s = run(
      synced(three()),
      ev("game:players-skipped", {
        skippedPlayers: [{ ...who("P1", "Ann"), remainingTurnsToLose: 0 }],
        reason: "gamemaster",
        message: "The gamemaster skipped Ann's turn.",
        pending: next,
      }),
      turnChanged("P2", "Ben", 2, next),
    );
    expect(s.feed.map((n) => n.text)).toEqual(["Ben's turn.", "The gamemaster skipped Ann's turn."]);
  });

  it("a leave reads as left or removed; the removed player's own page knows it is out", () => {
    expect(leftText("Cleo", "left")).toBe("Cleo left the game.");
    expect(leftText("Cleo", "removed")).toBe("The gamemaster took Cleo out of the game.");
    const left = ev("game:player-left", {
      ...who("P3", "Cleo"),
      playerCount: 2,
      reason: "removed",
      readyCount: 2,
      allReady: true,
      pending: annRolls(),
    });
    const projector = run(synced(three({ you: { seat: null, role: "spectator", playerId: null } })), left);
    expect(projector.feed[0]?.text).toBe("The gamemaster took Cleo out of the game.");
    expect(projector.gone).toBeNull();
    expect(projector.view?.turnSequence).toEqual(["P1", "P2"]);
    const cleo = run(synced(three({ you: { seat: "P3", role: "player", playerId: "P3" } })), left);
    expect(cleo.gone).toBe("removed");
    expect(myTask(cleo)).toBeNull();
  });

  it("a token of a player who is out is a flag, not a toast; seat-named refusals are said in words", () => {
    const s = run(synced(three()), err("left_game", "You left this game and cannot rejoin it."));
    expect(s.gone).toBe("out");
    expect(s.toasts).toEqual([]);
    const gm = synced(three({ you: { seat: "GM", role: "gamemaster", playerId: null } }));
    const late = run(gm, err("not_their_turn", "It is not P1's turn any more."));
    expect(late.toasts.map((t) => t.message)).toEqual(["That turn had already moved on: nobody was skipped."]);
    const gone = run(gm, err("unknown_player", "There is no player P3 in this game."));
    expect(gone.toasts.map((t) => t.message)).toEqual(["That player is not in the game any more."]);
  });

  it("authenticated names the seat", () => {
    const s = run(
      initialClient("K7QM2D"),
      msg({
        event: "authenticated",
        data: { gameCode: "K7QM2D", playerName: "Ms Rivera", playerId: "GM", message: "Welcome" },
      }),
    );
    expect(s).toMatchObject({ me: "Ms Rivera", seat: "GM" });
  });
});

describe("the away clock on a roll is the server's", () => {
  it("the skip's deadline comes with each coming and going; without one the turn waits", () => {
    let s = synced(three());
    expect(awayClock(s.view!)).toBe("none");
    // Ann goes: the server will skip her turn at the deadline it names.
    s = run(s, connection("P1", "Ann", false, annRolls(iso(T0 + 16_000))));
    expect(awayClock(s.view!)).toBe("running");
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 16_000));
    // Everyone else goes: no skip is set, the race waits for them.
    s = run(s, connection("P2", "Ben", false, annRolls()), connection("P3", "Cleo", false, annRolls()));
    expect(awayClock(s.view!)).toBe("waits");
    // Ann is back: no clock.
    s = run(s, connection("P1", "Ann", true, annRolls()));
    expect(awayClock(s.view!)).toBe("none");
  });

  it("a sync's deadline is the server's too", () => {
    const v = three({
      players: [
        player("P1", "Ann", { turnOrder: 0, ready: true, connected: false }),
        player("P2", "Ben", { turnOrder: 1, ready: true }),
        player("P3", "Cleo", { turnOrder: 2, ready: true }),
      ],
      pending: annRolls(iso(T0 + 7000)),
    });
    const s = synced(v);
    expect(awayClock(s.view!)).toBe("running");
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 7000));
  });
});

describe("prompts sent again on a reconnect", () => {
  it("your-turn after the sync keeps the roll as it is and plays the turn's cue once", () => {
    // Ann's page: the sync says it is her roll, then the server sends game:your-turn again.
    let s = synced(raceView());
    const yourTurn = ev(
      "game:your-turn",
      { message: "Roll!", canRoll: true, isExtraTurn: false, pending: annRolls() },
      T0 + 100,
    );
    s = run(s, yourTurn);
    expect(myTask(s)).toMatchObject({ kind: "roll", playerId: "P1" });
    expect(s.cue?.sound).toBe("turn");
    const first = s.cue?.id;
    // A blip later, the same prompt once more: nothing new.
    const again = run(s, sync(raceView(), T0 + 500), yourTurn);
    expect(again.cue?.id).toBe(first);
    expect(myTask(again)).toEqual(myTask(s));
  });

  it("the next turn's your-turn, after turn-changed, is a new cue; an extra turn is one too", () => {
    let s = synced(raceView({ currentPlayer: "P2", currentPlayerName: "Ben", pending: pending("roll", "P2", "Ben") }));
    expect(s.cue).toBeNull();
    s = run(
      s,
      turnChanged("P1", "Ann", 2, annRolls()),
      ev("game:your-turn", { message: "Roll!", canRoll: true, isExtraTurn: false, pending: annRolls() }),
    );
    expect(s.cue?.sound).toBe("turn");
    const first = s.cue!.id;
    s = run(
      s,
      extraTurn("P1", "Ann", 3, annRolls()),
      ev("game:your-turn", { message: "Roll again!", canRoll: true, isExtraTurn: true, pending: annRolls() }),
    );
    expect(s.cue!.id).toBeGreaterThan(first);
    expect(s.view?.isExtraTurn).toBe(true);
  });

  it("the gamemaster's decision request sent again is silent for the page that had it", () => {
    const jokerCard = { question: "Sing", consequence: null };
    const decisionRequest = { requestId: "joker_1", timeLimit: 120, jokerCard };
    const waits = pending("decision", "P1", "Ann", { jokerCard, decisionRequest, deadline: iso(T0 + 120_000) });
    const request = { requestId: "joker_1", ...who("P1", "Ann"), jokerCard, timeLimit: 120, pending: waits };
    let s = synced(raceView({ you: { seat: "GM", role: "gamemaster", playerId: null } }));
    s = run(s, ev("game:gamemaster-decision-request", request));
    expect(s.cue?.sound).toBe("tick");
    const first = s.cue!.id;
    const left = { ...waits, decisionRequest: { ...decisionRequest, timeLimit: 50 } };
    s = run(s, ev("game:gamemaster-decision-request", { ...request, timeLimit: 50, pending: left }, T0 + 70_000));
    expect(s.cue!.id).toBe(first);
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 120_000));
  });
});
