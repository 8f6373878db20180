import { describe, expect, it } from "vitest";
import { isRuleError } from "../../../engine/errors";
import { Table } from "../../../engine/testkit";
import { GameDefinition } from "../definition";
import type { CardTableState } from "../state";
import { sandboxPack } from "../test-packs";
import { join, rules, seat } from "../test-table";

/**
 * A small game written only in the vocabulary, to pin down each part of it: each player
 * plays one card face up to their spot (each player once, then the round ends), the
 * highest card wins the round, two rounds, ties shared.
 */
const highCard = {
  id: "high-card",
  name: "High card",
  description: "Play a card; the highest wins the round.",
  minPlayers: 2,
  maxPlayers: 6,
  decks: { cards: { displayName: "Cards", cardType: "card" } },
  slots: [
    { id: "hand", name: "Hand", scope: "player", capacity: "unlimited", ordered: false, visibility: "owner" },
    { id: "spot", name: "Spot", scope: "player", capacity: 1, ordered: false, visibility: "public" },
  ],
  defaultSettings: { handSize: 3, endCondition: "rounds", endValue: 2, packIds: ["numbers"], activeVariants: [] },
  variants: [],
  vars: {
    wins: { scope: "player", initial: 0 },
    secret: { scope: "player", initial: "mine", visibility: "owner" },
    lastWinner: { scope: "global", initial: null },
    plays: { scope: "global", initial: 0, visibility: "hidden" },
    tally: { scope: "player", initial: 0, visibility: "hidden" },
  },
  named: {
    spotCards: { merge: { map: [{ var: "everyone" }, { var: "slots.spot" }] } },
    best: { highest: [{ ref: "spotCards" }, "value"] },
  },
  result: { rank: "highest", ties: "shared" },
  phases: [
    {
      id: "LOBBY",
      name: "Lobby",
      activeRoles: ["lead"],
      allowedActions: ["startGame"],
      onEnter: [{ type: "reset" }],
      transitions: [{ to: "SETUP", condition: { type: "action", action: "startGame" }, automatic: true }],
    },
    {
      id: "SETUP",
      name: "Setup",
      activeRoles: [],
      allowedActions: [],
      onEnter: [
        { type: "buildDecks" },
        {
          type: "forEachPlayer",
          do: [{ type: "move", from: "deck:cards", to: "hand", count: { var: "settings.handSize" } }],
        },
        { type: "startTurns", rule: "first" },
      ],
      transitions: [{ to: "PLAY", condition: { type: "always" }, automatic: true }],
    },
    {
      id: "PLAY",
      name: "Play",
      activeRoles: ["turn"],
      allowedActions: ["play"],
      moves: { play: { from: "hand", to: "spot", if: { ">": [{ var: "card.properties.value" }, 1] } } },
      afterAction: {
        play: [
          { type: "set", var: "plays", value: { "+": [{ var: "vars.plays" }, 1] } },
          { type: "set", var: "tally", value: { "+": [{ var: "my.vars.tally" }, 1] } },
          { type: "passTurn" },
        ],
      },
      transitions: [{ to: "SCORE", condition: { type: "expr", expr: { var: "roundDone" } }, automatic: true }],
    },
    {
      id: "SCORE",
      name: "Score",
      activeRoles: [],
      allowedActions: [],
      onEnter: [
        {
          type: "forEachPlayer",
          do: [
            {
              type: "if",
              cond: { "==": [{ get: [{ top: [{ var: "my.slots.spot" }] }, "id"] }, { get: [{ ref: "best" }, "id"] }] },
              do: [
                { type: "addScore", amount: 1 },
                { type: "set", var: "wins", value: { "+": [{ var: "my.vars.wins" }, 1] } },
                { type: "set", var: "lastWinner", value: { var: "me" } },
              ],
            },
          ],
        },
        { type: "forEachPlayer", do: [{ type: "move", from: "spot", to: "discard:cards" }] },
        { type: "nextRound" },
        { type: "startTurns", rule: "nextStarter" },
      ],
      transitions: [
        { to: "END", condition: { type: "endCondition" }, automatic: true },
        { to: "PLAY", condition: { type: "always" }, automatic: true },
      ],
    },
    {
      id: "END",
      name: "Game over",
      activeRoles: ["lead"],
      allowedActions: [],
      onEnter: [{ type: "endGame" }],
      transitions: [{ to: "LOBBY", condition: { type: "manual" }, automatic: false }],
    },
  ],
  initialPhase: "LOBBY",
  endPhase: "END",
};

function table(players = 3): Table<CardTableState> {
  const pack = sandboxPack(20);
  const t = new Table<CardTableState>(rules, {
    options: { definition: highCard, settings: { packIds: [pack.id] }, packs: [pack] },
    seed: "high-card",
  });
  for (let i = 1; i <= players; i++) join(t, i);
  t.must(seat(1), { type: "startGame" });
  return t;
}

const hand = (t: Table<CardTableState>, id: string) => t.state.players.find((p) => p.id === id)?.hand ?? [];

describe("the rules vocabulary, in a small game", () => {
  it("validates as a definition", () => {
    expect(GameDefinition.safeParse(highCard).success).toBe(true);
  });

  it("deals by expression, and turns go to each player once, then the round ends", () => {
    const t = table();
    expect(t.state.players.map((p) => p.hand.length)).toEqual([3, 3, 3]);
    expect(t.state.roles.turn).toBe("P1");
    const play = (id: string) => {
      const card = hand(t, id).find((c) => (c.properties.value as number) > 1);
      t.must(id, { type: "play", cardId: card?.id, fromZone: "hand", toSlot: "spot" });
    };
    play("P1");
    expect(t.state.vocab?.turnsTaken).toEqual(["P1"]);
    expect(t.state.roles.turn).toBe("P2");
    play("P2");
    play("P3");
    // Round 1 scored: one point to the highest card, and P2 starts round 2.
    expect(t.state.round).toBe(2);
    expect(t.state.players.reduce((n, p) => n + p.score, 0)).toBe(1);
    expect(t.state.roles.turn).toBe("P2");
    expect(t.state.vocab?.turnsTaken).toEqual([]);
    const winner = t.state.players.find((p) => p.score === 1)?.id;
    expect(t.state.vocab?.playerVars[winner as string]?.wins).toBe(1);
    expect(t.state.vocab?.vars.lastWinner).toBe(winner);
    // Spots went to the discard pile.
    expect(t.state.decks.cards?.discardPile.length).toBe(3);
  });

  it("refuses a move its rule forbids, with the codes for zones and for `if`", () => {
    const t = table();
    const one = { id: "n-1", type: "card", properties: { value: 1, text: "1" } };
    const p1 = t.state.players[0];
    const c = p1?.hand[0];
    expect(t.refused("P1", { type: "play", cardId: c?.id, fromZone: "hand", toSlot: "hand" })).toBe("illegal_move");
    expect(t.refused("P1", { type: "play", cardId: c?.id, fromZone: "hand", toSlot: "spot", choice: "x" })).toBe(
      "bad_choice",
    );
    // A card worth 1 may never be played: put one in P1's hand the way the table would.
    const s = structuredClone(t.state);
    (s.players[0] as { hand: unknown[] }).hand.push(one);
    const step = rules.act(s, "P1", { type: "play", cardId: "n-1", fromZone: "hand", toSlot: "spot" }, t.now);
    expect(isRuleError(step) && step.error.code).toBe("illegal_move");
  });

  it("ends after the round limit; the result rule shares a tie", () => {
    const t = table(2);
    for (let n = 0; n < 4; n++) {
      const id = t.state.roles.turn as string;
      const card = hand(t, id).find((c) => (c.properties.value as number) > 1) ?? hand(t, id)[0];
      t.must(id, { type: "play", cardId: card?.id, fromZone: "hand", toSlot: "spot" });
    }
    expect(t.state.status).toBe("ended");
    const ended = t
      .ofType<{ event: { type: string; winners?: string[]; winner?: string } }>("event")
      .map((m) => m.event)
      .find((e) => e.type === "gameEnded");
    const scores = t.state.players.map((p) => p.score);
    if (scores[0] === scores[1]) expect(ended?.winners).toEqual(["P1", "P2"]);
    else expect(ended?.winners).toEqual([ended?.winner]);
  });

  it("shows public variables to all, owner ones to their player only, hidden ones to nobody; legal actions list the seat's own moves", () => {
    const t = table();
    const v1 = (t.view("P1") as { state: Record<string, unknown> }).state;
    const v2 = (t.view("P2") as { state: Record<string, unknown> }).state;
    expect((v1.playerVars as Record<string, Record<string, unknown>>).P1).toEqual({ wins: 0, secret: "mine" });
    expect((v2.playerVars as Record<string, Record<string, unknown>>).P1).toEqual({ wins: 0 });
    expect(v1.vars).toEqual({ lastWinner: null });
    const legal = v1.legalActions as { type: string; cardId: string; toSlot: string }[];
    const playable = hand(t, "P1").filter((c) => (c.properties.value as number) > 1);
    expect(legal.map((a) => a.cardId).sort()).toEqual(playable.map((c) => c.id).sort());
    expect(legal.every((a) => a.type === "play" && a.toSlot === "spot")).toBe(true);
    expect(v2.legalActions).toEqual([]);
  });

  it("keeps hidden variables for the rules but puts them in no seat's view", () => {
    const t = table();
    const card = hand(t, "P1").find((c) => (c.properties.value as number) > 1);
    t.must("P1", { type: "play", cardId: card?.id, fromZone: "hand", toSlot: "spot" });
    expect(t.state.vocab?.vars.plays).toBe(1);
    expect(t.state.vocab?.playerVars.P1?.tally).toBe(1);
    for (const viewer of ["P1", "P2", null]) {
      const v = (t.view(viewer) as { state: Record<string, unknown> }).state;
      expect(v.vars).toEqual({ lastWinner: null });
      for (const mine of Object.values(v.playerVars as Record<string, Record<string, unknown>>)) {
        expect(mine).not.toHaveProperty("tally");
        expect(mine).toHaveProperty("wins");
      }
    }
  });
});

describe("a definition's vocabulary is checked as a whole", () => {
  type Def = typeof highCard;
  const broken = (change: (d: Def) => void) => {
    const d = structuredClone(highCard);
    change(d);
    const r = GameDefinition.safeParse(d);
    return r.success ? "" : r.error.issues.map((i) => i.message).join("; ");
  };
  const named = (best: unknown) => (d: Def) => {
    d.named.best = best as never;
  };
  const effect = (e: unknown) => (d: Def) => {
    (d.phases[3] as { onEnter: unknown[] }).onEnter.push(e);
  };
  it("names what an expression reads that the definition lacks", () => {
    expect(broken(named({ var: "slots.nowhere" }))).toMatch(/no global slot "nowhere"/);
    expect(broken(named({ var: "my.vars.nope" }))).toMatch(/no player variable "nope"/);
    expect(broken(named({ var: "weather" }))).toMatch(/no fact "weather"/);
    expect(broken(named({ ref: "nothing" }))).toMatch(/no named expression "nothing"/);
    const circle = (d: Def) => {
      d.named.best = { ref: "spotCards" } as never;
      d.named.spotCards = { ref: "best" } as never;
    };
    expect(broken(circle)).toMatch(/circle/);
  });
  it("names effects and moves that point nowhere", () => {
    expect(broken(effect({ type: "goto", phase: "NOPE" }))).toMatch(/unknown phase NOPE/);
    expect(broken(effect({ type: "set", var: "nope", value: 1 }))).toMatch(/no variable "nope"/);
    expect(broken(effect({ type: "move", from: "attic", to: "hand" }))).toMatch(/no zone "attic"/);
    // A round of turns started by a named seat names one, and only with that rule.
    expect(broken(effect({ type: "startTurns", rule: "seat" }))).toMatch(/exactly when its rule is "seat"/);
    expect(broken(effect({ type: "startTurns", rule: "first", seat: "P1" }))).toMatch(/exactly when/);
    expect(broken(effect({ type: "startTurns", rule: "seat", seat: { var: "vars.nope" } }))).toMatch(
      /no table variable "nope"/,
    );
    const roll = (d: Def) => {
      (d.phases[2] as { moves: Record<string, unknown> }).moves.roll = {};
    };
    expect(broken(roll)).toMatch(/does not allow/);
    const evil = (d: Def) => {
      (d.phases[2] as { moves: { play: { if: unknown } } }).moves.play.if = { eval: 1 };
    };
    expect(broken(evil)).toMatch(/unknown operator/);
  });
  it("takes a variable's visibility from public, owner (player variables) and hidden only", () => {
    const vis = (name: keyof Def["vars"], visibility: string) => (d: Def) => {
      (d.vars[name] as { visibility?: string }).visibility = visibility;
    };
    expect(broken(vis("lastWinner", "hidden"))).toBe("");
    expect(broken(vis("lastWinner", "owner"))).toMatch(/table variable lastWinner has no owner/);
    expect(broken(vis("wins", "secret"))).toMatch(/visibility|Invalid option/i);
  });
});
