import { describe, expect, it } from "vitest";
import { DeckType } from "./content/schema";
import { guessRequired, jokerGuessRequired } from "./flow";
import {
  answer,
  CARD,
  current,
  DRAW_DELAY,
  events,
  guess,
  guessAsked,
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
  testDecks,
} from "./test-kit";

describe("the question card matrix", () => {
  it.each([
    ["positive", true, true],
    ["positive", false, false],
    ["negative", true, false],
    ["negative", false, true],
    ["regular", true, false],
    ["regular", false, false],
    ["luck", true, false],
    ["luck", false, false],
  ])("determineGuessRequirement(%s, correct=%s) = %s", (field, correct, required) => {
    expect(guessRequired(field, correct)).toBe(required);
  });

  it.each([
    ["positive", true, "game:position-guess-request"],
    ["positive", false, "game:no-movement"],
    ["negative", true, "game:penalty-avoided"],
    ["negative", false, "game:position-guess-request"],
  ] as const)("in a game: %s field, correct=%s → %s", (field, correct, outcome) => {
    const t = race(["Ann", "Bob"]);
    land(t, 10, 2, field, `${field === "positive" ? "pos" : "neg"}-${CARD.trueFalse}`);
    const from = t.sent.length;
    answer(t, "P1", correct);
    expect(names(t, from)).toContain(outcome);
    if (outcome === "game:position-guess-request") {
      expect(current(t)).toBe("P1");
      expect(t.state.stage?.kind).toBe("guess");
    } else {
      // No movement either way: the player stays where the roll put them, and the turn moves on.
      expect(pos(t, "P1")).toBe(12);
      expect(current(t)).toBe("P2");
    }
  });

  it("no-movement and penalty-avoided carry the document's reason and message", () => {
    const t = race(["Ann", "Bob"]);
    land(t, 10, 2, "positive", `pos-${CARD.trueFalse}`);
    answer(t, "P1", false);
    expect(last(t, "game:no-movement")).toMatchObject({ playerId: "P1", reason: "Wrong answer on positive field" });
    const u = race(["Ann", "Bob"]);
    land(u, 10, 2, "negative", `neg-${CARD.trueFalse}`);
    answer(u, "P1", true);
    expect(last(u, "game:penalty-avoided")).toMatchObject({
      playerId: "P1",
      message: "Avoided penalty on negative field",
    });
  });
});

describe("luck cards", () => {
  const luck = (cardid: string, start = 10, dice = 2) => {
    const t = race(["Ann", "Bob", "Cy"]);
    land(t, start, dice, "luck", cardid);
    return t;
  };

  it("are played at once: card-drawn, card-result, luck-consequence, then the next turn", () => {
    const t = race(["Ann", "Bob"]);
    const from = t.sent.length;
    land(t, 10, 2, "luck", LUCK.forward);
    expect(names(t, from)).toEqual([
      "game:dice-rolled",
      "game:player-moved",
      "game:card-drawn",
      "game:card-result",
      "game:luck-consequence",
      "game:turn-changed",
      "game:your-turn",
    ]);
    expect(last(t, "game:card-drawn")).toMatchObject({ cardType: "LUCK", fieldType: "luck" });
    expect(last(t, "game:card-result")).toMatchObject({
      cardid: "c1",
      question: "Move forward 3 fields.",
      cardType: "LUCK",
      consequence: { type: 0, value: 3 },
    });
    expect(events(t, "game:card-drawn-self")).toHaveLength(0);
  });

  it("MOVE_FORWARD moves X steps", () => {
    const t = luck(LUCK.forward);
    expect(last(t, "game:luck-consequence")).toMatchObject({
      consequenceType: "MOVE_FORWARD",
      value: 3,
      newPosition: 15,
    });
    expect(pos(t, "P1")).toBe(15);
  });

  it("MOVE_FORWARD onto the finish wins", () => {
    const t = luck(LUCK.forward, 95, 2);
    expect(pos(t, "P1")).toBe(100);
    expect(last(t, "game:ended").winner).toBe("P1");
  });

  it("MOVE_BACKWARD moves X steps back, never below field 1", () => {
    const t = luck(LUCK.backward);
    expect(last(t, "game:luck-consequence")).toMatchObject({ consequenceType: "MOVE_BACKWARD", newPosition: 8 });
    const u = luck(LUCK.backward, 0, 2);
    expect(pos(u, "P1")).toBe(1);
  });

  it("LOSE_TURN stores the turns to lose (value 1 when the card has none) and moves on", () => {
    const t = luck(LUCK.lose1);
    expect(last(t, "game:luck-consequence")).toMatchObject({ consequenceType: "LOSE_TURN", value: 1, turnsToLose: 1 });
    expect(t.state.players[0]?.turnsToLose).toBe(1);
    expect(current(t)).toBe("P2");
  });

  it("EXTRA_TURN stores the extra turns; the player plays again at once", () => {
    const t = luck(LUCK.extra2);
    expect(last(t, "game:luck-consequence")).toMatchObject({ consequenceType: "EXTRA_TURN", value: 2, extraTurns: 2 });
    expect(current(t)).toBe("P1");
    expect(t.state.extraTurn).toBe(true);
  });

  it("GO_TO_START returns the player to position 1", () => {
    const t = luck(LUCK.start, 40, 3);
    expect(last(t, "game:luck-consequence")).toMatchObject({ consequenceType: "GO_TO_START", newPosition: 1 });
    expect(pos(t, "P1")).toBe(1);
  });

  it("turns to lose and extra turns add up when a player draws a second one", () => {
    const t = luck(LUCK.extra2);
    nextCard(t, DeckType.LUCK, LUCK.extra3);
    setField(t, 14, "luck");
    roll(t, "P1", 2);
    t.advance(DRAW_DELAY);
    // 2 owed, 1 used now, then +3: 4 left.
    expect(last(t, "game:luck-consequence").extraTurns).toBe(4);
  });
});

describe("jokers and the gamemaster", () => {
  /** P1 answers a question on a positive field and the guess lands on a `jokerField` field. */
  function toJoker(jokerField: "positive" | "negative", jokerId = "joker-1") {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setField(t, 4, "positive", 0);
    setField(t, 6, jokerField, 2);
    nextCard(t, DeckType.POSITIVE, `pos-${CARD.trueFalse}`);
    rollAndDraw(t, "P1", 4, DeckType.JOKER, jokerId);
    answer(t, "P1", true);
    guess(t, "P1", 6);
    t.advance(DRAW_DELAY);
    const request = last(t, "game:gamemaster-decision-request");
    return { t, requestId: request.requestId };
  }
  const decide = (t: T, requestId: string, decision: "approve" | "reject") =>
    t.must("GM", { event: "game:gamemaster-decision", data: { requestId, decision } });

  it.each([
    ["positive", "approve", true],
    ["positive", "reject", false],
    ["negative", "approve", false],
    ["negative", "reject", true],
  ] as const)("%s field, %s: guess required = %s", (field, decision, required) => {
    expect(jokerGuessRequired(field, decision === "approve")).toBe(required);
    const { t, requestId } = toJoker(field);
    const from = t.sent.length;
    decide(t, requestId, decision);
    expect(last(t, "game:gamemaster-decision-result")).toMatchObject({
      decision,
      approved: decision === "approve",
      consequence: null,
    });
    if (required) {
      expect(last(t, "game:joker-position-guess-request")).toMatchObject({ currentPosition: 6, diceRoll: 6 });
      // 6 + 6 + 2 + 2 = 16.
      jokerGuess(t, "P1", 16);
      expect(last(t, "game:joker-complete")).toMatchObject({ moved: true, finalPosition: 16, guessCorrect: true });
      expect(pos(t, "P1")).toBe(16);
    } else {
      expect(names(t, from)).not.toContain("game:joker-position-guess-request");
      expect(last(t, "game:joker-complete")).toMatchObject({
        moved: false,
        guessedPosition: null,
        calculation: null,
        finalPosition: 6,
      });
      expect(pos(t, "P1")).toBe(6);
    }
    expect(current(t)).toBe("P2");
  });

  it("the joker is shown to everyone; the decision request goes to the gamemaster only", () => {
    const { t, requestId } = toJoker("positive", "joker-2");
    const req = messages(t).filter((m) => m.event === "game:gamemaster-decision-request");
    expect(req.map((m) => m.to)).toEqual([{ seat: "GM" }]);
    expect(last(t, "game:joker-drawn").jokerCard).toEqual({
      question: "Sing a song.",
      consequence: { type: 0, value: 2 },
    });
    decide(t, requestId, "reject");
    expect(last(t, "game:gamemaster-decision-result").consequence).toBe(0);
  });

  it("only the gamemaster decides, and only the pending request", () => {
    const { t, requestId } = toJoker("positive");
    expect(t.refused("P1", { event: "game:gamemaster-decision", data: { requestId, decision: "approve" } })).toBe(
      "not_gamemaster",
    );
    expect(t.refused("GM", { event: "game:gamemaster-decision", data: { requestId: "x", decision: "approve" } })).toBe(
      "unknown_request",
    );
    expect(t.refused("GM", { event: "game:gamemaster-decision", data: { requestId, decision: "maybe" } })).toBe(
      "bad_action",
    );
    expect(t.refused("P1", { event: "game:dice-roll", data: { diceValue: 1 } })).toBe("not_now");
    decide(t, requestId, "approve");
    expect(t.refused("GM", { event: "game:gamemaster-decision", data: { requestId, decision: "approve" } })).toBe(
      "no_pending_decision",
    );
    expect(t.refused("P1", { event: "game:position-guess", data: { guessedPosition: 16 } })).toBe("no_pending_guess");
  });

  it("without a joker deck the landing is a joker error and the turn moves on", () => {
    const t = race(["Ann", "Bob"], { options: { decks: testDecks.filter((d) => d.decktype !== DeckType.JOKER) } });
    guessAsked(t, "positive", 2);
    guess(t, "P1", 6);
    t.advance(DRAW_DELAY);
    expect(last(t, "game:joker-error")).toMatchObject({ playerId: "P1", error: "No joker cards available" });
    expect(current(t)).toBe("P2");
  });
});

describe("decks", () => {
  it("a field with no deck is a card error and the turn moves on", () => {
    const t = race(["Ann", "Bob"], { options: { decks: [] } });
    plainBoard(t);
    setField(t, 2, "negative");
    roll(t, "P1", 2);
    t.advance(DRAW_DELAY);
    expect(last(t, "game:card-error")).toMatchObject({ playerId: "P1", error: "No negative cards available" });
    expect(current(t)).toBe("P2");
  });

  it("a deck that runs out is reshuffled whole, never dealing the last card again at once", () => {
    const t = race(["Ann", "Bob"]);
    const drawn: string[] = [];
    for (let i = 0; i < 7 * 4; i++) {
      const seat = current(t) as string;
      plainBoard(t);
      setPosition(t, seat, 10);
      setField(t, 11, "luck");
      roll(t, seat, 1);
      t.advance(DRAW_DELAY);
      // The race names each draw afresh (c1, c2, …): the card is told by its text.
      drawn.push(last(t, "game:card-result").question);
    }
    // Each run of 7 draws deals every luck card once.
    for (let k = 0; k < 4; k++) expect(new Set(drawn.slice(7 * k, 7 * k + 7)).size).toBe(7);
    for (let k = 1; k < drawn.length; k++) expect(drawn[k]).not.toBe(drawn[k - 1]);
  });
});
