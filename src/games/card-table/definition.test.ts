import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GameDefinition } from "./definition";
import { builtinDefinitions } from "./definitions/index";

const cah = JSON.parse(readFileSync(new URL("./definitions/cah.json", import.meta.url), "utf8"));
const errors = (def: unknown) => {
  const r = GameDefinition.safeParse(def);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const edit = (f: (d: typeof cah) => void) => {
  const d = structuredClone(cah);
  f(d);
  return d;
};

describe("game definitions are data, checked before use", () => {
  it("the shipped definitions are valid", () => {
    expect([...builtinDefinitions.keys()].sort()).toEqual([
      "apples-to-apples",
      "blackjack",
      "cah",
      "crazy-eights",
      "dice-sandbox",
      "oh-hell",
      "pig",
    ]);
    expect(errors(cah)).toEqual([]);
  });

  // "voting" is ours (docs/games/card-table.md, Decisions D16); the rest are the document's.
  it("CAH has the document's phases and variants", () => {
    const def = builtinDefinitions.get("cah");
    expect(def?.phases.map((p) => p.id)).toEqual([
      "LOBBY",
      "SETUP",
      "PROMPT",
      "SUBMIT",
      "REVEAL",
      "JUDGE",
      "RESOLVE",
      "END",
    ]);
    expect(def?.variants.map((v) => v.id)).toEqual([
      "judgeRotate",
      "judgeWinner",
      "judgeRandom",
      "voting",
      "rando",
      "gambling",
    ]);
    expect(def?.variants.filter((v) => v.default).map((v) => v.id)).toEqual(["judgeRotate"]);
  });

  it("refuses broken references", () => {
    expect(errors(edit((d) => (d.phases[0].transitions[0].to = "NOWHERE")))).toContain(
      "transition to unknown phase NOWHERE",
    );
    expect(errors(edit((d) => (d.initialPhase = "START")))).toContain("initialPhase START is not a phase");
    expect(errors(edit((d) => (d.phases[1].onEnter[1].deckId = "green")))).toContain("unknown deck green");
    expect(errors(edit((d) => (d.slots = d.slots.filter((s: { id: string }) => s.id !== "hand"))))).toContain(
      'a definition needs a player "hand" slot',
    );
    expect(errors(edit((d) => delete d.judging))).toContain("anonymise needs a judging block");
    expect(errors(edit((d) => delete d.judging.potSlot))).toContain("wagerSlot and potSlot go together");
    expect(errors(edit((d) => d.phases.push(d.phases[0])))).toContain("phase ids must be unique");
    expect(errors(edit((d) => (d.decks.black.cardType = "white")))).toContain("each deck deals its own card type");
    expect(errors(edit((d) => (d.defaultSettings.activeVariants = ["chaos"])))).toContain("unknown variant chaos");
    expect(errors(edit((d) => (d.minPlayers = 30)))).toContain("minPlayers exceeds maxPlayers");
  });
});
