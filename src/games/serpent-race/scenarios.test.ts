import { describe, expect, it } from "vitest";
import { DeckType } from "./content/schema";
import {
  answer,
  CARD,
  current,
  DRAW_DELAY,
  events,
  guess,
  jokerGuess,
  LUCK,
  land,
  last,
  messages,
  names,
  nextCard,
  plainBoard,
  pos,
  race,
  roll,
  rollAndDraw,
  setField,
  setPosition,
  type T,
} from "./test-kit";

/** The document's "Complete Game Scenarios", step by step. */

/** A regular roll that changes nothing but the position and the turn. */
function plainTurn(t: T, seat: string, dice = 1) {
  expect(current(t)).toBe(seat);
  roll(t, seat, dice);
}

describe("Scenario 1: question card on a positive field, correct answer", () => {
  it("asks for a guess, and a right guess moves the player to 28", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setPosition(t, "P1", 20);
    setField(t, 24, "positive", 2);
    nextCard(t, DeckType.POSITIVE, `pos-${CARD.quiz}`);
    const from = t.sent.length;

    // 1-3. Player at 20 rolls 4 and lands on 24 (positive, step value 2).
    roll(t, "P1", 4);
    expect(last(t, "game:dice-rolled")).toMatchObject({ playerId: "P1", diceValue: 4 });
    expect(last(t, "game:player-moved")).toMatchObject({ oldPosition: 20, newPosition: 24, diceValue: 4 });
    // 4. The server waits 2 seconds before drawing.
    t.advance(DRAW_DELAY - 1);
    expect(events(t, "game:card-drawn", from)).toHaveLength(0);
    t.advance(1);
    // 5-7. A POSITIVE deck QUIZ card: everyone sees the question, the player gets the card (60 s).
    expect(last(t, "game:card-drawn")).toMatchObject({
      playerId: "P1",
      cardType: "QUIZ",
      question: "What is the capital of France?",
      fieldType: "positive",
    });
    const self = messages(t, from).find((m) => m.event === "game:card-drawn-self");
    expect(self?.to).toEqual({ seat: "P1" });
    expect(last(t, "game:card-drawn-self").cardData.timeLimit).toBe(60);
    // 8-10. Right answer: submitted, then validated.
    answer(t, "P1", "B");
    expect(last(t, "game:answer-submitted")).toMatchObject({ playerId: "P1", answer: "B" });
    expect(last(t, "game:answer-validated")).toMatchObject({ isCorrect: true, correctAnswer: "B" });
    // 11-12. Positive + correct = guess, showing 20, 4, 2 and +2 (30 s).
    expect(last(t, "game:position-guess-request")).toMatchObject({
      currentPosition: 20,
      diceRoll: 4,
      fieldStepValue: 2,
      patternModifier: 2,
      timeLimit: 30,
    });
    // 13-17. The player guesses 28 = 20 + 4 + 2 + 2.
    guess(t, "P1", 28);
    expect(last(t, "game:position-guess-broadcast")).toMatchObject({ guessedPosition: 28 });
    expect(last(t, "game:guess-result")).toMatchObject({
      guessedPosition: 28,
      actualPosition: 28,
      finalPosition: 28,
      guessCorrect: true,
      penaltyApplied: false,
      calculation: {
        startPosition: 20,
        diceRoll: 4,
        stepValue: 2,
        patternModifier: 2,
        calculatedPosition: 28,
        penalty: 0,
      },
    });
    expect(pos(t, "P1")).toBe(28);
    // 18-19. 28 is not special: next player's turn.
    expect(last(t, "game:turn-changed")).toMatchObject({ currentPlayer: "P2" });
    expect(names(t, from)).toEqual([
      "game:dice-rolled",
      "game:player-moved",
      "game:card-drawn",
      "game:card-drawn-self",
      "game:answer-submitted",
      "game:answer-validated",
      "game:position-guess-request",
      "game:position-guess-broadcast",
      "game:guess-result",
      "game:turn-changed",
      "game:your-turn",
    ]);
  });
});

describe("Scenario 2: question card on a negative field, wrong answer", () => {
  it("asks for a guess (the penalty test), and a right guess moves to 57", () => {
    const t = race(["Ann", "Bob"]);
    land(t, 50, 5, "negative", `neg-${CARD.trueFalse}`);
    expect(last(t, "game:card-drawn")).toMatchObject({ cardType: "TRUE_FALSE", fieldType: "negative" });
    answer(t, "P1", false);
    expect(last(t, "game:answer-validated")).toMatchObject({ isCorrect: false, correctAnswer: true });
    expect(last(t, "game:position-guess-request")).toMatchObject({
      currentPosition: 50,
      diceRoll: 5,
      fieldStepValue: 1,
      patternModifier: 1,
    });
    guess(t, "P1", 57);
    expect(last(t, "game:guess-result")).toMatchObject({
      guessCorrect: true,
      finalPosition: 57,
      penaltyApplied: false,
    });
    expect(pos(t, "P1")).toBe(57);
    expect(current(t)).toBe("P2");
  });
});

describe("Scenario 3: luck card with a multi-turn EXTRA_TURN", () => {
  it("gives the player 4 turns in all (1 + 3 extra)", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setPosition(t, "P1", 30);
    setField(t, 33, "luck");
    nextCard(t, DeckType.LUCK, LUCK.extra3);
    const from = t.sent.length;
    roll(t, "P1", 3);
    t.advance(DRAW_DELAY);
    expect(names(t, from).slice(2, 5)).toEqual(["game:card-drawn", "game:card-result", "game:luck-consequence"]);
    expect(last(t, "game:luck-consequence")).toMatchObject({
      consequenceType: "EXTRA_TURN",
      value: 3,
      extraTurns: 3,
    });
    // advanceTurn: 3 > 0, so the same player goes on with 2 left after this one.
    expect(last(t, "game:extra-turn-remaining")).toMatchObject({ playerId: "P1", remainingExtraTurns: 2 });
    expect(messages(t).at(-1)).toMatchObject({
      to: { seat: "P1" },
      event: "game:your-turn",
      data: { isExtraTurn: true },
    });
    plainTurn(t, "P1");
    expect(last(t, "game:extra-turn-remaining").remainingExtraTurns).toBe(1);
    plainTurn(t, "P1");
    expect(last(t, "game:extra-turn-remaining").remainingExtraTurns).toBe(0);
    plainTurn(t, "P1");
    expect(current(t)).toBe("P2");
    expect(events(t, "game:dice-rolled", from).filter((d) => d.playerId === "P1")).toHaveLength(4);
    expect(events(t, "game:turn-changed", from)).toHaveLength(1);
  });
});

describe("Scenario 4: luck card with a multi-turn LOSE_TURN", () => {
  it("skips the player twice, each skip broadcast with the turns left", () => {
    const t = race(["Player A", "Player B"]);
    plainBoard(t);
    setField(t, 2, "luck");
    rollAndDraw(t, "P1", 2, DeckType.LUCK, LUCK.lose2);
    expect(last(t, "game:luck-consequence")).toMatchObject({ consequenceType: "LOSE_TURN", turnsToLose: 2 });
    // advanceTurn: on to Player B.
    expect(current(t)).toBe("P2");
    const from = t.sent.length;
    plainTurn(t, "P2", 3);
    // Player A is reached, 2 → 1, skipped; Player B again.
    expect(last(t, "game:players-skipped")).toMatchObject({
      skippedPlayers: [{ playerId: "P1", playerName: "Player A", remainingTurnsToLose: 1 }],
    });
    expect(last(t, "game:turn-changed")).toMatchObject({ currentPlayer: "P2" });
    plainTurn(t, "P2", 3);
    expect(last(t, "game:players-skipped").skippedPlayers).toEqual([
      { playerId: "P1", playerName: "Player A", remainingTurnsToLose: 0 },
    ]);
    plainTurn(t, "P2", 3);
    expect(current(t)).toBe("P1");
    expect(events(t, "game:players-skipped", from)).toHaveLength(2);
  });
});

describe("Scenario 5: joker card on a positive field, approved by the gamemaster", () => {
  it("asks for a joker guess with dice 6 and moves the player 70 → 75, with no tertiary landing", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    // A question card first: 60 + 6 (to 66, positive, step 3) + 3 + 1 = 70.
    setPosition(t, "P1", 60);
    setField(t, 66, "positive", 3);
    // 70 is a positive field with step value 1; 75 is positive too (no tertiary landing).
    setField(t, 70, "positive", 1);
    setField(t, 75, "positive", 2);
    nextCard(t, DeckType.POSITIVE, `pos-${CARD.own}`);
    rollAndDraw(t, "P1", 6, DeckType.JOKER, "joker-1");
    answer(t, "P1", "jupiter");
    guess(t, "P1", 70);
    // 1-2. The player lands on 70 (positive): secondary landing, after the draw delay.
    expect(pos(t, "P1")).toBe(70);
    const from = t.sent.length;
    t.advance(DRAW_DELAY);
    // 3-5. A JOKER card; the gamemaster is asked (120 s).
    expect(last(t, "game:joker-drawn")).toMatchObject({
      playerId: "P1",
      waitingForGamemaster: true,
      jokerCard: { question: "Name five countries in Europe.", consequence: null },
    });
    const request = messages(t, from).find((m) => m.event === "game:gamemaster-decision-request");
    expect(request?.to).toEqual({ seat: "GM" });
    expect(request?.data).toMatchObject({ playerId: "P1", timeLimit: 120 });
    const { requestId } = last(t, "game:gamemaster-decision-request");
    // 6-8. Approved: positive + approved = guess.
    t.must("GM", { event: "game:gamemaster-decision", data: { requestId, decision: "approve" } });
    expect(last(t, "game:gamemaster-decision-result")).toMatchObject({
      decision: "approve",
      approved: true,
      gamemasterName: "Ms Teacher",
    });
    // 9. 70, dice 6, step value 1, modifier -2.
    expect(last(t, "game:joker-position-guess-request")).toMatchObject({
      currentPosition: 70,
      diceRoll: 6,
      fieldStepValue: 1,
      patternModifier: -2,
    });
    // 10-12. The guess 75 is right.
    jokerGuess(t, "P1", 75);
    expect(last(t, "game:joker-complete")).toMatchObject({ guessCorrect: true, moved: true, finalPosition: 75 });
    expect(pos(t, "P1")).toBe(75);
    // 13-14. No tertiary landing: no draw delay, the turn advances at once.
    expect(t.rules.due(t.state)).toBeNull();
    expect(current(t)).toBe("P2");
    expect(events(t, "game:joker-drawn")).toHaveLength(1);
  });
});

describe("Scenario 6: several players with turn tracking", () => {
  /**
   * The document's narrative has PlayerA skipped at "turn 4", straight after their own
   * turn 3; its advanceTurn() (which the rules follow) looks at the players after the
   * current one, so the skip comes when the sequence reaches PlayerA again, after B and C.
   */
  it("extra turns take priority over a lost turn, which is taken when the sequence reaches the player", () => {
    const t = race(["PlayerA", "PlayerB", "PlayerC"]);
    plainBoard(t);
    setField(t, 1, "luck");
    setField(t, 2, "luck");
    nextCard(t, DeckType.LUCK, LUCK.extra2);
    // Turn 1: PlayerA gets EXTRA_TURN (2), plays again.
    roll(t, "P1", 1);
    t.advance(DRAW_DELAY);
    expect(t.state.players[0]?.extraTurns).toBe(1);
    expect(last(t, "game:extra-turn-remaining").remainingExtraTurns).toBe(1);
    // Turn 2 (extra 1): LOSE_TURN (1); one extra turn is still left, so PlayerA plays again.
    rollAndDraw(t, "P1", 1, DeckType.LUCK, LUCK.lose1);
    expect(t.state.players[0]).toMatchObject({ turnsToLose: 1, extraTurns: 0 });
    expect(last(t, "game:extra-turn-remaining").remainingExtraTurns).toBe(0);
    expect(current(t)).toBe("P1");
    // Turn 3 (extra 2): a normal turn, then the next player.
    plainTurn(t, "P1");
    // Turns 4 and 5: PlayerB, PlayerC.
    plainTurn(t, "P2", 3);
    const from = t.sent.length;
    plainTurn(t, "P3", 3);
    // The sequence reaches PlayerA: skipped (1 → 0), PlayerB plays.
    expect(last(t, "game:players-skipped").skippedPlayers).toEqual([
      { playerId: "P1", playerName: "PlayerA", remainingTurnsToLose: 0 },
    ]);
    expect(names(t, from).slice(-3)).toEqual(["game:players-skipped", "game:turn-changed", "game:your-turn"]);
    plainTurn(t, "P2", 3);
    plainTurn(t, "P3", 3);
    // Back to PlayerA (turnsToLose = 0): plays normally.
    expect(current(t)).toBe("P1");
    plainTurn(t, "P1");
    expect(events(t, "game:players-skipped")).toHaveLength(1);
    expect(last(t, "game:turn-changed").turnNumber).toBe(t.state.turnNumber);
  });
});
