import { describe, expect, it } from "vitest";
import { CAH_VARIANTS, formFromDefaults, formProblem, toPatch, toSettings } from "./settings-form";

const base = formFromDefaults(undefined, CAH_VARIANTS);

describe("the create-a-table form", () => {
  it("starts from the definition's defaults", () => {
    expect(base).toMatchObject({ handSize: 7, endCondition: "points", judgeRule: "judgeRotate", extras: [] });
    const f = formFromDefaults({ activeVariants: ["judgeRandom", "rando"], handSize: 10 }, CAH_VARIANTS);
    expect(f).toMatchObject({ judgeRule: "judgeRandom", extras: ["rando"], handSize: 10 });
  });

  it("sends one judge rule and the chosen house rules as variants", () => {
    const s = toSettings({ ...base, judgeRule: "judgeWinner", extras: ["rando", "gambling"], endValue: 5 });
    expect(s).toEqual({
      handSize: 7,
      endCondition: "points",
      endValue: 5,
      packIds: ["base"],
      activeVariants: ["judgeWinner", "rando", "gambling"],
      revealToAll: true,
      blankCards: 0,
      blockedWords: [],
    });
  });

  it("sends blank cards and the blocked words as a clean list", () => {
    const s = toSettings({ ...base, blankCards: 5, blockedWords: " Goose, ,goose , big dog" });
    expect(s).toMatchObject({ blankCards: 5, blockedWords: ["goose", "big dog"] });
    expect(formProblem({ ...base, blankCards: 51 })).toMatch(/Blank cards/);
    expect(formProblem({ ...base, blockedWords: "x".repeat(41) })).toMatch(/40 letters/);
  });

  it("leaves out the end value with no limit, and time limits that are off", () => {
    const s = toSettings({ ...base, endCondition: "none", submitTimeout: 60 });
    expect(s.endValue).toBeUndefined();
    expect(s.submitTimeout).toBe(60);
    expect("judgeTimeout" in s).toBe(false);
  });

  it("a lobby change clears what is switched off", () => {
    const p = toPatch({ ...base, endCondition: "none", submitTimeout: null, judgeTimeout: 45 });
    expect(p).toMatchObject({ endValue: null, submitTimeout: null, judgeTimeout: 45 });
  });

  it("says what is wrong before anything is sent", () => {
    expect(formProblem(base)).toBeNull();
    expect(formProblem({ ...base, handSize: Number.NaN })).toMatch(/Hand size/);
    expect(formProblem({ ...base, handSize: 2 })).toMatch(/Hand size/);
    expect(formProblem({ ...base, endValue: 0 })).toMatch(/points to win/);
    expect(formProblem({ ...base, endCondition: "none", endValue: 0 })).toBeNull();
    expect(formProblem({ ...base, submitTimeout: 3 })).toMatch(/answer time limit/);
    expect(formProblem({ ...base, packIds: [] })).toMatch(/pack/);
  });
});
