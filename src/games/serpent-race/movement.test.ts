import { describe, expect, it } from "vitest";
import { seedRng } from "../../engine/rng";
import { calculate, generateBoard, patternModifier, zoneOf } from "./board";
import { DeckType } from "./content/schema";
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
  plainBoard,
  pos,
  race,
  roll,
  rollAndDraw,
  setField,
  setPosition,
  type T,
} from "./test-kit";

describe("pattern zones (getPatternModifier)", () => {
  it.each([
    [0, 2],
    [1, 2],
    [20, 2],
    [21, -1],
    [40, -1],
    [41, 1],
    [60, 1],
    [61, -2],
    [80, -2],
    [81, 3],
    [100, 3],
  ])("position %i has modifier %i", (position, modifier) => {
    expect(patternModifier(position, 100)).toBe(modifier);
  });

  it("on a board of another size the zones are still fifths of it, in the same order", () => {
    // 30 fields: 1-6, 7-12, 13-18, 19-24, 25-30.
    expect([0, 1, 6, 7, 12, 13, 18, 19, 24, 25, 30, 36].map((p) => patternModifier(p, 30))).toEqual([
      2, 2, 2, -1, -1, 1, 1, -2, -2, 3, 3, 3,
    ]);
    // 36 fields do not split evenly: every zone still holds 7 or 8 fields, in order.
    const sizes = [0, 0, 0, 0, 0];
    for (let p = 1; p <= 36; p++) sizes[zoneOf(p, 36)]!++;
    expect(sizes).toEqual([7, 7, 7, 7, 8]);
    for (const size of [10, 37, 45, 200])
      for (let p = 1; p < size; p++) expect(zoneOf(p + 1, size)).toBeGreaterThanOrEqual(zoneOf(p, size));
  });
});

describe("the document's calculation examples", () => {
  it("Example 1: position 15, dice 4, step value 2 → 15 + 4 + 2 + 2 = 23", () => {
    expect(calculate(15, 4, 2, patternModifier(15, 100), 23, 100)).toMatchObject({
      guessCorrect: true,
      finalPosition: 23,
      calculation: { patternModifier: 2, calculatedPosition: 23, penalty: 0 },
    });
  });

  it("Example 2: position 35, dice 6, step value 1 → 35 + 6 + 1 − 1 = 41", () => {
    expect(calculate(35, 6, 1, patternModifier(35, 100), 41, 100)).toMatchObject({
      guessCorrect: true,
      finalPosition: 41,
      calculation: { patternModifier: -1, calculatedPosition: 41 },
    });
  });

  it("Example 3: joker at 75, step value 3 → 75 + 6 + 3 − 2 = 82, and 80 after a wrong guess", () => {
    expect(calculate(75, 6, 3, patternModifier(75, 100), 82, 100).finalPosition).toBe(82);
    expect(calculate(75, 6, 3, patternModifier(75, 100), 81, 100)).toMatchObject({
      guessCorrect: false,
      finalPosition: 80,
      calculation: { calculatedPosition: 82, penalty: -2 },
    });
  });

  it("the penalty never takes a player below field 1, and no move goes past the finish", () => {
    expect(calculate(1, 1, 0, -2, 99, 100).finalPosition).toBe(1);
    expect(calculate(95, 6, 3, 3, 107, 100)).toMatchObject({ finalPosition: 100, guessCorrect: true });
  });

  /** The same examples played out: the pre-roll position's zone counts (docs/games/serpent-race.md, Decisions D5). */
  function questionGuess(t: T, start: number, dice: number, stepValue: number) {
    land(t, start, dice, "positive", `pos-${CARD.trueFalse}`, stepValue);
    answer(t, "P1", "true");
    return last(t, "game:position-guess-request");
  }

  it("Example 1 in a game: the request shows 15, 4, 2, +2 and the guess 23 is right", () => {
    const t = race(["Ann", "Bob"]);
    expect(questionGuess(t, 15, 4, 2)).toMatchObject({ currentPosition: 15, patternModifier: 2 });
    guess(t, "P1", 23);
    expect(pos(t, "P1")).toBe(23);
  });

  it("Example 2 in a game: landing on 41 (zone +1) still uses the zone of 35 (−1)", () => {
    const t = race(["Ann", "Bob"]);
    expect(questionGuess(t, 35, 6, 1)).toMatchObject({ currentPosition: 35, patternModifier: -1 });
    guess(t, "P1", 41);
    expect(last(t, "game:guess-result")).toMatchObject({ guessCorrect: true, finalPosition: 41 });
  });

  it("Example 3 in a game: a joker at 75 on a negative field, rejected, guessed wrong → 80", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    // A question card takes the player there: 72 + 4 (to 76, positive, step 1) + 1 − 2 = 75.
    setPosition(t, "P1", 72);
    setField(t, 76, "positive", 1);
    setField(t, 75, "negative", 3);
    rollAndDraw(t, "P1", 4, DeckType.POSITIVE, `pos-${CARD.trueFalse}`);
    answer(t, "P1", true);
    guess(t, "P1", 75);
    expect(pos(t, "P1")).toBe(75);
    t.advance(DRAW_DELAY);
    const { requestId } = last(t, "game:gamemaster-decision-request");
    t.must("GM", { event: "game:gamemaster-decision", data: { requestId, decision: "reject" } });
    expect(last(t, "game:joker-position-guess-request")).toMatchObject({
      currentPosition: 75,
      diceRoll: 6,
      fieldStepValue: 3,
      patternModifier: -2,
    });
    jokerGuess(t, "P1", 81);
    expect(last(t, "game:joker-complete")).toMatchObject({
      guessedPosition: 81,
      actualPosition: 82,
      finalPosition: 80,
      guessCorrect: false,
      penaltyApplied: true,
      moved: true,
      calculation: {
        startPosition: 75,
        diceRoll: 6,
        stepValue: 3,
        patternModifier: -2,
        calculatedPosition: 82,
        penalty: -2,
      },
    });
    expect(pos(t, "P1")).toBe(80);
  });

  it("a wrong question guess costs 2 from the calculated position", () => {
    const t = race(["Ann", "Bob"]);
    questionGuess(t, 20, 4, 2);
    guess(t, "P1", 27);
    expect(last(t, "game:guess-result")).toMatchObject({
      actualPosition: 28,
      finalPosition: 26,
      guessCorrect: false,
      penaltyApplied: true,
      calculation: { penalty: -2 },
    });
    expect(pos(t, "P1")).toBe(26);
  });
});

describe("board generation", () => {
  it("makes 100 fields 1-100 in the document's proportions, step values 0-3, the finish regular", () => {
    for (const seed of ["a", "b", "c", "d"]) {
      const board = generateBoard(seedRng(seed), 100);
      expect(board.map((f) => f.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      const count = (type: string) => board.filter((f) => f.type === type).length;
      expect([count("regular"), count("positive"), count("negative"), count("luck")]).toEqual([40, 25, 25, 10]);
      expect(board.every((f) => f.stepValue >= 0 && f.stepValue <= 3 && Number.isInteger(f.stepValue))).toBe(true);
      expect(new Set(board.map((f) => f.stepValue))).toEqual(new Set([0, 1, 2, 3]));
      expect(board.every((f) => f.patternModifier === patternModifier(f.position, 100))).toBe(true);
      expect(board[99]?.type).toBe("regular");
    }
  });

  it("scales the proportions and the zones to a board of another size", () => {
    const board = generateBoard(seedRng("small"), 40);
    expect(board.map((f) => f.position)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const count = (type: string) => board.filter((f) => f.type === type).length;
    expect([count("regular"), count("positive"), count("negative"), count("luck")]).toEqual([16, 10, 10, 4]);
    expect(board.map((f) => f.patternModifier)).toEqual(
      [2, -1, 1, -2, 3].flatMap((m) => Array.from({ length: 8 }, () => m)),
    );
    expect(board[39]?.type).toBe("regular");
    // The smallest board still has a field of every special type.
    const tiny = generateBoard(seedRng("tiny"), 10);
    expect(new Set(tiny.map((f) => f.type))).toEqual(new Set(["regular", "positive", "negative", "luck"]));
  });

  it("is a function of the seed", () => {
    expect(generateBoard(seedRng("x"), 100)).toEqual(generateBoard(seedRng("x"), 100));
    expect(generateBoard(seedRng("x"), 100)).not.toEqual(generateBoard(seedRng("y"), 100));
  });

  it("the start sends the board to everyone, with the shuffled sequence and everyone at 0", () => {
    const t = race(["Ann", "Bob", "Cy"]);
    const started = last(t, "game:started");
    expect(started.boardData.fields).toHaveLength(100);
    expect(started.boardData.generationComplete).toBe(true);
    expect([...started.turnSequence].sort()).toEqual(["P1", "P2", "P3"]);
    expect(started.currentPlayer).toBe(started.turnSequence[0]);
    expect(t.state.players.map((p) => p.position)).toEqual([0, 0, 0]);
  });
});

describe("secondary landing", () => {
  it("a question card's move onto a special field draws a joker; the joker's move never draws again", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setField(t, 4, "positive", 0);
    // 0 + 4 + 0 + 2 = 6: negative, so a joker.
    setField(t, 6, "negative", 1);
    // Joker rejected on a negative field: 6 + 6 + 1 + 2 = 15, itself a special field.
    setField(t, 15, "positive", 3);
    rollAndDraw(t, "P1", 4, DeckType.POSITIVE, `pos-${CARD.trueFalse}`);
    answer(t, "P1", true);
    guess(t, "P1", 6);
    t.advance(DRAW_DELAY);
    const { requestId } = last(t, "game:gamemaster-decision-request");
    t.must("GM", { event: "game:gamemaster-decision", data: { requestId, decision: "reject" } });
    jokerGuess(t, "P1", 15);
    expect(pos(t, "P1")).toBe(15);
    // Depth limit: no third card, no timer, next player.
    expect(t.rules.due(t.state)).toBeNull();
    expect(events(t, "game:joker-drawn")).toHaveLength(1);
    expect(current(t)).toBe("P2");
  });

  it("a move onto a luck or regular field draws nothing more", () => {
    const t = race(["Ann", "Bob"]);
    guessAsked(t, "luck", 0);
    guess(t, "P1", 6);
    expect(current(t)).toBe("P2");
    expect(t.rules.due(t.state)).toBeNull();
  });

  it("a luck card's movement never lands again", () => {
    const t = race(["Ann", "Bob"]);
    plainBoard(t);
    setField(t, 2, "luck");
    setField(t, 5, "positive");
    rollAndDraw(t, "P1", 2, DeckType.LUCK, LUCK.forward);
    expect(pos(t, "P1")).toBe(5);
    expect(current(t)).toBe("P2");
    expect(t.rules.due(t.state)).toBeNull();
  });
});

describe("win", () => {
  it("a roll reaching the last field wins: game:ended, then game:cleanup-complete", () => {
    const t = race(["Ann", "Bob"]);
    setPosition(t, "P1", 97);
    setPosition(t, "P2", 40);
    roll(t, "P1", 5);
    expect(pos(t, "P1")).toBe(100);
    expect(t.state.phase).toBe("ended");
    expect(last(t, "game:ended")).toMatchObject({
      winner: "P1",
      winnerName: "Ann",
      finalPositions: [
        { playerId: "P1", boardPosition: 100, turnOrder: 0 },
        { playerId: "P2", boardPosition: 40, turnOrder: 1 },
      ],
    });
    expect(last(t, "game:cleanup-complete")).toMatchObject({ gameCode: "TEST01" });
    expect(t.refused("P2", { event: "game:dice-roll", data: { diceValue: 1 } })).toBe("game_ended");
    expect(t.rules.stage?.(t.state)).toBe("over");
  });

  it("a guess past the finish wins on the finish field", () => {
    const t = race(["Ann", "Bob"]);
    land(t, 93, 4, "positive", `pos-${CARD.trueFalse}`, 3);
    answer(t, "P1", true);
    guess(t, "P1", 103);
    expect(last(t, "game:guess-result")).toMatchObject({ actualPosition: 103, finalPosition: 100 });
    expect(last(t, "game:ended").winner).toBe("P1");
  });

  it("a board of another size is won on its own last field", () => {
    const t = race(["Ann", "Bob"], { options: { boardSize: 30 } });
    expect(last(t, "game:started").boardData.fields).toHaveLength(30);
    expect(last(t, "game:started").boardData.fields.map((f: { patternModifier: number }) => f.patternModifier)).toEqual(
      [2, -1, 1, -2, 3].flatMap((m) => Array.from({ length: 6 }, () => m)),
    );
    setPosition(t, "P1", 28);
    roll(t, "P1", 2);
    expect(last(t, "game:ended")).toMatchObject({
      winner: "P1",
      message: "Ann reached field 30 and wins the race!",
      finalPositions: [{ playerId: "P1", boardPosition: 30 }, { playerId: "P2" }],
    });
  });

  it("on 30 fields a guess uses the zone of the pre-roll position on that board, and no move passes field 30", () => {
    const t = race(["Ann", "Bob"], { options: { boardSize: 30 } });
    // 8 is in the second fifth of 30 fields (7-12): −1, where 100 fields would give +2.
    land(t, 8, 3, "positive", `pos-${CARD.trueFalse}`, 2);
    answer(t, "P1", true);
    expect(last(t, "game:position-guess-request")).toMatchObject({ currentPosition: 8, patternModifier: -1 });
    guess(t, "P1", 12);
    expect(pos(t, "P1")).toBe(12);
    expect(current(t)).toBe("P2");

    // From the last fifth (+3) a right guess past the finish stops on it and wins.
    setPosition(t, "P2", 25);
    setField(t, 29, "positive", 3);
    rollAndDraw(t, "P2", 4, DeckType.POSITIVE, `pos-${CARD.trueFalse}`);
    answer(t, "P2", true);
    expect(last(t, "game:position-guess-request")).toMatchObject({ currentPosition: 25, patternModifier: 3 });
    guess(t, "P2", 35);
    expect(last(t, "game:guess-result")).toMatchObject({ actualPosition: 35, finalPosition: 30, guessCorrect: true });
    expect(last(t, "game:ended").winner).toBe("P2");
    expect(t.state.players.map((p) => p.position)).toEqual([12, 30]);
  });

  it("on 30 fields a luck card's move forward stops on the finish and wins", () => {
    const t = race(["Ann", "Bob"], { options: { boardSize: 30 } });
    land(t, 26, 3, "luck", LUCK.forward, 0);
    expect(pos(t, "P1")).toBe(30);
    expect(last(t, "game:ended").winner).toBe("P1");
  });
});
