import { describe, expect, it } from "vitest";
import {
  checkCash,
  claimSign,
  endReason,
  endText,
  formatValue,
  higherMeans,
  myChoice,
  myTurn,
  rankTag,
  setOptions,
  setValue,
  sharedTags,
  tiebreakText,
} from "./game";
import { draftingView, movie, player, SETTINGS } from "./test-views";
import type { ResultView } from "./wire";

const avatar = movie("movie-avatar", ["Sci-Fi", "2000s", "20th Century", "PG-13"]);
const carter = movie("movie-john-carter", ["Sci-Fi", "2010s", "Disney", "PG-13"]);
const frozen = movie("movie-frozen", ["Animation", "2010s", "Disney", "PG"]);
const titanic = movie("movie-titanic", ["Drama", "1990s", "Paramount", "PG-13"]);

describe("sets", () => {
  it("lists every tag two or more held tokens share, biggest first", () => {
    const o = setOptions([avatar, carter, frozen, titanic]);
    expect(o.map((x) => [x.tag, x.tokenIds.length])).toEqual([
      ["PG-13", 3],
      ["2010s", 2],
      ["Disney", 2],
      ["Sci-Fi", 2],
    ]);
    expect(o[0]!.dimension).toBe("D");
    expect(setOptions([avatar, frozen])).toEqual([]);
  });

  it("finds the tags a selection shares", () => {
    expect(sharedTags([avatar, carter])).toEqual(["Sci-Fi", "PG-13"]);
    expect(sharedTags([avatar, carter, titanic])).toEqual(["PG-13"]);
    expect(sharedTags([])).toEqual([]);
  });

  it("checks a cash-out the way the server does, with the points (2/5/8) before confirming", () => {
    expect(checkCash(SETTINGS, [avatar], null)).toMatchObject({ ok: false });
    expect(checkCash(SETTINGS, [avatar, frozen], null)).toMatchObject({
      ok: false,
      reason: "These tokens share no tag.",
    });
    // Two shared tags: the player must choose one.
    expect(checkCash(SETTINGS, [avatar, carter], null)).toMatchObject({ ok: false, tags: ["Sci-Fi", "PG-13"] });
    expect(checkCash(SETTINGS, [avatar, carter], "Sci-Fi")).toEqual({ ok: true, tag: "Sci-Fi", points: 2 });
    expect(checkCash(SETTINGS, [avatar, carter, titanic], null)).toEqual({ ok: true, tag: "PG-13", points: 5 });
    const five = [
      avatar,
      carter,
      titanic,
      movie("movie-x", ["A", "B", "C", "PG-13"]),
      movie("movie-y", ["A", "B", "C", "PG-13"]),
    ];
    expect(checkCash(SETTINGS, five, "PG-13")).toMatchObject({ ok: false, reason: "A set is at most four tokens." });
    expect(checkCash(SETTINGS, five.slice(0, 4), "PG-13")).toEqual({ ok: true, tag: "PG-13", points: 8 });
    expect([1, 2, 3, 4, 5].map((n) => setValue(SETTINGS, n))).toEqual([0, 2, 5, 8, 0]);
  });
});

describe("numbers", () => {
  it("writes values short, the way people read them", () => {
    expect(formatValue(2923700000, "USD")).toBe("$2.92B");
    expect(formatValue(284100000, "USD")).toBe("$284M");
    expect(formatValue(2009, "year")).toBe("2009");
    expect(formatValue(162, "minutes")).toBe("162 min");
    expect(formatValue(8849, "metres")).toBe("8,849 m");
    expect(formatValue(1409000000, "people")).toBe("1.41B people");
    expect(formatValue(9596961, "km²")).toBe("9.6M km²");
    expect(formatValue(1, "awards")).toBe("1 award");
    expect(formatValue(11, "players")).toBe("11 players");
  });
});

describe("which way a card ranks", () => {
  const oldest = { direction: "lower", unit: "year" } as const;
  it("says what HIGHER means, the unusual way round first", () => {
    expect(higherMeans({ direction: "higher", unit: "USD" })).toBe("HIGHER means a bigger number");
    expect(higherMeans({ direction: "higher", unit: "year" })).toBe("HIGHER means a later year");
    expect(higherMeans(oldest)).toBe("Earliest first: HIGHER means an earlier year");
    expect(higherMeans({ direction: "lower", unit: "km²" })).toBe("Lowest first: HIGHER means a smaller number");
    expect(rankTag({ direction: "higher", unit: "year" })).toBeNull();
    expect(rankTag(oldest)).toBe("earliest first");
  });

  it("the buttons show the comparison each call claims", () => {
    expect([claimSign("higher", "higher"), claimSign("higher", "lower")]).toEqual(["≥", "≤"]);
    expect([claimSign("lower", "higher"), claimSign("lower", "lower")]).toEqual(["≤", "≥"]);
  });
});

describe("turns", () => {
  it("knows whose turn and whose choice it is", () => {
    const v = draftingView();
    expect(myTurn(v)).toBe(true);
    expect(myTurn({ ...v, you: 1 })).toBe(false);
    expect(myTurn({ ...v, paused: "lead" })).toBe(false);
    const choosing = draftingView({ phase: "challenge", currentPlayer: 0, challenges: [v.currentChallenge!] });
    expect(myChoice(choosing)).toBe(true);
    expect(myChoice({ ...choosing, firstGuesser: 1 })).toBe(false);
    expect(myChoice({ ...choosing, challenges: [] })).toBe(false);
  });
});

describe("the end", () => {
  const result = (over: Partial<ResultView>): ResultView => ({
    reason: "points",
    standings: [
      { playerId: "P1", rank: 1, score: 20, tokens: 3, correctGuesses: 9, left: false },
      { playerId: "P2", rank: 2, score: 20, tokens: 1, correctGuesses: 12, left: false },
    ],
    winners: ["P1"],
    decidedBy: "tokens",
    ...over,
  });
  const v = draftingView({ phase: "gameEnd", players: [player("P1", "Alice"), player("P2", "Bob")] });

  it("explains the tiebreak that decided it", () => {
    expect(tiebreakText(v, result({}))).toBe(
      "Tied on 20 points: Alice wins on tokens held (3 to 1), the first tiebreaker.",
    );
    expect(tiebreakText(v, result({ decidedBy: "score" }))).toMatch(/^Highest score wins/);
    const guesses = result({
      decidedBy: "correctGuesses",
      standings: [
        { playerId: "P1", rank: 1, score: 20, tokens: 3, correctGuesses: 12, left: false },
        { playerId: "P2", rank: 2, score: 20, tokens: 3, correctGuesses: 9, left: false },
      ],
    });
    expect(tiebreakText(v, guesses)).toBe(
      "Tied on points and tokens: Alice wins on correct guesses (12 to 9), the second tiebreaker.",
    );
    expect(tiebreakText(v, result({ decidedBy: "shared", winners: ["P1", "P2"] }))).toBe(
      "Alice and Bob are level on points, tokens held and correct guesses: a shared victory.",
    );
  });

  it("says why it ended", () => {
    expect(endReason(v, result({}))).toBe("Alice reached the target of 20 points.");
    expect(endReason(v, result({ reason: "depletion" }))).toBe("No category could refill the pool.");
    expect(endText({ ...v.settings, endCondition: "rounds", roundLimit: 1 })).toBe("1 round");
  });
});
