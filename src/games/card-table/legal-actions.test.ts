import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rngNext, seedRng } from "../../engine/rng";
import { Table } from "../../engine/testkit";
import type { LegalAction } from "./legal-actions";
import type { CardTableState } from "./state";
import { sandboxPack, testPack } from "./test-packs";
import { cahTable, drawPrompt, join, judge, rules, submit } from "./test-table";
import type { GameStateView } from "./view";

const view = (t: Table<CardTableState>, seat: string | null) => (t.view(seat) as { state: GameStateView }).state;
const legal = (t: Table<CardTableState>, seat: string | null) => view(t, seat).legalActions;
const others = (t: Table<CardTableState>) => t.state.players.filter((p) => p.id !== judge(t)).map((p) => p.id);

/** Send a listed action, with a value for its free field if it has one. */
function sendable(a: LegalAction, pick: number): Record<string, unknown> {
  const { field, choices, range, ...action } = a;
  if (field === undefined) return action;
  const value = choices ? choices[pick % choices.length] : range ? range.min + (pick % (range.max - range.min + 1)) : 0;
  return { ...action, [field]: value };
}

describe("legalActions in every seat's view", () => {
  it("CAH: the judge draws the prompt; nobody else has anything to do", () => {
    const t = cahTable();
    expect(legal(t, judge(t))).toEqual([{ type: "draw", deckId: "black", count: 1, toZone: "prompt" }]);
    for (const id of others(t)) expect(legal(t, id)).toEqual([]);
    expect(legal(t, null)).toEqual([]);
  });

  it("CAH: each answering player may play any card of their hand to their submission, until it is complete", () => {
    const t = cahTable();
    drawPrompt(t);
    const p = others(t)[0] as string;
    const hand = t.state.players.find((x) => x.id === p)?.hand ?? [];
    expect(legal(t, p)).toEqual(
      hand.map((c) => ({ type: "play", cardId: c.id, fromZone: "hand", toSlot: "submission" })),
    );
    expect(legal(t, judge(t))).toEqual([]);
    submit(t, p);
    expect(legal(t, p)).toEqual([]);
  });

  it("CAH: the judge picks among the anonymous answers by index; a gambler with a point may wager", () => {
    const t = cahTable({ settings: { activeVariants: ["judgeRotate", "gambling"] } });
    drawPrompt(t);
    for (const id of others(t)) submit(t, id);
    expect(legal(t, judge(t))).toEqual([1, 2, 3].map((index) => ({ type: "selectWinner", index })));
    // A player with a won prompt may wager a second answer while answers are still open.
    t.must(judge(t), { type: "selectWinner", index: 1 });
    drawPrompt(t);
    const winner = t.state.players.find((x) => x.score === 1)?.id as string;
    if (winner !== judge(t)) {
      submit(t, winner);
      const wagers = legal(t, winner).filter((a) => a.type === "play" && a.toSlot === "wager");
      expect(wagers.length).toBe(t.state.players.find((x) => x.id === winner)?.hand.length);
    }
  });

  it("is empty in the lobby, while paused, and for a player marked away", () => {
    const t = cahTable({ start: false });
    expect(legal(t, "P1")).toEqual([]);
    t.must("P1", { type: "startGame" });
    const j = judge(t);
    t.must(j, { type: "setPresence", presence: "away" });
    expect(legal(t, j)).toEqual([]);
    t.must(j, { type: "setPresence", presence: "active" });
    t.must("P1", { type: "pauseGame" });
    expect(legal(t, j)).toEqual([]);
  });

  it("never names a card the seat cannot see (the sandbox's hidden vault); a free value is listed with its range", () => {
    const definition = JSON.parse(readFileSync(new URL("./definitions/dice-sandbox.json", import.meta.url), "utf8"));
    // Scoring is the lead's correction in the sandbox; here the player in turn may score, to list it.
    definition.phases[2].actionRoles.score = ["turn"];
    const t = new Table<CardTableState>(rules, {
      options: { definition, settings: { packIds: ["numbers"] }, packs: [sandboxPack()] },
      seed: "vault",
    });
    for (let i = 1; i <= 3; i++) join(t, i);
    t.must("P1", { type: "startGame" });
    const me = t.state.roles.turn as string;
    const card = t.state.players.find((p) => p.id === me)?.hand[0]?.id as string;
    t.must(me, { type: "play", cardId: card, fromZone: "hand", toSlot: "vault" });
    for (const seat of ["P1", "P2", "P3"]) expect(JSON.stringify(legal(t, seat))).not.toContain(`"${card}"`);
    const next = t.state.roles.turn as string;
    const score = legal(t, next).filter((a) => a.type === "score");
    expect(score).toHaveLength(3);
    expect(score[0]).toMatchObject({ type: "score", field: "delta", range: { min: -1000, max: 1000 } });
    // The lead, not in turn, has nothing listed: forcing the turn on is administration.
    const lead = t.state.roles.lead as string;
    if (lead !== next) expect(legal(t, lead)).toEqual([]);
  });

  it("CAH and the sandbox: whole seeded games of random listed actions; the rules accept every one", () => {
    const games: [string, () => Table<CardTableState>][] = [
      ["cah", () => cahTable({ packs: [testPack({ whites: 80, blacks: 12, pick: 2 })], settings: { endValue: 3 } })],
      [
        "sandbox",
        () => {
          const definition = JSON.parse(
            readFileSync(new URL("./definitions/dice-sandbox.json", import.meta.url), "utf8"),
          );
          const t = new Table<CardTableState>(rules, {
            options: { definition, settings: { packIds: ["numbers"] }, packs: [sandboxPack()] },
            seed: "legal",
          });
          for (let i = 1; i <= 3; i++) join(t, i);
          t.must("P1", { type: "startGame" });
          return t;
        },
      ],
    ];
    for (const [name, make] of games) {
      for (let g = 0; g < 10; g++) {
        const t = make();
        const rng = seedRng(`${name}-${g}`);
        let moves = 0;
        while (t.state.status === "playing" && moves < 2_000) {
          const options = t.state.players.flatMap((p) => legal(t, p.id).map((a) => ({ seat: p.id, a })));
          if (options.length === 0) break;
          const { seat, a } = options[rngNext(rng) % options.length] as { seat: string; a: LegalAction };
          t.must(seat, sendable(a, rngNext(rng)));
          moves++;
        }
        expect(t.state.status, `${name} game ${g}`).toBe("ended");
      }
    }
  });
});
