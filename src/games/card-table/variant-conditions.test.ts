import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyRules } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { conditionHolds } from "./conditions";
import { GameDefinition } from "./definition";
import { builtinDefinition } from "./definitions/index";
import { upgradeLegacyDefinition } from "./legacy-definition";
import { createCardTableRules } from "./rules";
import { type CardTableState, RANDO } from "./state";
import { testPack } from "./test-packs";
import {
  cahTable,
  definitionTable,
  drawPrompt,
  indexOf,
  join,
  judge,
  player,
  playRound,
  seat,
  stateView,
  submitAll,
} from "./test-table";

/**
 * The engine names no variant id (docs/games/card-table.md, Decisions D20): the judge rules,
 * voting, Rando and wagers follow the conditions a definition writes, and definitions
 * stored in the old form (rule "variant", no votingWhen / wagerWhen) are read into it.
 */

// biome-ignore lint/suspicious/noExplicitAny: definitions edited as plain JSON
type Json = any;
const SHIPPED = ["cah", "apples-to-apples", "dice-sandbox", "pig", "crazy-eights", "blackjack", "oh-hell"];
const json = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`./definitions/${name}.json`, import.meta.url), "utf8"));
const phase = (d: Json, id: string): Json => d.phases.find((p: Json) => p.id === id);
const isJudgeRule = (e: Json) => e.type === "assignJudge";

/** CAH's definition whose RESOLVE names the next judge by `rule` alone, whatever the variants. */
function judgedBy(rule: string): GameDefinition {
  const d = json("cah");
  const resolve = phase(d, "RESOLVE");
  resolve.onEnter = resolve.onEnter.filter((e: Json) => !isJudgeRule(e));
  // award, discardSlots, deal, then the judge, then nextRound: where cah.json names it.
  resolve.onEnter.splice(3, 0, { type: "assignJudge", rule });
  return GameDefinition.parse(d);
}

/** CAH's definition as it was stored before Decisions D20. */
function legacy(name: "cah" | "apples-to-apples"): Json {
  const d = json(name);
  const resolve = phase(d, "RESOLVE");
  const at = resolve.onEnter.findIndex(isJudgeRule);
  resolve.onEnter = resolve.onEnter.filter((e: Json) => !isJudgeRule(e));
  resolve.onEnter.splice(at, 0, { type: "assignJudge", rule: "variant" });
  delete d.judging.votingWhen;
  delete d.judging.wagerWhen;
  return d;
}

/** Every CAH variant under another id, and the old ids declared again as variants that mean nothing. */
const RENAMED: Record<string, string> = {
  judgeRotate: "clockwise",
  judgeWinner: "winnerJudges",
  judgeRandom: "anyoneJudges",
  voting: "tableVotes",
  rando: "ghost",
  gambling: "wagers",
};
const DECOYS = ["judgeWinner", "voting", "rando", "gambling"];
function renamed({ decoys = true } = {}): Json {
  let text = JSON.stringify(json("cah"));
  for (const [from, to] of Object.entries(RENAMED)) text = text.replaceAll(`"${from}"`, `"${to}"`);
  const d = JSON.parse(text);
  if (decoys)
    for (const id of DECOYS) d.variants.push({ id, name: `Decoy ${id}`, description: "Does nothing.", default: false });
  return d;
}

const table = (definition: GameDefinition, activeVariants: string[], more: Parameters<typeof cahTable>[0] = {}) =>
  cahTable({ players: 4, definition, ...more, settings: { activeVariants, endValue: 50, ...more.settings } });
const clockwise = (t: Table<CardTableState>, from: string) => {
  const order = t.state.turnOrder;
  return order[(order.indexOf(from) + 1) % order.length];
};
const firstOther = (t: Table<CardTableState>) => t.state.turnOrder.find((id) => id !== judge(t)) as string;
const wagerPlay = (t: Table<CardTableState>, id: string) => ({
  type: "play",
  cardId: player(t, id).hand[0]?.id,
  fromZone: "hand",
  toSlot: "wager",
});

describe("variant conditions", () => {
  it("variant: every one named is on; notVariant: none is; both must hold; {} and none always hold", () => {
    expect(conditionHolds([], undefined)).toBe(true);
    expect(conditionHolds([], {})).toBe(true);
    expect(conditionHolds(["a"], { variant: "a" })).toBe(true);
    expect(conditionHolds(["a"], { variant: ["a", "b"] })).toBe(false);
    expect(conditionHolds(["a", "b"], { variant: ["a", "b"] })).toBe(true);
    expect(conditionHolds(["c"], { notVariant: ["a", "b"] })).toBe(true);
    expect(conditionHolds(["b"], { notVariant: ["a", "b"] })).toBe(false);
    expect(conditionHolds(["a"], { variant: "a", notVariant: "b" })).toBe(true);
    expect(conditionHolds(["a", "b"], { variant: "a", notVariant: "b" })).toBe(false);
  });

  it("the judging block's conditions name variants the definition declares; wagerWhen needs a wager slot", () => {
    const errors = (d: Json) => {
      const r = GameDefinition.safeParse(d);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    const d = json("cah");
    d.judging.votingWhen = { variant: "everyoneVotes" };
    d.judging.wagerWhen = { variant: "gambling", notVariant: ["nope"] };
    expect(errors(d).sort()).toEqual(["unknown variant everyoneVotes", "unknown variant nope"]);
    const noSlot = json("apples-to-apples");
    noSlot.judging.wagerWhen = {};
    expect(errors(noSlot)).toEqual(["wagerWhen needs a wagerSlot"]);
    expect(
      errors({ ...json("cah"), judging: { ...json("cah").judging, votingWhen: { notVariant: [] } } }),
    ).toHaveLength(1);
  });
});

describe("assignJudge rules", () => {
  it("rotate: the next active player clockwise", () => {
    const t = table(judgedBy("rotate"), []);
    for (let r = 0; r < 5; r++) {
      const before = judge(t);
      playRound(t);
      expect(judge(t)).toBe(clockwise(t, before));
    }
  });

  it("winner: the round's winner; a round Rando wins passes the judge clockwise", () => {
    const t = table(judgedBy("winner"), ["rando"]);
    for (let r = 0; r < 3; r++) {
      const w = playRound(t, firstOther(t));
      expect(judge(t)).toBe(w);
    }
    const before = judge(t);
    playRound(t, RANDO);
    expect(judge(t)).toBe(clockwise(t, before));
  });

  it("randomOther: a random player, never the judge who just judged", () => {
    const t = table(judgedBy("randomOther"), [], { players: 5 });
    let rotations = 0;
    for (let r = 0; r < 12; r++) {
      const before = judge(t);
      playRound(t);
      expect(judge(t)).not.toBe(before);
      if (judge(t) === clockwise(t, before)) rotations++;
    }
    expect(rotations).toBeLessThan(12);
  });

  it("random: a random active player, who may be the judge again", () => {
    const t = table(judgedBy("random"), [], { players: 3 });
    let stayed = 0;
    const judges = new Set<string>();
    for (let r = 0; r < 12; r++) {
      const before = judge(t);
      playRound(t);
      judges.add(judge(t));
      if (judge(t) === before) stayed++;
    }
    expect(stayed).toBeGreaterThan(0);
    expect(judges.size).toBe(3);
  });

  it("while the definition's votingWhen holds, no rule names a judge", () => {
    const d = judgedBy("rotate");
    const t = table({ ...d, judging: { ...d.judging!, votingWhen: {} } }, []);
    expect(t.state.roles.judge).toBeNull();
    expect(t.state.currentPhase).toBe("PROMPT");
  });
});

describe("a definition that names its variants otherwise (no id is the engine's)", () => {
  const def = GameDefinition.parse(renamed());

  it("votes under its own voting variant; one called voting is just a variant", () => {
    const t = table(def, ["tableVotes"], { players: 3 });
    expect(t.state.roles.judge).toBeNull();
    expect(t.state.currentPhase).toBe("SUBMIT");
    submitAll(t);
    t.must(seat(1), { type: "selectWinner", index: indexOf(t, seat(2)) });
    t.must(seat(3), { type: "selectWinner", index: indexOf(t, seat(2)) });
    t.must(seat(2), { type: "selectWinner", index: indexOf(t, seat(1)) });
    expect(player(t, seat(2)).score).toBe(3);
    expect(player(t, seat(1)).score).toBe(2);

    const decoys = table(def, ["clockwise", ...DECOYS]);
    const before = judge(decoys);
    expect(decoys.state.currentPhase).toBe("PROMPT");
    playRound(decoys, firstOther(decoys));
    expect(judge(decoys)).toBe(clockwise(decoys, before));
    expect(decoys.state.players.some((p) => p.id === RANDO)).toBe(false);
  });

  it("its winner-judges variant gives the winner the judge's seat", () => {
    const t = table(def, ["winnerJudges"]);
    const w = playRound(t, firstOther(t));
    expect(judge(t)).toBe(w);
  });

  it("Rando plays under its own variant, and keeps a table going that no player can answer", () => {
    // Hands of one card and prompts that pick two: only Rando, drawing from the deck, can answer.
    const short = { players: 3, packs: [testPack({ pick: 2 })], settings: { handSize: 1 } };
    const t = table(def, ["clockwise", "ghost"], short);
    drawPrompt(t);
    expect(t.state.status).toBe("playing");
    expect(player(t, RANDO).slots.submission).toHaveLength(2);
    const decoy = table(def, ["clockwise", "rando"], short);
    drawPrompt(decoy);
    expect(decoy.state.status).toBe("ended");
  });

  it("wagers are open under its own variant only", () => {
    const t = table(def, ["clockwise", "wagers"]);
    drawPrompt(t);
    // Past the wager check: the next one wants an answer first.
    expect(t.refused(firstOther(t), wagerPlay(t, firstOther(t)))).toBe("submission_incomplete");
    const decoy = table(def, ["clockwise", "gambling"]);
    drawPrompt(decoy);
    expect(decoy.refused(firstOther(decoy), wagerPlay(decoy, firstOther(decoy)))).toBe("variant_inactive");
  });

  it("each seat's view says whether the table votes or takes wagers, from the definition, not the ids", () => {
    const flags = (active: string[]) => stateView(table(def, active, { players: 3 }), seat(2)).judging;
    expect(flags(["tableVotes"])).toEqual({ voting: true, wagers: false });
    expect(flags(["clockwise", "wagers"])).toEqual({ voting: false, wagers: true });
    expect(flags(["clockwise", ...DECOYS])).toEqual({ voting: false, wagers: false });
    expect(stateView(cahTable({ players: 3 }), null).judging).toEqual({ voting: false, wagers: false });
    // A game without judged rounds carries no such field.
    expect("judging" in stateView(definitionTable("pig", 2, "flags"), seat(1))).toBe(false);
  });

  it("without wagerWhen the wager slot is never open", () => {
    const d = renamed({ decoys: false });
    delete d.judging.wagerWhen;
    const t = table(GameDefinition.parse(d), ["clockwise", "wagers"]);
    drawPrompt(t);
    expect(t.refused(firstOther(t), wagerPlay(t, firstOther(t)))).toBe("variant_inactive");
  });
});

describe("definitions stored in the old form", () => {
  it("the shipped definitions are in today's form: read as they are", () => {
    for (const name of SHIPPED) {
      const d = json(name);
      expect(upgradeLegacyDefinition(d)).toBe(d);
    }
  });

  it("an old CAH or Apples to Apples reads as today's", () => {
    expect(GameDefinition.parse(legacy("cah"))).toEqual(builtinDefinition("cah"));
    expect(GameDefinition.parse(legacy("apples-to-apples"))).toEqual(builtinDefinition("apples-to-apples"));
  });

  it("rule variant keeps its effect's own condition and leaves out variants the definition lacks", () => {
    const d = legacy("cah");
    d.variants = d.variants.filter((v: Json) => v.id !== "judgeRandom");
    const resolve = phase(d, "RESOLVE");
    resolve.onEnter.find(isJudgeRule).when = { variant: "rando" };
    const read = GameDefinition.parse(d);
    expect(phase(read, "RESOLVE").onEnter.filter(isJudgeRule)).toEqual([
      { type: "assignJudge", rule: "winner", when: { variant: ["rando", "judgeWinner"] } },
      { type: "assignJudge", rule: "rotate", when: { variant: "rando", notVariant: "judgeWinner" } },
    ]);
    // Judge variants outside one group may both be on: the old engine let the winner rule win.
    const loose = legacy("cah");
    for (const v of loose.variants) delete v.group;
    expect(phase(GameDefinition.parse(loose), "RESOLVE").onEnter.filter(isJudgeRule)).toEqual([
      { type: "assignJudge", rule: "winner", when: { variant: "judgeWinner" } },
      { type: "assignJudge", rule: "randomOther", when: { variant: "judgeRandom", notVariant: "judgeWinner" } },
      { type: "assignJudge", rule: "rotate", when: { notVariant: ["judgeWinner", "judgeRandom"] } },
    ]);
  });

  it("a live state the old code stored (v 1, its definition in the old form) plays on as it did", () => {
    /** A table as a live store that outlived the deploy hands it back: JSON, old definition, v 1. */
    const stored = (activeVariants: string[]) => {
      const t = table(GameDefinition.parse(json("cah")), activeVariants);
      t.state = JSON.parse(JSON.stringify({ ...t.state, v: 1, definition: legacy("cah") }));
      return t;
    };
    const oldRule = (t: Table<CardTableState>) =>
      phase(t.state.definition, "RESOLVE").onEnter.some((e: Json) => e.rule === "variant");

    const rotating = stored(["judgeRotate"]);
    const given = rotating.state;
    expect(oldRule(rotating)).toBe(true);
    // Reading it changes nothing and stores nothing: a step that does nothing hands back the state given.
    expect(stateView(rotating, seat(2)).judging).toEqual({ voting: false, wagers: false });
    const unchanged = rotating.rules.act(given, seat(2), { type: "setPresence", presence: "active" }, rotating.now);
    expect("state" in unchanged && unchanged.state).toBe(given);
    const before = judge(rotating);
    playRound(rotating, firstOther(rotating));
    expect(judge(rotating)).toBe(clockwise(rotating, before));
    // The first change stored it in today's form.
    expect(rotating.state.v).toBe(2);
    expect(oldRule(rotating)).toBe(false);

    const winner = stored(["judgeWinner", "gambling"]);
    expect(stateView(winner, seat(2)).judging).toEqual({ voting: false, wagers: true });
    const w = playRound(winner, firstOther(winner));
    expect(judge(winner)).toBe(w);
    drawPrompt(winner);
    expect(winner.refused(firstOther(winner), wagerPlay(winner, firstOther(winner)))).toBe("submission_incomplete");

    const voting = stored(["voting"]);
    expect(stateView(voting, seat(2)).judging).toEqual({ voting: true, wagers: false });
    expect(voting.state.roles.judge).toBeNull();
    submitAll(voting);
    voting.must(seat(1), { type: "selectWinner", index: indexOf(voting, seat(2)) });
    expect(voting.state.roundState.votes).toEqual({ [seat(1)]: indexOf(voting, seat(2)) });
  });

  it("a room whose old log carried such a definition whole plays it as it did", () => {
    // Old logs' options are not read by today's options schema: the rules take them as they are.
    const rules = { ...createCardTableRules(() => undefined), options: z.any() } as unknown as AnyRules;
    const oldRoom = (activeVariants: string[]) => {
      const options = { definition: legacy("cah"), settings: { packIds: ["test"], activeVariants, endValue: 50 } };
      const t = new Table<CardTableState>(rules, { options: { ...options, packs: [testPack()] }, seed: "old" });
      for (let n = 1; n <= 4; n++) join(t, n);
      t.must(seat(1), { type: "startGame" });
      return t;
    };
    const winner = oldRoom(["judgeWinner", "gambling"]);
    expect(phase(winner.state.definition, "RESOLVE").onEnter.some((e: Json) => e.rule === "variant")).toBe(false);
    const w = playRound(winner, firstOther(winner));
    expect(judge(winner)).toBe(w);
    drawPrompt(winner);
    expect(winner.refused(firstOther(winner), wagerPlay(winner, firstOther(winner)))).toBe("submission_incomplete");
    const voting = oldRoom(["voting"]);
    expect(voting.state.roles.judge).toBeNull();
    expect(voting.state.currentPhase).toBe("SUBMIT");
  });
});
