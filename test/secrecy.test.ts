import { describe, expect, it } from "vitest";
import { testBank } from "../src/games/trivia-duel/fixtures";
import { scanTrivia } from "./support/secrecy";

describe("the Trivia Duel secrecy scanner", () => {
  const q = testBank[0]!;
  it("passes a reveal that stays within its declared index", () => {
    const msgs = [{ type: "CLUE_TICK", revealIndex: 20, clue: q.clue.slice(0, 20) }];
    expect(scanTrivia(msgs, [q])).toEqual([]);
  });
  it("flags clue text beyond the declared reveal point", () => {
    expect(scanTrivia([{ type: "PHASE_CLUE", clue: q.clue, clueLength: q.clue.length }], [q])).not.toEqual([]);
    expect(scanTrivia([{ type: "CLUE_TICK", revealIndex: 10, clue: q.clue.slice(0, 30) }], [q])).not.toEqual([]);
  });
  it("flags an accepted answer before resolution, and any acceptedAnswers field", () => {
    expect(scanTrivia([{ type: "ROOM_STATE", hint: "Ulan Bator" }], [q])).not.toEqual([]);
    expect(scanTrivia([{ type: "ROOM_STATE", acceptedAnswers: [] }], [q])).not.toEqual([]);
    const after = [
      { type: "PHASE_RESOLUTION", questionIndex: 0, correctAnswer: "Ulaanbaatar" },
      { type: "X", a: "ulan bator" },
    ];
    expect(scanTrivia(after, [q])).toEqual([]);
  });
});
