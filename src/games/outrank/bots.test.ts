import { describe, expect, it } from "vitest";
import { seedRng } from "../../engine/rng";
import { bestGuess, bestSet, Distributions, Memory, STRATEGIES } from "./bots";
import { catalog, choose, give, outrankTable, rig, suppliedWithTag, tokenNamed, viewOf } from "./test-table";
import type { OutrankEvent } from "./wire";

const dist = new Distributions(catalog);

describe("bots", () => {
  it("estimate odds from the category's values not yet seen", () => {
    const t = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
    choose(t, "movies-box-office");
    rig(t, { center: tokenNamed("Avatar") });
    const view = viewOf(t, "P1");
    const memory = new Memory();
    const odds = bestGuess({ view, me: 0, memory, dist, rng: seedRng("b") });
    // Avatar is the highest-grossing film: almost everything unseen is lower.
    expect(odds?.guess).toBe("lower");
    expect(odds?.p).toBeGreaterThan(0.95);
    expect(view.draftPool.map((x) => x.id)).toContain(odds?.tokenId);
  });

  it("call by rank on a lower-wins card: the odds are on the numbers, the call flips", () => {
    const t = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
    choose(t, "companies-oldest");
    rig(t, { center: tokenNamed("IBM") });
    const view = viewOf(t, "P1");
    const odds = bestGuess({ view, me: 0, memory: new Memory(), dist, rng: seedRng("b") });
    // IBM (1911) is older than most: most unseen companies were founded later, so it
    // ranks LOWER on "oldest first" (and would be HIGHER on the ordinary founding-year card).
    expect(odds?.guess).toBe("lower");
    expect(odds?.p).toBeGreaterThan(0.6);
    const t2 = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
    choose(t2, "companies-founded");
    rig(t2, { center: tokenNamed("IBM") });
    const plain = bestGuess({ view: viewOf(t2, "P1"), me: 0, memory: new Memory(), dist, rng: seedRng("b") });
    expect(plain?.guess).toBe("higher");
  });

  it("a value seen before (a token returned after a wrong guess) is known exactly", () => {
    const t = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
    choose(t, "movies-box-office");
    const titanic = tokenNamed("Titanic");
    rig(t, { center: tokenNamed("John Carter"), pool: [titanic] });
    const memory = new Memory();
    const out = t.must("P1", { type: "draftGuess", tokenId: titanic, guess: "lower" });
    for (const o of out) if ("msg" in o) memory.observe((o.msg as { event: OutrankEvent }).event, "worldwideGrossUsd");
    expect(memory.known("worldwideGrossUsd")?.get(titanic)).toBeGreaterThan(2e9);
    const odds = bestGuess({ view: viewOf(t, "P2"), me: 1, memory, dist, rng: seedRng("b") });
    expect(odds).toEqual({ tokenId: titanic, guess: "higher", p: 1 });
  });

  it("find the biggest set, this-round tokens first, at most four", () => {
    const t = outrankTable({ players: 2 });
    choose(t);
    const five = suppliedWithTag(t, "countries", "Republic", 5);
    give(t, "P1", five.slice(0, 3), "hand");
    give(t, "P1", five.slice(3), "thisRound");
    const set = bestSet(viewOf(t, "P1"), 0);
    expect(set?.tag).toBe("Republic");
    expect(set?.tokenIds).toEqual([five[3], five[4], five[0], five[1]]);
  });

  it("every strategy only ever makes legal moves, whole games long", () => {
    for (const [name, bot] of Object.entries(STRATEGIES)) {
      const t = outrankTable({ players: 3, seed: `bots-${name}` });
      const memory = new Memory();
      const rng = seedRng(name);
      for (let k = 0; k < 3000 && t.state.phase !== "gameEnd"; k++) {
        const s = t.state;
        const i = s.phase === "drafting" ? s.current : s.firstGuesser;
        const seat = s.players[i]?.seat as string;
        const stat = catalog.challengeById.get(s.challengeId ?? "")?.stat ?? null;
        const out = t.must(seat, bot({ view: viewOf(t, seat), me: i, memory, dist, rng }));
        const after = catalog.challengeById.get(t.state.challengeId ?? "")?.stat ?? stat;
        for (const o of out) if ("msg" in o) memory.observe((o.msg as { event: OutrankEvent }).event, after);
      }
      expect(t.state.phase, name).toBe("gameEnd");
    }
  });
});
