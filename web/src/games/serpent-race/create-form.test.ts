import { describe, expect, it } from "vitest";
import type { DeckSummary } from "./api";
import { createProblem, DEFAULT_CREATE, defaultDecks, missingDeckTypes, toNewGame } from "./create-form";

const deck = (deckid: string, decktype: number, builtin = true): DeckSummary => ({
  deckid,
  version: 1,
  name: deckid,
  decktype,
  cardCount: 3,
  visibility: "public",
  orgid: null,
  builtin,
  mine: !builtin,
});

const decks = [deck("pos", 0), deck("neg", 1), deck("luck", 2), deck("joker", 3), deck("mine", 0, false)];

describe("the gamemaster's form", () => {
  it("ticks the built-in decks first, and says which field types a choice leaves without cards", () => {
    expect(defaultDecks(decks)).toEqual(["pos", "neg", "luck", "joker"]);
    expect(missingDeckTypes(decks, ["mine", "neg"])).toEqual(["luck (★)", "joker"]);
    expect(missingDeckTypes(decks, defaultDecks(decks))).toEqual([]);
  });

  it("refuses no deck, a bad player count and an organisation game without its organisation", () => {
    expect(createProblem({ ...DEFAULT_CREATE })).toMatch(/deck/);
    const ok = { ...DEFAULT_CREATE, deckids: ["pos"] };
    expect(createProblem(ok)).toBeNull();
    expect(createProblem({ ...ok, maxplayers: "1" })).toMatch(/2 to 10/);
    expect(createProblem({ ...ok, maxplayers: "4.5" })).toMatch(/2 to 10/);
    for (const boardSize of ["9", "201", "30.5", "", "x"])
      expect(createProblem({ ...ok, boardSize }), boardSize).toMatch(/Board size: .* from 10 to 200/);
    expect(createProblem({ ...ok, boardSize: "30" })).toBeNull();
    expect(createProblem({ ...ok, logintype: 2 })).toMatch(/organisation/);
    expect(createProblem({ ...ok, logintype: 2, orgid: "o1" })).toBeNull();
  });

  it("sends the document's body: orgid only for an organisation game, physicalDice only when on, boardSize only when not 100", () => {
    expect(DEFAULT_CREATE.boardSize).toBe("100");
    expect(toNewGame({ ...DEFAULT_CREATE, deckids: ["pos"], boardSize: "36" })).toEqual({
      deckids: ["pos"],
      maxplayers: 10,
      logintype: 0,
      boardSize: 36,
    });
    expect(toNewGame({ ...DEFAULT_CREATE, deckids: ["pos"], maxplayers: "6", orgid: "o1" })).toEqual({
      deckids: ["pos"],
      maxplayers: 6,
      logintype: 0,
    });
    expect(toNewGame({ ...DEFAULT_CREATE, deckids: ["pos"], logintype: 2, orgid: "o1", physicalDice: true })).toEqual({
      deckids: ["pos"],
      maxplayers: 10,
      logintype: 2,
      orgid: "o1",
      physicalDice: true,
    });
  });
});

describe("the timers (ours)", () => {
  const ok = { ...DEFAULT_CREATE, deckids: ["pos"] };
  it("are the document's 60, 120, 30 and 2 seconds unless changed, and only changed ones are sent", () => {
    expect(DEFAULT_CREATE.timers).toEqual({
      answerSeconds: "60",
      decisionSeconds: "120",
      guessSeconds: "30",
      drawDelaySeconds: "2",
    });
    expect(toNewGame(ok)).toEqual({ deckids: ["pos"], maxplayers: 10, logintype: 0 });
    expect(toNewGame({ ...ok, timers: { ...ok.timers, answerSeconds: "90", drawDelaySeconds: "1" } })).toEqual({
      deckids: ["pos"],
      maxplayers: 10,
      logintype: 0,
      answerSeconds: 90,
      drawDelaySeconds: 1,
    });
  });

  it("refuse what the server would: outside their ranges, not whole, empty", () => {
    for (const [name, value] of [
      ["answerSeconds", "4"],
      ["answerSeconds", "601"],
      ["decisionSeconds", "9"],
      ["guessSeconds", "301"],
      ["drawDelaySeconds", "0"],
      ["drawDelaySeconds", "1.5"],
      ["guessSeconds", ""],
    ] as const)
      expect(createProblem({ ...ok, timers: { ...ok.timers, [name]: value } }), `${name} ${value}`).toMatch(
        /a whole number of seconds from \d+ to \d+/,
      );
    expect(createProblem({ ...ok, timers: { ...ok.timers, answerSeconds: "600", guessSeconds: "5" } })).toBeNull();
  });
});
