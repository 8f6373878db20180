import { describe, expect, it } from "vitest";
import { diffViews, patchView } from "../../engine/compact-wire";
import { envelopeWire } from "../../engine/envelope-wire";
import { loadDeckPacks } from "./content/decks";
import { cardTablePacking as packing } from "./packing";
import { cardTableWire } from "./protocol";
import type { CardTableState } from "./state";
import { type BotGame, playBots } from "./test-bots";
import { testPack } from "./test-packs";
import { cahTable, rules, standardDeck } from "./test-table";
import type { GameStateView, SubmissionView } from "./view";

/** As it arrives at the other end: JSON, so an `undefined` field is absent. */
const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * Every seat's (and a spectator's) compact wire as the server and the web client run it,
 * after every move of a bot game: the server packs the seat's full view and diffs it from the
 * one it packed before; the client, holding the packed view it was sent (as JSON), applies
 * the patch and unpacks with the frame's `fresh` part. What it rebuilds must be exactly the
 * view today's wire sends that seat.
 */
/** playBots' table never moves its clock: its views are all made at its start time. */
const NOW = 1_000_000;

/**
 * Which of the packing's shortcuts a game's views took (so the checks cover them); `kept`: at
 * a judgement, `lastRound`'s answers are the anonymous list the seat held a step before.
 */
const MARKS = ['"$hand"', '"anon"', '"n"', '"ans"', "kept"];

type Held = { p?: { roundState: { anon?: unknown }; lastRound?: { round: number; submissions: unknown } } };

/** `lastRound` now refers to the list `ans` held for its round as the anonymous one before. */
function keptAnswers(before: unknown, after: unknown): boolean {
  const last = (after as Held).p?.lastRound;
  return last?.submissions === 0 && (before as Held).p?.roundState.anon === last.round;
}

function checkedGame(game: BotGame): { checked: number; marks: Set<string> } {
  let checked = 0;
  const marks = new Set<string>();
  const held = new Map<string | null, { server: unknown; client: unknown }>();
  const follow = (s: CardTableState, now: number) => {
    const seats: (string | null)[] = [...s.players.filter((p) => !p.virtual).map((p) => p.id), null];
    for (const seat of seats) {
      const full = wire(rules.view(s, seat, now, "full"));
      const packed = packing.pack(full);
      const text = JSON.stringify(packed);
      for (const m of MARKS) if (text.includes(`${m}:`)) marks.add(m);
      const fresh = wire(packing.fresh?.(full));
      const before = held.get(seat);
      if (before && keptAnswers(before.server, packed)) marks.add("kept");
      // A seat's first view is a full one: the client packs it as the server did.
      const client = before ? patchView(before.client, wire(diffViews(before.server, packed))) : packing.pack(full);
      expect(packing.unpack(wire(client), fresh), `${game.definition} ${game.seed}: ${seat}'s view`).toEqual(full);
      held.set(seat, { server: packed, client: wire(client) });
      checked++;
    }
  };
  const { table, moves } = playBots({ ...game, check: () => (after) => follow(after, NOW) });
  expect(moves).toBeGreaterThan(0);
  // Every event the game sent, packed and back.
  for (const event of table.state.history) {
    const msg = { type: "event", event };
    expect(packing.unpackEvent?.(wire(packing.packEvent?.(msg)))).toEqual(wire(msg));
  }
  return { checked, marks };
}

describe("Card Table on the compact wire: packed views unpack to exactly today's", () => {
  const games: BotGame[] = [];
  for (let g = 0; g < 6; g++)
    games.push({
      definition: "cah",
      players: 3 + g,
      seed: `pack-cah-${g}`,
      packs: [testPack({ whites: 200, blacks: 40, pick: g % 3 === 0 ? 2 : 1 })],
      settings: {
        packIds: ["test"],
        endCondition: "rounds",
        endValue: 3,
        activeVariants: g % 2 ? ["judgeRotate"] : ["judgeRotate", "rando"],
      },
    });
  const everyday = loadDeckPacks().filter((p) => p.id === "everyday-things");
  for (let g = 0; g < 2; g++) {
    games.push({ definition: "crazy-eights", players: 2 + g, seed: `pack-c8-${g}`, packs: standardDeck() });
    games.push({ definition: "blackjack", players: 1 + g, seed: `pack-bj-${g}`, packs: standardDeck() });
    games.push({ definition: "pig", players: 2 + g, seed: `pack-pig-${g}`, settings: { endValue: 20 } });
    games.push({ definition: "oh-hell", players: 3 + g, seed: `pack-oh-${g}`, packs: standardDeck() });
    if (everyday.length)
      games.push({
        definition: "apples-to-apples",
        players: 3 + g,
        seed: `pack-a2a-${g}`,
        packs: everyday,
        settings: { endValue: 3 },
      });
  }

  it.each(games.map((g) => [`${g.definition} ${g.seed}`, g] as const))("%s: every seat, every move", (_, game) => {
    const { checked, marks } = checkedGame(game);
    expect(checked).toBeGreaterThan(10);
    if (game.definition === "cah") expect([...marks].sort()).toEqual([...MARKS].sort());
  });

  it("leaves anything that is not a state message as it is", () => {
    const ack = { type: "ack", requestId: "r1" };
    expect(packing.pack(ack)).toBe(ack);
    expect(packing.unpack(ack, undefined)).toBe(ack);
    const odd = { type: "event", event: { type: "cardVetoed", cardId: "c", text: "t" } };
    expect(packing.packEvent?.(odd)).toBe(odd);
  });
});

describe("today's wire is untouched", () => {
  it("a client that does not ask for the compact wire gets the documented view, serverNow and counts included", () => {
    const t = cahTable({ players: 3 });
    const msg = rules.view(t.state, "P2", t.now, "update") as { type: string; state: Record<string, unknown> };
    expect(msg.type).toBe("state");
    expect(msg.state.serverNow).toBe(t.now);
    const players = msg.state.players as Record<string, unknown>[];
    for (const p of players)
      expect(Object.keys(p)).toEqual(expect.arrayContaining(["handCount", "slotCounts", "lastSeen"]));
    // Only the compact wire packs: the adapter's messages are the envelope's own.
    expect(cardTableWire.emit).toBe(envelopeWire.emit);
    expect(cardTableWire.parse).toBe(envelopeWire.parse);
    expect(envelopeWire.packing).toBeUndefined();
  });
});

describe("answers kept by round: each shortcut falls back where its precondition fails", () => {
  /** A seat's full view from a seeded CAH bot game, once the anonymous answers are shown to it. */
  function revealedView(): GameStateView & { serverNow?: number } {
    let found: (GameStateView & { serverNow?: number }) | undefined;
    playBots({
      definition: "cah",
      players: 4,
      seed: "pack-answers",
      packs: [testPack({ whites: 200, blacks: 40, pick: 1 })],
      settings: { packIds: ["test"], endCondition: "rounds", endValue: 2 },
      check: () => (after) => {
        if (found) return;
        const msg = wire(rules.view(after, after.roles.judge, NOW, "full")) as { state: GameStateView };
        if (msg.state.roundState.anonymized?.length) found = msg.state;
      },
    });
    if (!found) throw new Error("no reveal in the game");
    return found;
  }
  const roundTrip = (state: unknown) => {
    const msg = { type: "state", state };
    const packed = wire(packing.pack(msg)) as { p: Record<string, unknown> };
    expect(packing.unpack(packed, packing.fresh?.(msg))).toEqual(wire(msg));
    return packed.p;
  };
  const strip = (list: SubmissionView[]) => list.map(({ text: _, ...a }) => a);

  it("a lastRound of the round shown shares its list when the lists are the same", () => {
    const v = revealedView();
    const anonymized = v.roundState.anonymized ?? [];
    const p = roundTrip({ ...v, lastRound: { round: v.round, submissions: strip(anonymized) } });
    expect(p.lastRound).toEqual({ round: v.round, submissions: 0 });
    expect((p.roundState as { anon: unknown }).anon).toBe(v.round);
    expect(Object.keys(p.ans as object)).toEqual([String(v.round)]);
  });

  it("a lastRound whose answers differ from the list its round's slot holds keeps them", () => {
    const v = revealedView();
    const other = strip(v.roundState.anonymized ?? []).map((a) => ({ ...a, playerId: "P9" }));
    const p = roundTrip({ ...v, lastRound: { round: v.round, submissions: other } });
    expect((p.lastRound as { submissions: unknown }).submissions).toEqual(other);
  });

  it("anonymous answers whose text is not the prompt filled in stay whole; lastRound still goes in ans", () => {
    const v = revealedView();
    const odd = (v.roundState.anonymized ?? []).map((a) => ({ ...a, text: "not derived" }));
    const last = { round: v.round - 1, submissions: strip(odd) };
    const p = roundTrip({ ...v, roundState: { ...v.roundState, anonymized: odd }, lastRound: last });
    expect((p.roundState as { anonymized: unknown }).anonymized).toEqual(odd);
    expect(p.lastRound).toEqual({ round: v.round - 1, submissions: 0 });
  });

  it("a view that has a key named like the answers' place packs no answers there", () => {
    const v = revealedView();
    const p = roundTrip({ ...v, ans: "mine", lastRound: { round: v.round, submissions: [] } });
    expect(p.ans).toBe("mine");
    expect((p.lastRound as { submissions: unknown }).submissions).toEqual([]);
    expect((p.roundState as { anonymized: unknown }).anonymized).toEqual(v.roundState.anonymized);
  });
});
