import { describe, expect, it } from "vitest";
import {
  endedFromState,
  initialClient,
  isMyTurn,
  myTask,
  type SerpentAction,
  type SerpentClient,
  serpentReducer,
} from "./reducer";
import { iso, lobbyView, player, raceView, T0 } from "./test-views";
import type { ServerEventData, ServerEventName, ServerMessage, StateData } from "./wire";

const at = (ms: number) => ms;
const msg = (m: ServerMessage, local = T0): SerpentAction => ({ kind: "server", msg: m, at: local });
const sync = (v: StateData, local = T0) => msg({ event: "game:state", data: v }, local);
function ev<E extends ServerEventName>(event: E, data: Omit<ServerEventData<E>, "timestamp">, ms = T0): SerpentAction {
  return msg({ event, data: { ...data, timestamp: iso(ms) } } as unknown as ServerMessage, ms);
}
const run = (s: SerpentClient, ...as: SerpentAction[]) => as.reduce(serpentReducer, s);
const synced = (v: StateData) => run(initialClient("K7QM2D"), sync(v));
const who = (id: string, name: string) => ({ playerId: id, playerName: name });
const pos = (s: SerpentClient, id: string) => s.view?.players.find((p) => p.playerId === id)?.boardPosition;

describe("the sync", () => {
  it("replaces the view, sets the clock offset, and learns the time scale from a time limit", () => {
    const v = raceView({
      serverTime: iso(T0 + 400),
      pending: {
        ...raceView().pending!,
        kind: "answer",
        deadline: iso(T0 + 1000),
        fieldType: "positive",
        card: { cardType: "QUIZ", question: "Which planet is largest?" },
        cardData: { cardid: "c1", question: "Which planet is largest?", type: 0, timeLimit: 6 },
      },
    });
    const s = run(initialClient("K7QM2D"), sync(v, T0));
    expect(s.synced).toBe(true);
    expect(s.clockOffset).toBe(400);
    expect(s.timeScale).toBeCloseTo(0.1);
    expect(s.card).toMatchObject({ cardType: "QUIZ", question: "Which planet is largest?", turn: 1 });
  });

  it("a sync after the end shows the end, with each player's answers as the report", () => {
    const v = raceView({
      phase: "ended",
      pending: null,
      winner: "P2",
      winnerName: "Ben",
      finalPositions: [
        { ...who("P2", "Ben"), boardPosition: 100, turnOrder: 1 },
        { ...who("P1", "Ann"), boardPosition: 40, turnOrder: 0 },
      ],
      players: [
        player("P1", "Ann", { boardPosition: 40, answers: { QUIZ: { right: 1, wrong: 2 } } }),
        player("P2", "Ben", { boardPosition: 100 }),
      ],
    });
    const s = synced(v);
    expect(s.ended?.winnerName).toBe("Ben");
    expect(s.ended?.report.find((r) => r.playerId === "P1")?.answers).toEqual({ QUIZ: { right: 1, wrong: 2 } });
    expect(endedFromState(v).finalPositions[0]?.playerId).toBe("P2");
  });
});

describe("the lobby", () => {
  it("a join adds the player; ready counts; leaving the lobby frees the place", () => {
    let s = synced(lobbyView());
    s = run(s, ev("game:player-joined", { ...who("P3", "Cleo"), playerCount: 3 }));
    expect(s.view?.players.map((p) => p.playerName)).toEqual(["Ann", "Ben", "Cleo"]);
    s = run(
      s,
      ev("game:player-ready", { ...who("P3", "Cleo"), ready: true, readyCount: 1, totalPlayers: 3, allReady: false }),
    );
    expect(s.view?.players.find((p) => p.playerId === "P3")?.ready).toBe(true);
    expect(s.view?.readyCount).toBe(1);
    s = run(s, ev("game:player-left", { ...who("P3", "Cleo"), playerCount: 2, reason: "left" }));
    expect(s.view?.players.map((p) => p.playerId)).toEqual(["P1", "P2"]);
    expect(s.view?.readyCount).toBe(0);
    expect(s.feed[0]?.text).toBe("Cleo left the game.");
  });

  it("the start puts everyone at 0 in the turn order with the board, the first player to roll", () => {
    const s = run(
      synced(lobbyView()),
      ev("game:started", {
        message: "The race has started!",
        boardData: raceView().boardData!,
        turnSequence: ["P2", "P1"],
        currentPlayer: "P2",
        currentPlayerName: "Ben",
      }),
    );
    expect(s.view?.phase).toBe("active");
    expect(s.view?.players.map((p) => p.turnOrder)).toEqual([1, 0]);
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P2", playerName: "Ben" });
    expect(isMyTurn(s)).toBe(false);
    expect(s.feed[0]?.text).toContain("Ben goes first");
  });
});

describe("a question turn as the projector sees it", () => {
  const spectator = () => synced(raceView({ you: { seat: null, role: "spectator", playerId: null } }));

  it("roll, draw (the draw delay teaches the time scale), answer, guess and move", () => {
    let s = run(
      spectator(),
      ev("game:dice-rolled", { ...who("P1", "Ann"), diceValue: 5 }, T0),
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 0, newPosition: 5, diceValue: 5 }, T0),
    );
    expect(pos(s, "P1")).toBe(5);
    expect(s.view?.pending).toMatchObject({ kind: "drawing", fieldType: "positive" });
    expect(s.lastRoll).toMatchObject({ value: 5, turn: 1 });
    // The draw came 0.2 s after the move: the room runs at a tenth of real time (2 s delay).
    s = run(
      s,
      ev(
        "game:card-drawn",
        { ...who("P1", "Ann"), cardType: "TRUE_FALSE", question: "Ice floats.", fieldType: "positive" },
        T0 + 200,
      ),
    );
    expect(s.timeScale).toBeCloseTo(0.1);
    expect(s.view?.pending).toMatchObject({ kind: "answer", card: { cardType: "TRUE_FALSE" } });
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 200 + 6000));
    s = run(
      s,
      ev("game:answer-submitted", { ...who("P1", "Ann"), answer: true, message: "Ann answered." }, T0 + 900),
      ev(
        "game:answer-validated",
        { ...who("P1", "Ann"), isCorrect: true, correctAnswer: true, message: "Correct!" },
        T0 + 900,
      ),
    );
    expect(s.card).toMatchObject({ submitted: true, isCorrect: true, correctAnswer: true });
    expect(s.view?.players.find((p) => p.playerId === "P1")?.answers).toEqual({ TRUE_FALSE: { right: 1, wrong: 0 } });
    // Right on a reward field: a guess follows (its request goes to Ann alone), 3 s at this scale.
    expect(s.view?.pending).toMatchObject({ kind: "guess", playerId: "P1", guessRequest: null });
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 900 + 3000));
    s = run(
      s,
      ev("game:position-guess-broadcast", { ...who("P1", "Ann"), guessedPosition: 8, message: "Ann guesses 8." }),
      ev("game:guess-result", {
        ...who("P1", "Ann"),
        guessedPosition: 8,
        actualPosition: 8,
        finalPosition: 8,
        guessCorrect: true,
        penaltyApplied: false,
        calculation: {
          startPosition: 0,
          diceRoll: 5,
          stepValue: 1,
          patternModifier: 2,
          calculatedPosition: 8,
          penalty: 0,
        },
        message: "Correct! 0 + 5 + 1 + 2 = 8.",
      }),
    );
    expect(pos(s, "P1")).toBe(8);
    expect(s.view?.pending).toBeNull();
    expect(s.guess).toMatchObject({ guessCorrect: true, finalPosition: 8, joker: false });
    s = run(
      s,
      ev("game:turn-changed", {
        ...who("P2", "Ben"),
        currentPlayer: "P2",
        currentPlayerName: "Ben",
        turnNumber: 2,
        message: "Ben's turn.",
      }),
    );
    expect(s.view?.currentPlayer).toBe("P2");
    expect(s.view?.turnNumber).toBe(2);
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P2" });
    expect(s.feed[0]).toMatchObject({ text: "Ben's turn.", tone: "turn" });
  });

  it("wrong on a reward field: no guess, nobody moves", () => {
    let s = run(
      spectator(),
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 0, newPosition: 5, diceValue: 5 }),
      ev("game:card-drawn", { ...who("P1", "Ann"), cardType: "QUIZ", question: "Q?", fieldType: "positive" }),
      ev("game:answer-validated", { ...who("P1", "Ann"), isCorrect: false, correctAnswer: "B", message: "Wrong." }),
    );
    expect(s.view?.pending).toBeNull();
    s = run(
      s,
      ev("game:no-movement", {
        ...who("P1", "Ann"),
        reason: "Wrong answer on positive field",
        message: "Ann stays on field 5.",
      }),
    );
    expect(s.feed[0]).toMatchObject({ tone: "bad" });
    expect(s.feed[0]?.text).toContain("Wrong answer on positive field");
  });

  it("wrong on a penalty field asks for a guess; right avoids it", () => {
    const landed = run(
      spectator(),
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 0, newPosition: 7, diceValue: 6 }),
      ev("game:card-drawn", { ...who("P1", "Ann"), cardType: "CLOSER", question: "How many?", fieldType: "negative" }),
    );
    const wrong = run(
      landed,
      ev("game:answer-validated", { ...who("P1", "Ann"), isCorrect: false, correctAnswer: 12, message: "" }),
    );
    expect(wrong.view?.pending?.kind).toBe("guess");
    const right = run(
      landed,
      ev("game:answer-validated", { ...who("P1", "Ann"), isCorrect: true, correctAnswer: 12, message: "" }),
    );
    expect(right.view?.pending).toBeNull();
  });
});

describe("a player's own turn", () => {
  it("your-turn offers the roll; the card and the guess request carry exact deadlines and the formula", () => {
    let s = synced(raceView({ currentPlayer: "P2", currentPlayerName: "Ben", pending: null }));
    s = run(
      s,
      ev("game:turn-changed", { currentPlayer: "P1", currentPlayerName: "Ann", turnNumber: 2, message: "Ann's turn." }),
      ev("game:your-turn", { message: "Roll!", canRoll: true, isExtraTurn: false }),
    );
    expect(isMyTurn(s)).toBe(true);
    expect(myTask(s)?.kind).toBe("roll");
    s = run(
      s,
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 0, newPosition: 5, diceValue: 5 }, T0),
      ev(
        "game:card-drawn",
        { ...who("P1", "Ann"), cardType: "QUIZ", question: "Q?", fieldType: "positive" },
        T0 + 2000,
      ),
      ev(
        "game:card-drawn-self",
        {
          cardData: {
            cardid: "c1",
            question: "Q?",
            type: 0,
            timeLimit: 60,
            answerOptions: [
              { answer: "A", text: "one" },
              { answer: "B", text: "two" },
            ],
          },
        },
        T0 + 2000,
      ),
    );
    expect(s.timeScale).toBe(1);
    expect(myTask(s)).toMatchObject({ kind: "answer", deadline: iso(T0 + 62_000) });
    expect(myTask(s)?.cardData?.answerOptions).toHaveLength(2);
    expect(s.card?.cardData?.cardid).toBe("c1");
    s = run(
      s,
      ev("game:answer-validated", { ...who("P1", "Ann"), isCorrect: true, correctAnswer: "B", message: "" }, T0 + 5000),
      ev(
        "game:position-guess-request",
        {
          message: "Guess",
          currentPosition: 0,
          diceRoll: 5,
          fieldStepValue: 1,
          patternModifier: 2,
          timeLimit: 30,
        },
        T0 + 5000,
      ),
    );
    expect(myTask(s)).toMatchObject({
      kind: "guess",
      deadline: iso(T0 + 35_000),
      guessRequest: { currentPosition: 0, diceRoll: 5, fieldStepValue: 1, patternModifier: 2 },
    });
  });

  it("a countdown starts at the full limit when its event arrives late (server time, by the sync's clock)", () => {
    // The sync said the server is 300 ms ahead; the card arrives 2 s after it was sent.
    let s = run(initialClient("K7QM2D"), sync(raceView({ serverTime: iso(T0 + 300) }), T0));
    s = run(
      s,
      msg(
        {
          event: "game:card-drawn-self",
          data: { cardData: { cardid: "c1", question: "Q?", type: 3, timeLimit: 60 }, timestamp: iso(T0 + 1000) },
        },
        T0 + 3000,
      ),
    );
    expect(myTask(s)?.deadline).toBe(iso(T0 + 3000 + 300 + 60_000));
  });

  it("a prompt sent again after a reconnect keeps the sync's deadline (and teaches no time scale)", () => {
    const answering = raceView({
      pending: {
        ...raceView().pending!,
        kind: "answer",
        deadline: iso(T0 + 20_000),
        fieldType: "positive",
        card: { cardType: "TRUE_FALSE", question: "Q?" },
        cardData: { cardid: "c1", question: "Q?", type: 3, timeLimit: 60 },
      },
    });
    let s = run(
      synced(answering),
      ev("game:card-drawn-self", { cardData: { cardid: "c1", question: "Q?", type: 3, timeLimit: 20 } }, T0 + 100),
    );
    expect(myTask(s)?.deadline).toBe(iso(T0 + 20_000));
    expect(s.timeScale).toBe(1);
    const guessing = raceView({
      pending: {
        ...raceView().pending!,
        kind: "guess",
        deadline: iso(T0 + 9000),
        guessRequest: { currentPosition: 0, diceRoll: 5, fieldStepValue: 1, patternModifier: 2, timeLimit: 30 },
      },
    });
    const request = { message: "Guess", currentPosition: 0, diceRoll: 5, fieldStepValue: 1, patternModifier: 2 };
    s = run(synced(guessing), ev("game:position-guess-request", { ...request, timeLimit: 30 }, T0 + 100));
    expect(myTask(s)?.deadline).toBe(iso(T0 + 9000));
    const deciding = raceView({
      you: { seat: "GM", role: "gamemaster", playerId: null },
      pending: {
        ...raceView().pending!,
        kind: "decision",
        deadline: iso(T0 + 50_000),
        jokerCard: { question: "J", consequence: null },
        decisionRequest: { requestId: "joker_2", timeLimit: 120, jokerCard: { question: "J", consequence: null } },
      },
    });
    s = run(
      synced(deciding),
      ev(
        "game:gamemaster-decision-request",
        { requestId: "joker_2", ...who("P1", "Ann"), jokerCard: { question: "J", consequence: null }, timeLimit: 120 },
        T0 + 100,
      ),
    );
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 50_000));
  });

  it("someone else's guess request never reaches the projector's pending as a request", () => {
    const s = run(
      synced(raceView({ you: { seat: null, role: "spectator", playerId: null } })),
      ev("game:position-guess-request", {
        message: "Guess",
        currentPosition: 0,
        diceRoll: 5,
        fieldStepValue: 1,
        patternModifier: 2,
        timeLimit: 30,
      }),
    );
    expect(s.view?.pending?.guessRequest).toBeNull();
  });
});

describe("luck, skips and extra turns", () => {
  it("a luck card moves at once; lost turns and extra turns are counted and told", () => {
    let s = synced(raceView());
    s = run(
      s,
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 3, newPosition: 9, diceValue: 6 }),
      ev("game:card-drawn", { ...who("P1", "Ann"), cardType: "LUCK", question: "Tailwind!", fieldType: "luck" }),
      ev("game:card-result", {
        ...who("P1", "Ann"),
        cardid: "l1",
        cardType: "LUCK",
        question: "Tailwind!",
        consequence: { type: 0, value: 3 },
      }),
      ev("game:luck-consequence", {
        ...who("P1", "Ann"),
        consequenceType: "MOVE_FORWARD",
        value: 3,
        newPosition: 12,
        message: "Ann moves forward 3 to 12.",
      }),
    );
    expect(pos(s, "P1")).toBe(12);
    expect(s.view?.pending).toBeNull();
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
      }),
      ev("game:players-skipped", {
        skippedPlayers: [{ ...who("P2", "Ben"), remainingTurnsToLose: 1 }],
        reason: "lost-turns",
        message: "Ben loses a turn.",
      }),
    );
    expect(s.view?.players.find((p) => p.playerId === "P2")?.turnsToLose).toBe(1);
    expect(s.feed[0]).toMatchObject({ text: "Ben loses a turn (1 more to miss).", tone: "bad" });
    s = run(s, ev("game:extra-turn-remaining", { ...who("P1", "Ann"), remainingExtraTurns: 0, message: "extra" }));
    expect(s.view?.isExtraTurn).toBe(true);
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P1" });
    expect(s.view?.turnNumber).toBe(2);
  });
});

describe("jokers", () => {
  it("a guess onto a question field draws a joker; the gamemaster's request, ruling and the joker's move", () => {
    let s = synced(raceView({ you: { seat: "GM", role: "gamemaster", playerId: null } }));
    s = run(
      s,
      ev("game:guess-result", {
        ...who("P1", "Ann"),
        guessedPosition: 12,
        actualPosition: 12,
        finalPosition: 12,
        guessCorrect: true,
        penaltyApplied: false,
        calculation: {
          startPosition: 5,
          diceRoll: 4,
          stepValue: 1,
          patternModifier: 2,
          calculatedPosition: 12,
          penalty: 0,
        },
        message: "Correct!",
      }),
    );
    expect(s.view?.pending).toMatchObject({ kind: "drawing", fieldType: "positive" });
    s = run(
      s,
      ev("game:joker-drawn", {
        ...who("P1", "Ann"),
        jokerCard: { question: "A shortcut!", consequence: { type: 0, value: 2 } },
        waitingForGamemaster: true,
      }),
      ev("game:gamemaster-decision-request", {
        requestId: "joker_0",
        ...who("P1", "Ann"),
        jokerCard: { question: "A shortcut!", consequence: { type: 0, value: 2 } },
        timeLimit: 120,
      }),
    );
    expect(s.view?.pending).toMatchObject({
      kind: "decision",
      fieldType: "positive",
      decisionRequest: { requestId: "joker_0" },
    });
    expect(s.joker?.jokerCard.question).toBe("A shortcut!");
    s = run(
      s,
      ev("game:gamemaster-decision-result", {
        ...who("P1", "Ann"),
        gamemasterName: "Ms Rivera",
        decision: "approve",
        approved: true,
        consequence: 0,
        description: "Approved on a positive field: guess the joker's move.",
      }),
    );
    expect(s.view?.pending).toMatchObject({ kind: "jokerGuess", decisionRequest: null });
    expect(s.joker?.decision).toBe("approve");
    s = run(
      s,
      ev("game:joker-complete", {
        ...who("P1", "Ann"),
        guessedPosition: 21,
        actualPosition: 21,
        finalPosition: 21,
        guessCorrect: true,
        penaltyApplied: false,
        moved: true,
        calculation: {
          startPosition: 12,
          diceRoll: 6,
          stepValue: 1,
          patternModifier: 2,
          calculatedPosition: 21,
          penalty: 0,
        },
        message: "Correct!",
      }),
    );
    expect(pos(s, "P1")).toBe(21);
    expect(s.guess).toMatchObject({ joker: true, moved: true });
    expect(s.view?.pending).toBeNull();
  });

  it("a rejection on a reward field moves nobody; a timeout drops the request", () => {
    let s = synced(raceView({ you: { seat: "GM", role: "gamemaster", playerId: null } }));
    s = run(
      s,
      ev("game:player-moved", { ...who("P1", "Ann"), oldPosition: 0, newPosition: 12, diceValue: 6 }),
      ev("game:joker-drawn", {
        ...who("P1", "Ann"),
        jokerCard: { question: "J", consequence: null },
        waitingForGamemaster: true,
      }),
      ev("game:gamemaster-decision-request", {
        requestId: "joker_1",
        ...who("P1", "Ann"),
        jokerCard: { question: "J", consequence: null },
        timeLimit: 120,
      }),
      ev("game:gamemaster-timeout", { requestId: "joker_1", ...who("P1", "Ann"), message: "Timed out." }),
    );
    expect(s.view?.pending?.decisionRequest).toBeNull();
    s = run(
      s,
      ev("game:gamemaster-decision-result", {
        ...who("P1", "Ann"),
        gamemasterName: "Ms Rivera",
        decision: "reject",
        approved: false,
        consequence: null,
        description: "Timed out: rejected on a positive field: no movement.",
      }),
    );
    expect(s.view?.pending).toBeNull();
  });
});

describe("refusals, chat and the end", () => {
  it("refusals become one toast each; a missing room or a refused token are flags, not toasts", () => {
    let s = synced(raceView());
    const err = (code: string, message: string) =>
      msg({ event: "game:error", data: { code, message, timestamp: iso(T0) } });
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
      finalPositions: [
        { ...who("P1", "Ann"), boardPosition: 100, turnOrder: 0 },
        { ...who("P2", "Ben"), boardPosition: 31, turnOrder: 1 },
      ],
      report: [
        { ...who("P1", "Ann"), boardPosition: 100, answers: { QUIZ: { right: 2, wrong: 0 } } },
        { ...who("P2", "Ben"), boardPosition: 31, answers: {} },
      ],
    };
    let s = run(
      synced(raceView()),
      ev("game:ended", ended),
      ev("game:cleanup-complete", { gameCode: "K7QM2D", message: "closing" }),
    );
    expect(s.view?.phase).toBe("ended");
    expect(pos(s, "P1")).toBe(100);
    expect(s.ended?.report[0]?.answers).toEqual({ QUIZ: { right: 2, wrong: 0 } });
    expect(s.closed).toBe(true);
    s = run(s, msg({ event: "game:error", data: { code: "room_not_found", message: "gone", timestamp: iso(at(T0)) } }));
    expect(s.notFound).toBe(false);
  });
});
