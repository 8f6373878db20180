import { describe, expect, it } from "vitest";
import { DEFAULT_FORM, formFromSettings, formProblem, toPatch } from "./settings-form";
import { SETTINGS } from "./test-views";

describe("the settings form", () => {
  it("starts from the server's defaults and sends only the end condition's own number", () => {
    expect(formFromSettings(SETTINGS)).toEqual(DEFAULT_FORM);
    expect(toPatch(DEFAULT_FORM)).toEqual({
      endCondition: "points",
      targetPoints: 20,
      targetEnds: "atOnce",
      handLimit: 8,
      turnSeconds: null,
      firstGuesser: "random",
    });
    expect(toPatch({ ...DEFAULT_FORM, endCondition: "rounds", roundLimit: 3, turnSeconds: 45 })).toEqual({
      endCondition: "rounds",
      roundLimit: 3,
      handLimit: 8,
      turnSeconds: 45,
      firstGuesser: "random",
    });
  });

  it("a score target ends the game at once unless the lead asks for the round to be played out", () => {
    expect(DEFAULT_FORM.targetEnds).toBe("atOnce");
    expect(formFromSettings({ ...SETTINGS, targetEnds: "roundEnd" }).targetEnds).toBe("roundEnd");
    expect(toPatch({ ...DEFAULT_FORM, targetEnds: "roundEnd" })).toMatchObject({ targetEnds: "roundEnd" });
    // Only a score target sends it.
    expect(toPatch({ ...DEFAULT_FORM, endCondition: "rounds", targetEnds: "roundEnd" })).not.toHaveProperty(
      "targetEnds",
    );
  });

  it("says what is wrong in words", () => {
    expect(formProblem(DEFAULT_FORM)).toBeNull();
    expect(formProblem({ ...DEFAULT_FORM, targetPoints: Number.NaN })).toMatch(/Points to win/);
    expect(formProblem({ ...DEFAULT_FORM, handLimit: 1 })).toMatch(/hand limit/);
    // A number for another end condition is not checked.
    expect(formProblem({ ...DEFAULT_FORM, roundLimit: 0 })).toBeNull();
    expect(formProblem({ ...DEFAULT_FORM, endCondition: "time", timeLimitMinutes: 0 })).toMatch(/time limit/);
  });
});
