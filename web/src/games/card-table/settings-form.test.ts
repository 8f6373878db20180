import { describe, expect, it } from "vitest";
import { CAH_VARIANTS, formFromDefaults, formProblem, toPatch, toSettings } from "./settings-form";
import { groupLabel, settingsLines, variantsOf } from "./summary";
import { settings } from "./test-views";
import type { VariantDef } from "./wire";

const base = formFromDefaults(undefined, CAH_VARIANTS);

describe("the create-a-table form", () => {
  it("starts from the definition's defaults", () => {
    expect(base).toMatchObject({ handSize: 7, endCondition: "points", picks: { judge: "judgeRotate" }, extras: [] });
    const f = formFromDefaults({ activeVariants: ["judgeRandom", "rando"], handSize: 10 }, CAH_VARIANTS);
    expect(f).toMatchObject({ picks: { judge: "judgeRandom" }, extras: ["rando"], handSize: 10 });
  });

  it("sends one judge rule and the chosen house rules as variants", () => {
    const s = toSettings({ ...base, picks: { judge: "judgeWinner" }, extras: ["rando", "gambling"], endValue: 5 });
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

/** A definition's variants under other ids and groups than CAH's: the form knows none of CAH's. */
const OTHER: VariantDef[] = [
  { id: "clockwise", name: "Clockwise", description: "The judge passes on.", default: false, group: "chair" },
  { id: "tableVotes", name: "Table votes", description: "Everyone votes.", default: true, group: "chair" },
  { id: "ghost", name: "Ghost", description: "A ghost plays too.", default: false },
  { id: "short", name: "Short hands", description: "Fewer cards.", default: false, group: "size" },
  { id: "long", name: "Long hands", description: "More cards.", default: false, group: "size" },
];

describe("variants by the definition's groups and names", () => {
  it("one choice per group (on, else the default, else the first), toggles apart", () => {
    expect(variantsOf({ variants: OTHER }).groups.map((g) => [g.group, g.variants.map((v) => v.id)])).toEqual([
      ["chair", ["clockwise", "tableVotes"]],
      ["size", ["short", "long"]],
    ]);
    const f = formFromDefaults(undefined, OTHER);
    expect(f).toMatchObject({ picks: { chair: "tableVotes", size: "short" }, extras: [] });
    const g = formFromDefaults({ activeVariants: ["clockwise", "long", "ghost"] }, OTHER);
    expect(g).toMatchObject({ picks: { chair: "clockwise", size: "long" }, extras: ["ghost"] });
    expect(toSettings(g).activeVariants).toEqual(["clockwise", "long", "ghost"]);
  });

  it("the rules summary names each variant on in the definition's words; groups have headings", () => {
    const lines = settingsLines(settings({ activeVariants: ["tableVotes", "long", "ghost"] }), OTHER);
    expect(lines.slice(2)).toEqual([
      "Table votes: everyone votes.",
      "Long hands: more cards.",
      "Ghost: a ghost plays too.",
    ]);
    expect(groupLabel("judge")).toBe("Who judges");
    expect(groupLabel("chair")).toBe("Chair");
  });
});
