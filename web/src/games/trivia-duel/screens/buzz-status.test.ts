import { describe, expect, it } from "vitest";
import { perspective } from "../perspective";
import { initialTriviaState, type TriviaClient, triviaReducer } from "../reducer";
import type { ServerMessage } from "../wire";
import { buzzStatus } from "./buzz-status";

const T0 = 1_000_000;
const names = {
  P1: { name: "Ann" },
  P2: { name: "Bo" },
};
const run = (s: TriviaClient, ...msgs: ServerMessage[]) =>
  msgs.reduce((acc, msg) => triviaReducer(acc, { kind: "server", msg, at: T0 }), s);

/** A clue being revealed, both buzzers open, as a client that came in during betting sees it. */
function clue(): TriviaClient {
  return run(initialTriviaState("ABC234"), {
    type: "PHASE_CLUE",
    questionIndex: 0,
    clue: "",
    clueLength: 120,
    revealRate: 12,
    tickMs: 500,
    pot: 100,
  });
}

describe("who may still buzz, as the screen says it", () => {
  it("a spectator reads that the other player can still buzz once one has buzzed and missed", () => {
    const watcher = perspective(null, names);
    let s = clue();
    expect(buzzStatus(s, watcher)).toBe("Both players can buzz.");
    s = run(
      s,
      { type: "BUZZED", player: "P1", answerDeadline: T0 + 5000, revealIndex: 30 },
      { type: "ANSWER_SUBMITTED", player: "P1", answer: "Oslo", correct: false },
      { type: "CLUE_RESUMED", revealIndex: 30, clue: "x".repeat(30), deadline: null },
    );
    expect(buzzStatus(s, watcher)).toBe("Bo can still buzz.");
    s = run(
      s,
      { type: "BUZZED", player: "P2", answerDeadline: T0 + 9000, revealIndex: 50 },
      { type: "ANSWER_SUBMITTED", player: "P2", answer: "Bergen", correct: false, timedOut: true },
      { type: "CLUE_RESUMED", revealIndex: 50, clue: "x".repeat(50), deadline: null },
    );
    expect(buzzStatus(s, watcher)).toBe("Nobody can buzz now.");
  });

  it("the players read it from their own side", () => {
    const s = run(
      clue(),
      { type: "BUZZED", player: "P2", answerDeadline: T0 + 5000, revealIndex: 30 },
      { type: "ANSWER_SUBMITTED", player: "P2", answer: "Oslo", correct: false },
      { type: "CLUE_RESUMED", revealIndex: 30, clue: "x".repeat(30), deadline: null },
    );
    // The one who may still buzz gets the button, not a sentence.
    expect(buzzStatus(s, perspective("P1", names))).toBe("");
    expect(buzzStatus(s, perspective("P2", names))).toBe("You have used your buzz. Ann can still try.");
  });
});
