import { describe, expect, it } from "vitest";
import type { Table } from "../../../engine/testkit";
import type { CardTableState } from "../state";
import { playBots } from "../test-bots";
import { definitionTable, stateView } from "../test-table";

const GAMES = 200;

const pig = (players: number, seed: string, settings: Record<string, unknown> = {}) =>
  definitionTable("pig", players, seed, { settings });
const legal = (t: Table<CardTableState>, seat: string) => stateView(t, seat).legalActions;
const total = (t: Table<CardTableState>, seat: string) => Number(t.state.vocab?.playerVars[seat]?.turnTotal ?? 0);

describe("Pig: a dice game from its definition alone", () => {
  it("the player in turn may roll; holding is listed once the turn has a total", () => {
    const t = pig(3, "pig-rules");
    const me = t.state.roles.turn as string;
    expect(legal(t, me)).toEqual([{ type: "roll", dieId: "d6" }]);
    for (const other of ["P1", "P2", "P3"].filter((s) => s !== me)) expect(legal(t, other)).toEqual([]);
    expect(t.refused(me, { type: "nextTurn" })).toBe("illegal_move");
    // Roll until the turn either has a total or is lost.
    t.must(me, { type: "roll", dieId: "d6" });
    const face = t.state.dice.d6?.currentFace?.value as number;
    if (face === 1) {
      expect(total(t, me)).toBe(0);
      expect(t.state.roles.turn).not.toBe(me);
    } else {
      expect(total(t, me)).toBe(face);
      expect(legal(t, me)).toEqual([{ type: "roll", dieId: "d6" }, { type: "nextTurn" }]);
      t.must(me, { type: "nextTurn" });
      expect(t.state.players.find((p) => p.id === me)?.score).toBe(face);
      expect(total(t, me)).toBe(0);
      expect(t.state.vocab?.turnsTaken).toEqual([me]);
    }
  });

  it("each player has one turn a round, then the next round begins with the next starter", () => {
    const t = pig(3, "pig-rounds");
    const first = t.state.roles.turn as string;
    const seen: string[] = [];
    while (t.state.round === 1) {
      const me = t.state.roles.turn as string;
      if (!seen.includes(me)) seen.push(me);
      // Hold as soon as there is something to hold, so turns are short.
      t.must(me, total(t, me) > 0 ? { type: "nextTurn" } : { type: "roll", dieId: "d6" });
    }
    expect(seen.sort()).toEqual(["P1", "P2", "P3"]);
    expect(t.state.round).toBe(2);
    expect(t.state.roles.turn).not.toBe(first);
  });

  it("a round limit ends the game after that round, a tie for first shared", () => {
    const t = pig(2, "pig-limit", { endCondition: "rounds", endValue: 1 });
    for (let i = 0; i < 200 && t.state.status === "playing"; i++) {
      const me = t.state.roles.turn as string;
      t.must(me, total(t, me) > 0 ? { type: "nextTurn" } : { type: "roll", dieId: "d6" });
    }
    expect(t.state.status).toBe("ended");
    expect(t.state.round).toBe(1);
    const ended = t.state.history.findLast((e) => e.type === "gameEnded") as { winners?: string[] };
    const [a, b] = t.state.players.map((p) => p.score);
    expect(ended.winners).toHaveLength(a === b ? 2 : 1);
  });

  it(`${GAMES} seeded games of bots choosing random legal actions all end; scores grow only by the totals held, and someone reached the target`, () => {
    let banked = 0;
    for (let g = 0; g < GAMES; g++) {
      let gameBanked = 0;
      // Mostly a short race; every tenth game to the default 100.
      const target = g % 10 === 0 ? 100 : 30;
      const { table, ended, moves } = playBots({
        definition: "pig",
        players: 2 + (g % 5),
        seed: `pig-${g}`,
        settings: { endValue: target },
        check: (before, seat, action) => {
          const scores = before.players.map((p) => p.score);
          const holding = action.type === "nextTurn" ? Number(before.vocab?.playerVars[seat]?.turnTotal ?? 0) : 0;
          return (after) => {
            after.players.forEach((p, i) => {
              expect(p.score - (scores[i] as number)).toBe(p.id === seat ? holding : 0);
            });
            gameBanked += holding;
          };
        },
      });
      expect(table.state.status, `game ${g} after ${moves} moves`).toBe("ended");
      const scores = table.state.players.map((p) => p.score);
      expect(scores.reduce((n, x) => n + x, 0)).toBe(gameBanked);
      expect(Math.max(...scores)).toBeGreaterThanOrEqual(target);
      expect((ended as { finalScores: Record<string, number> }).finalScores).toEqual(
        Object.fromEntries(table.state.players.map((p) => [p.id, p.score])),
      );
      banked += gameBanked;
    }
    expect(banked).toBeGreaterThan(GAMES * 30);
  });
});
