import { describe, expect, it } from "vitest";
import { readingOf, spoken } from "./read-aloud";
import { submitView as bare, black, white } from "./test-views";
import type { GameStateView } from "./wire";

/** The fixture's CAH view, with the judging block the shipped definition has. */
const submitView = (): GameStateView => {
  const v = bare();
  const judging = {
    promptDeck: "black",
    answerDeck: "white",
    promptSlot: "prompt",
    submissionSlot: "submission",
    scoreSlot: "scorePile",
  };
  return { ...v, definition: { ...v.definition, judging } };
};

describe("reading the cards aloud", () => {
  it("says an open blank as 'blank', and an answer where it goes", () => {
    const p = black("My dog's secret job is _____.");
    expect(spoken(p)).toBe("My dog's secret job is blank.");
    expect(spoken(p, [white(3)])).toMatch(/^My dog's secret job is [Aa]nswer 3\.$/);
  });

  it("reads the prompt once it is drawn, then every answer filled in when the judge sees them", () => {
    const v = submitView();
    const prompt = readingOf(v);
    expect(prompt?.lines).toHaveLength(1);
    expect(prompt?.key).toMatch(/^prompt:/);
    const judged = {
      ...v,
      currentPhase: "JUDGE",
      roundState: {
        ...v.roundState,
        anonymized: [
          { index: 1, cards: [white(1)] },
          { index: 2, cards: [white(2)] },
        ],
      },
    };
    const answers = readingOf(judged);
    expect(answers?.key).toMatch(/^answers:/);
    expect(answers?.lines).toEqual([
      expect.stringMatching(/^1\. .*[Aa]nswer 1/),
      expect.stringMatching(/^2\. .*[Aa]nswer 2/),
    ]);
    // The same round seen again (a score changed) is the same reading: nothing is said twice.
    expect(readingOf({ ...judged, players: [...judged.players] })?.key).toBe(answers?.key);
  });

  it("says nothing between games or on a table without a judge", () => {
    expect(readingOf({ ...submitView(), status: "ended" })).toBeNull();
    expect(readingOf(bare())).toBeNull();
  });
});
