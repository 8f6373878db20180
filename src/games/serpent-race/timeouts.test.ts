import { describe, expect, it } from "vitest";
import { DeckType } from "./content/schema";
import {
  answer,
  CARD,
  current,
  events,
  guess,
  guessAsked,
  last,
  names,
  nextCard,
  plainBoard,
  pos,
  questionDrawn,
  race,
  rig,
  roll,
  SCALE,
  SCALED,
  setField,
  type T,
} from "./test-kit";
import type { ServerEventName } from "./wire";

/** The three timeouts (and the draw delay) at a hundredth of real time. */
const { DRAW, ANSWER, GUESS, DECISION } = SCALED;

const onCard = (field: "positive" | "negative") => questionDrawn(field, "quiz");

/**
 * Runs the clock to 1 ms before a deadline `ms` away, where `timeout` has not been sent yet,
 * then to the deadline: the names of the events sent at the deadline.
 */
function atDeadline(t: T, ms: number, timeout: ServerEventName): string[] {
  t.advance(ms - 1);
  expect(events(t, timeout)).toHaveLength(0);
  const from = t.sent.length;
  t.advance(1);
  return names(t, from);
}

describe("the draw delay", () => {
  it("is 2 s scaled: nothing is drawn a moment before", () => {
    const t = race(["Ann", "Bob"], { timeScale: SCALE });
    plainBoard(t);
    setField(t, 5, "positive", 1);
    roll(t, "P1", 5);
    expect(t.rules.due(t.state)).toBe(t.now + DRAW);
    t.advance(DRAW - 1);
    expect(events(t, "game:card-drawn")).toHaveLength(0);
    t.advance(1);
    expect(events(t, "game:card-drawn")).toHaveLength(1);
  });
});

describe("card answer timeout (60 s)", () => {
  it("tells everyone, counts as a wrong answer with the answer shown, and a positive field moves nobody", () => {
    const t = onCard("positive");
    expect(last(t, "game:card-drawn-self").cardData.timeLimit).toBeCloseTo(0.6);
    expect(atDeadline(t, ANSWER, "game:card-timeout")).toEqual([
      "game:card-timeout",
      "game:answer-validated",
      "game:no-movement",
      "game:turn-changed",
      "game:your-turn",
    ]);
    expect(last(t, "game:card-timeout")).toMatchObject({ playerId: "P1", playerName: "Ann" });
    expect(last(t, "game:answer-validated")).toMatchObject({ isCorrect: false, correctAnswer: "B" });
    expect(pos(t, "P1")).toBe(5);
    expect(t.state.players[0]?.answers).toEqual({ QUIZ: { right: 0, wrong: 1 } });
  });

  it("on a negative field a timeout is a wrong answer: the penalty guess is asked for", () => {
    const t = onCard("negative");
    t.advance(ANSWER);
    expect(last(t, "game:position-guess-request")).toMatchObject({ currentPosition: 0, diceRoll: 5 });
  });

  it("an answer after the deadline meets the timeout (the table catches up first) and is refused", () => {
    const t = onCard("positive");
    t.now += ANSWER + 5;
    expect(t.refused("P1", { event: "game:card-answer", data: { answer: "B" } })).toBe("timeout_expired");
    expect(events(t, "game:card-timeout")).toHaveLength(1);
    expect(current(t)).toBe("P2");
  });

  it("an answer in time cancels the timer", () => {
    const t = onCard("positive");
    t.advance(ANSWER - 1);
    answer(t, "P1", "A");
    t.advance(ANSWER * 10);
    expect(events(t, "game:card-timeout")).toHaveLength(0);
  });
});

describe("position guess timeout (30 s)", () => {
  // docs/games/serpent-race.md, Decisions D5.
  it("means no extra movement: the player stays on the field they rolled to", () => {
    const t = onCard("positive");
    answer(t, "P1", "B");
    expect(last(t, "game:position-guess-request").timeLimit).toBeCloseTo(0.3);
    expect(atDeadline(t, GUESS, "game:guess-timeout")).toEqual([
      "game:guess-timeout",
      "game:turn-changed",
      "game:your-turn",
    ]);
    expect(pos(t, "P1")).toBe(5);
    expect(t.refused("P1", { event: "game:position-guess", data: { guessedPosition: 9 } })).toBe("timeout_expired");
  });

  it("a late guess from a player who plays on (an extra turn) is told the time ran out", () => {
    const t = onCard("positive");
    rig(t, (s) => {
      const p = s.players[0];
      if (p) p.extraTurns = 1;
    });
    answer(t, "P1", "B");
    t.advance(GUESS);
    expect(current(t)).toBe("P1");
    expect(t.refused("P1", { event: "game:position-guess", data: { guessedPosition: 9 } })).toBe("timeout_expired");
    // Once they roll again, a stray guess is just out of place.
    roll(t, "P1", 2);
    expect(t.refused("P2", { event: "game:position-guess", data: { guessedPosition: 9 } })).toBe("no_pending_guess");
  });
});

describe("gamemaster decision timeout (120 s)", () => {
  function toJoker(field: "positive" | "negative"): T {
    const t = race(["Ann", "Bob"], { timeScale: SCALE });
    guessAsked(t, field, 2);
    guess(t, "P1", 6);
    t.advance(DRAW);
    expect(last(t, "game:gamemaster-decision-request").timeLimit).toBeCloseTo(1.2);
    return t;
  }

  it("auto-rejects: on a positive field the player does not move", () => {
    const t = toJoker("positive");
    const { requestId } = last(t, "game:gamemaster-decision-request");
    expect(atDeadline(t, DECISION, "game:gamemaster-timeout")).toEqual([
      "game:gamemaster-timeout",
      "game:gamemaster-decision-result",
      "game:joker-complete",
      "game:turn-changed",
      "game:your-turn",
    ]);
    expect(last(t, "game:gamemaster-timeout")).toMatchObject({ requestId, playerName: "Ann" });
    expect(last(t, "game:gamemaster-decision-result")).toMatchObject({ decision: "reject", approved: false });
    expect(last(t, "game:joker-complete")).toMatchObject({ moved: false, finalPosition: 6 });
    expect(t.refused("GM", { event: "game:gamemaster-decision", data: { requestId, decision: "approve" } })).toBe(
      "timeout_expired",
    );
  });

  it("auto-rejects: on a negative field the joker guess is asked for, and its own timeout moves nobody", () => {
    const t = toJoker("negative");
    t.advance(DECISION);
    expect(last(t, "game:joker-position-guess-request")).toMatchObject({ currentPosition: 6, diceRoll: 6 });
    const from = t.sent.length;
    t.advance(GUESS);
    expect(names(t, from)).toEqual([
      "game:guess-timeout",
      "game:joker-complete",
      "game:turn-changed",
      "game:your-turn",
    ]);
    expect(last(t, "game:joker-complete")).toMatchObject({ moved: false, guessedPosition: null, finalPosition: 6 });
    expect(pos(t, "P1")).toBe(6);
  });

  it("several deadlines passed at once fire in order, each at its own time", () => {
    const t = toJoker("negative");
    const at = t.now;
    t.now += DECISION + GUESS + 1;
    t.catchUp();
    expect(events(t, "game:gamemaster-timeout")[0]?.timestamp).toBe(new Date(at + DECISION).toISOString());
    expect(events(t, "game:guess-timeout")[0]?.timestamp).toBe(new Date(at + DECISION + GUESS).toISOString());
    expect(current(t)).toBe("P2");
  });
});

describe("timer options", () => {
  it("each duration is a room option, scaled", () => {
    const t = race(["Ann", "Bob"], {
      timeScale: 0.5,
      options: { answerSeconds: 10, guessSeconds: 4, decisionSeconds: 8, drawDelaySeconds: 1 },
    });
    plainBoard(t);
    setField(t, 5, "positive", 1);
    nextCard(t, DeckType.POSITIVE, `pos-${CARD.quiz}`);
    roll(t, "P1", 5);
    expect(t.rules.due(t.state)).toBe(t.now + 500);
    t.advance(500);
    expect(t.rules.due(t.state)).toBe(t.now + 5000);
    expect(last(t, "game:card-drawn-self").cardData.timeLimit).toBe(5);
  });
});
