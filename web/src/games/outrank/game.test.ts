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
  nameList,
  notReady,
  rankTag,
  roundPileText,
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
    const shown: [number, string, string][] = [
      [2923700000, "USD", "$2.92B"],
      [284100000, "USD", "$284M"],
      [2009, "year", "2009"],
      [162, "minutes", "162 min"],
      [8849, "metres", "8,849 m"],
      [1409000000, "people", "1.41B people"],
      [9596961, "km²", "9.6M km²"],
      [1, "awards", "1 award"],
      [11, "players", "11 players"],
    ];
    for (const [value, unit, text] of shown) expect(formatValue(value, unit)).toBe(text);
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

describe("what a player's tokens risk", () => {
  it("this round's tokens are at risk only while the player is still in; a pass banks them", () => {
    const v = draftingView();
    const holding = player("P2", "Bob", { thisRound: [avatar] });
    expect(roundPileText(v, holding)).toBe("1 at risk");
    // After a pass nothing is at risk: a passed player cannot guess again this round.
    expect(roundPileText(v, { ...holding, status: "passed", passed: true })).toBe("1 banked");
    expect(roundPileText(v, { ...holding, thisRound: [] })).toBeNull();
    expect(roundPileText({ ...v, phase: "challenge" }, holding)).toBe("1 banked");
    // A game that ends mid-round: nothing is at stake any more.
    expect(roundPileText({ ...v, phase: "gameEnd" }, holding)).toBeNull();
  });
});

describe("between rounds", () => {
  it("lists who has not yet said they are ready for the next round", () => {
    const v = draftingView({
      phase: "roundEnd",
      players: [
        player("P1", "Ada", { ready: true }),
        player("P2", "Bo"),
        player("P3", "Cy"),
        player("P4", "Di", { presence: "away" }),
      ],
    });
    expect(notReady(v).map((p) => p.name)).toEqual(["Bo", "Cy"]);
    expect(nameList(["Bo", "Cy", "Di"])).toBe("Bo, Cy and Di");
    expect(notReady({ ...v, phase: "drafting" })).toEqual([]);
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
    expect(endText(v.settings)).toBe("First to 20 points");
    expect(endText({ ...v.settings, targetEnds: "roundEnd" })).toBe("20 points, round played out");
  });
});
