import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../../engine/rules";
import { Table } from "../../../engine/testkit";
import type { GameDefinition } from "../definition";
import { builtinDefinitions } from "../definitions/index";
import type { CardTableState } from "../state";
import { join, rules } from "../test-table";

/** Pig, whose turns go "each player once, then the round ends", with a 10-second turn clock that skips. */
function pig(players: number): Table<CardTableState> {
  const def = structuredClone(builtinDefinitions.get("pig")) as GameDefinition;
  def.id = "pig-clock";
  def.phases.find((p) => p.id === "TURN")!.timeout = { seconds: 10, action: "skip-inactive" };
  const t = new Table<CardTableState>(rules, { options: { definition: def, settings: {} }, seed: "pig-clock" });
  for (let i = 1; i <= players; i++) join(t, i);
  t.must("P1", { type: "startGame" });
  return t;
}
const taken = (t: Table<CardTableState>) => [...(t.state.vocab?.turnsTaken ?? [])].sort();

describe("a turn skipped or left in a round of one turn each", () => {
  it("a turn the clock skips counts as taken; when everyone's has gone, the round ends", () => {
    const t = pig(3);
    const first = t.state.roles.turn as string;
    expect(t.state.round).toBe(1);
    t.advance(10_000);
    expect(taken(t)).toEqual([first]);
    expect(t.state.roles.turn).not.toBe(first);
    t.advance(10_000);
    t.advance(10_000);
    // Three skipped turns: the round is over and the next one has begun.
    expect(t.state.round).toBe(2);
    expect(taken(t)).toEqual([]);
  });

  it("the player in turn leaving hands it to someone who has not played, never back to one who has", () => {
    const t = pig(3);
    const order = t.state.turnOrder;
    const first = t.state.roles.turn as string;
    // The first two each roll until they have something, then hold.
    for (let held = 0; held < 2; ) {
      const me = t.state.roles.turn as string;
      t.must(me, { type: "roll", dieId: "d6" });
      if (t.state.roles.turn === me && (t.state.vocab?.playerVars[me]?.turnTotal as number) > 0) {
        t.must(me, { type: "nextTurn" });
        held++;
      } else if (t.state.roles.turn !== me) held++;
    }
    const last = t.state.roles.turn as string;
    expect(taken(t)).toEqual(order.filter((s) => s !== last).sort());
    expect(taken(t)).toContain(first);
    t.must(SYSTEM, { type: "@presence", seat: last, status: "left" });
    // The round is over (everyone still here has played): a new one, not the first player again mid-round.
    expect(t.state.round).toBe(2);
  });
});
