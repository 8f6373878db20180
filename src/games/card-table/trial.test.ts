import { describe, expect, it } from "vitest";
import { shippedPacks } from "./content/shipped";
import type { GameDefinition } from "./definition";
import { builtinDefinitions } from "./definitions/index";
import { standInPacks, trialGame } from "./trial";

const shipped = new Map(shippedPacks().map((p) => [p.id, p]));
const packs = { packs: (id: string) => shipped.get(id) };
/** Limits that only count moves: what these tests prove does not depend on the machine's speed. */
const moves = (maxMoves: number) => ({ maxMoves, budgetMs: Number.POSITIVE_INFINITY, clock: () => 0 });
const copy = (id: string) => structuredClone(builtinDefinitions.get(id)) as GameDefinition;

describe("a trial game before a definition is accepted", () => {
  it("every shipped definition plays to its end; the sandbox, which deals only what a table brings, with stand-in cards", async () => {
    for (const [id, def] of builtinDefinitions) {
      const r = await trialGame(def, packs, `trial-${id}`, moves(3_000));
      if (id === "dice-sandbox") expect(r).toEqual({ ok: false, why: "the game could not start (no_cards)" });
      else expect({ id, ...r }).toMatchObject({ id, ok: true });
    }
    // With plain stand-in cards, as an upload that names no packs is tried.
    const sandbox = builtinDefinitions.get("dice-sandbox")!;
    const standIns = new Map(standInPacks(sandbox).map((p) => [p.id, p]));
    const table = { packs: (id: string) => standIns.get(id), settings: { packIds: [...standIns.keys()] } };
    expect(await trialGame(sandbox, table, "trial-sandbox", moves(3_000))).toMatchObject({ ok: true });
  });

  it("a phase nobody can leave is turned away, and says where", async () => {
    const pig = copy("pig");
    const turn = pig.phases.find((p) => p.id === "TURN")!;
    turn.allowedActions = [];
    turn.moves = {};
    turn.afterAction = {};
    expect(await trialGame(pig, packs, "stuck", moves(3_000))).toEqual({
      ok: false,
      why: "nobody can act in phase TURN and nothing is due",
    });
  });

  it("a game that never ends is turned away at the move limit", async () => {
    const pig = copy("pig");
    // Rolling never scores and never passes: the round never ends.
    pig.phases.find((p) => p.id === "TURN")!.afterAction = { roll: [] };
    pig.phases.find((p) => p.id === "TURN")!.moves = { roll: { die: "d6" } };
    pig.phases.find((p) => p.id === "TURN")!.allowedActions = ["roll"];
    const r = await trialGame(pig, packs, "forever", moves(500));
    expect(r).toEqual({ ok: false, why: "it did not end within 500 moves" });
  });

  it("a trial that runs over its time budget stops there", async () => {
    let t = 0;
    const r = await trialGame(copy("crazy-eights"), packs, "slow", {
      maxMoves: 3_000,
      budgetMs: 50,
      clock: () => (t += 10),
    });
    expect(r).toMatchObject({ ok: false });
    expect((r as { why: string }).why).toMatch(/^it did not end within 50 ms/);
  });
});
