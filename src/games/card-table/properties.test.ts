import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../engine/copy";
import { commands, type Cmd as KitCmd, PRESENCE_OPS } from "../../engine/property-kit";
import { replay } from "../../engine/replay";
import { type AnyRules, SYSTEM } from "../../engine/rules";
import { reaches, Table } from "../../engine/testkit";
import { HIDDEN_CARD } from "./events";
import type { CardTableState } from "./state";
import { testPack } from "./test-packs";
import { rules } from "./test-table";
import type { GameStateView } from "./view";
import { everyCard } from "./zones";

const SEATS = ["P1", "P2", "P3", "P4", "P5", "P6"];
/** Operations and how often they come: mostly playing the game, with every disruption mixed in. */
const WEIGHTS = {
  join: 3,
  connect: 4,
  disconnect: 2,
  leave: 1,
  away: 2,
  back: 4,
  start: 3,
  draw: 12,
  play: 40,
  judge: 12,
  pause: 1,
  resume: 3,
  end: 1,
  kick: 1,
  rematch: 2,
  force: 1,
  nextTurn: 1,
  configure: 1,
  veto: 2,
  junk: 4,
  wait: 4,
} as const;

const setup = fc.record({
  judge: fc.constantFrom("judgeRotate", "judgeWinner", "judgeRandom", "voting"),
  rando: fc.boolean(),
  gambling: fc.boolean(),
  revealToAll: fc.boolean(),
  pick: fc.constantFrom(1 as const, 2 as const, 3 as const),
  // Mostly enough answers for everyone; sometimes too few, to exercise reshuffles and exhaustion.
  whites: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 40, max: 70 }) }, fc.integer({ min: 3, max: 30 })),
  blacks: fc.integer({ min: 1, max: 12 }),
  timeouts: fc.boolean(),
  // Blank cards in the answer deck, written on (or not) as they are played.
  blanks: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 8 })),
  seed: fc.string({ maxLength: 8 }),
});

function variants(s: { judge: string; rando: boolean; gambling: boolean }): string[] {
  return [s.judge, ...(s.rando ? ["rando"] : []), ...(s.gambling ? ["gambling"] : [])];
}

/** Turn a command into one input against the current state (choices index into what exists). */
function run(t: Table<CardTableState>, c: Cmd): void {
  const seat = SEATS[c.seat] as string;
  const me = t.state.players.find((p) => p.id === seat);
  const lead = t.state.roles.lead ?? seat;
  // Nudges toward progress, so random runs reach judging and scoring, not only pauses and endings.
  if (t.state.status === "paused" && t.state.pause?.reason === "lead" && c.a % 3 === 0)
    t.act(lead, { type: "resumeGame" });
  if (t.state.status === "ended" && c.a % 4 === 0) t.act(lead, { type: "setPhase", phaseId: "LOBBY" });
  if (t.state.status === "lobby" && c.a % 2 === 0) t.act(lead, { type: "startGame" });
  const presence = (status: string) => t.act(SYSTEM, { type: "@presence", seat, status, name: `N${c.a}` });
  if (c.op === "join" || c.op === "connect" || c.op === "disconnect") {
    presence(PRESENCE_OPS[c.op]);
    return;
  }
  switch (c.op) {
    case "leave":
      presence("left");
      return;
    case "away":
    case "back":
      t.act(seat, { type: "setPresence", presence: c.op === "away" ? "away" : "active" });
      return;
    case "start":
      t.act(c.a % 4 ? lead : seat, { type: "startGame" });
      return;
    case "draw":
      t.act(c.a % 3 ? (t.state.roles.judge ?? seat) : seat, {
        type: "draw",
        deckId: "black",
        count: 1,
        toZone: "prompt",
      });
      return;
    case "play": {
      // Mostly a player who still owes an answer, sometimes a would-be gambler, sometimes anyone.
      const pick = t.state.globalSlots.prompt?.[0]?.properties.pick ?? 1;
      const playing = t.state.players.filter(
        (p) => !p.virtual && p.presence === "active" && p.id !== t.state.roles.judge,
      );
      const owing = playing.filter((p) => (p.slots.submission?.length ?? 0) < pick);
      const gamblers = playing.filter(
        (p) =>
          (p.slots.submission?.length ?? 0) === pick &&
          (p.slots.scorePile?.length ?? 0) + (p.slots.wager?.length ?? 0) > 0,
      );
      let actor = me;
      let toSlot = c.b % 5 === 0 ? "wager" : "submission";
      if (c.b % 3 === 0 && gamblers.length > 0) {
        actor = gamblers[c.a % gamblers.length];
        toSlot = "wager";
      } else if (c.b % 7 !== 0 && owing.length > 0) {
        actor = owing[c.a % owing.length];
        toSlot = "submission";
      }
      const hand = actor?.hand ?? [];
      const card = hand.length > 0 ? hand[c.a % hand.length] : undefined;
      const position = c.b % 4 === 0 ? { position: c.a % 3 } : {};
      // Text mostly with a blank card, sometimes with none or with a card that takes none.
      const text = (card?.properties.blank === true) !== (c.b % 9 === 0) ? { text: `w${c.a}` } : {};
      t.act(actor?.id ?? seat, {
        type: "play",
        cardId: card?.id ?? "nope",
        fromZone: "hand",
        toSlot,
        ...position,
        ...text,
      });
      return;
    }
    case "judge": {
      const n = t.state.roundState.shuffledOrder?.length ?? 1;
      t.act(c.b % 6 ? (t.state.roles.judge ?? seat) : seat, { type: "selectWinner", index: (c.a % (n + 1)) + 1 });
      return;
    }
    case "pause":
      t.act(lead, { type: "pauseGame" });
      return;
    case "resume":
      t.act(lead, { type: "resumeGame" });
      return;
    case "end":
      if (c.a % 3 === 0) t.act(lead, { type: "endGame" });
      return;
    case "kick":
      t.act(c.b % 2 ? lead : seat, { type: "kickPlayer", playerId: SEATS[c.a % SEATS.length] });
      return;
    case "rematch":
      t.act(lead, { type: "setPhase", phaseId: "LOBBY" });
      return;
    case "force":
      t.act(lead, { type: "setPhase", phaseId: "REVEAL" });
      return;
    case "nextTurn":
      t.act(lead, { type: "nextTurn" });
      return;
    case "configure":
      t.act(lead, {
        type: "configure",
        settings: { activeVariants: variants({ judge: "judgeRotate", rando: c.a % 2 === 0, gambling: c.b % 2 === 0 }) },
      });
      return;
    case "veto": {
      // The lead (sometimes someone else) vetoes a card from anywhere: a hand, an answer, the prompt, a pile.
      const all = everyCard(t.state)
        .filter((z) => z.where !== "vetoed")
        .flatMap((z) => z.cards);
      const card = all[(c.a * 7 + c.b) % Math.max(1, all.length)];
      t.act(c.b % 5 ? lead : seat, { type: "vetoCard", cardId: card?.id ?? "nope" });
      return;
    }
    case "junk": {
      const junk = [
        { type: "play", cardId: "zzz", fromZone: "hand", toSlot: "submission" },
        { type: "selectWinner", playerId: seat },
        { type: "discard", cardId: me?.hand[0]?.id ?? "x", fromZone: "hand" },
        { type: "roll", dieId: "d6" },
        { type: "nope" },
        { type: "score", playerId: seat, delta: 3 },
        { type: "draw", deckId: "white", count: 3, toZone: "hand" },
      ];
      t.act(seat, junk[c.a % junk.length]);
      return;
    }
    case "wait":
      t.advance((c.a % 100) * 1000);
      return;
  }
}

const viewOf = (t: Table<CardTableState>, seat: string | null) => (t.view(seat) as { state: GameStateView }).state;

/** The invariants, checked after every accepted input; returns what broke (plain checks: expect() per card is slow). */
function problems(t: Table<CardTableState>, from: number): string[] {
  const s = t.state;
  const out: string[] = [];
  // Cards are conserved: every card in exactly one place, none appearing or vanishing.
  const ids = everyCard(s).flatMap((p) => p.cards.map((c) => c.id));
  if (new Set(ids).size !== ids.length) out.push("a card is in two places");
  if (ids.length !== s.cardCount) out.push(`${ids.length} cards in play, expected ${s.cardCount}`);

  const authorsHidden = s.roundState.outcome === undefined;
  for (const viewer of [...s.players.map((p) => p.id), "P9", null]) {
    const v = viewOf(t, viewer);
    const { lastRound, ...rest } = v;
    // Every card id the view shows (the last round's answers aside: they were public once judged).
    const shown = new Set([...JSON.stringify(rest).matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]));
    for (const p of s.players) {
      if (p.id === viewer) continue;
      // Nobody sees another seat's hand.
      for (const c of p.hand) if (shown.has(c.id)) out.push(`${viewer} sees ${p.id}'s hand card ${c.id}`);
      // Nobody sees another seat's answer before the reveal (it is anonymous after).
      if (s.roundState.shuffledOrder === undefined)
        for (const c of [...(p.slots.submission ?? []), ...(p.slots.wager ?? [])])
          if (shown.has(c.id)) out.push(`${viewer} sees ${p.id}'s answer ${c.id}`);
    }
    // No author is named while the judge decides; once judged, every entry names its true author.
    const order = s.roundState.shuffledOrder ?? [];
    for (const e of v.roundState.anonymized ?? []) {
      // A withdrawn answer (its card vetoed) never names its author, nor shows its cards.
      if (e.withdrawn && (e.playerId !== undefined || e.cards.length > 0))
        out.push(`${viewer} sees withdrawn entry ${e.index}`);
      if (e.playerId !== undefined && authorsHidden) out.push(`${viewer} sees the author of entry ${e.index}`);
      if (e.playerId !== undefined && e.playerId !== order[e.index - 1]?.playerId)
        out.push(`${viewer} is told the wrong author for entry ${e.index}`);
    }
    for (const e of lastRound?.submissions ?? [])
      if (e.playerId === undefined && !e.withdrawn)
        out.push(`${viewer} is not told who wrote last round's entry ${e.index}`);
  }
  // Events: a hidden card's id reaches only its player; revealed submissions never carry authors.
  for (const d of t.sent.slice(from)) {
    const ev = (d.msg as { event?: { type: string; playerId?: string; cardId?: string; toSlot?: string } }).event;
    if (!ev) continue;
    if (
      ev.type === "cardPlayed" &&
      ev.cardId !== HIDDEN_CARD &&
      ["submission", "wager", "hand"].includes(ev.toSlot ?? "")
    )
      for (const other of [...SEATS.filter((x) => x !== ev.playerId), null])
        if (reaches(d.to, other)) out.push(`cardPlayed ${ev.cardId} reached ${other}`);
    if (ev.type === "submissionsRevealed" && JSON.stringify(ev).includes("playerId"))
      out.push("submissionsRevealed names an author");
  }
  return out;
}

type Setup = typeof setup extends fc.Arbitrary<infer T> ? T : never;

/** A playable start: five seats and a start; the commands then mix play with chaos. */
function randomTable(r: AnyRules, cfg: Setup): Table<CardTableState> {
  const pack = testPack({ whites: cfg.whites, blacks: cfg.blacks, pick: cfg.pick });
  const t = new Table<CardTableState>(r, {
    options: {
      definition: "cah",
      settings: {
        packIds: [pack.id],
        activeVariants: variants(cfg),
        revealToAll: cfg.revealToAll,
        blankCards: cfg.blanks,
        endValue: 3,
        ...(cfg.timeouts ? { submitTimeout: 20, judgeTimeout: 15 } : {}),
      },
      packs: [pack],
    },
    seed: cfg.seed,
  });
  for (const seat of ["P1", "P2", "P3", "P4", "P5"]) t.act(SYSTEM, { type: "@presence", seat, status: "joined" });
  t.act("P1", { type: "startGame" });
  return t;
}

/** The random commands: an operation by its weight, a seat, two choices. */
type Cmd = KitCmd<keyof typeof WEIGHTS>;
const cmd = commands(WEIGHTS, SEATS.length);

describe("properties over random play", () => {
  it("cards are conserved, refusals change nothing, nothing leaks, and the log replays to the same state", () => {
    fc.assert(
      fc.property(setup, fc.array(cmd, { minLength: 30, maxLength: 120, size: "max" }), (cfg, cmds) => {
        const t = randomTable(rules, cfg);
        for (const c of cmds) {
          const from = t.sent.length;
          const accepted = t.log.length;
          // Table.act itself fails the run if a refused input changed the state.
          run(t, c);
          if (t.log.length > accepted) expect(problems(t, from)).toEqual([]);
        }
        const replayed = replay<CardTableState>(rules, t.origin, t.log);
        expect(replayed).toEqual(t.state);
      }),
      { numRuns: 60 },
    );
    // Up to ~10 s on an idle machine; CI shares two cores with socket and browser suites.
  }, 180_000);

  it("inputs and timers never write into the state they are given (the working copy shares what is never edited)", () => {
    // Each state handed to the rules is frozen first, so editing anything the copy shares throws.
    const frozen: AnyRules = {
      ...rules,
      act: (s, from, intent, now) => rules.act(deepFreeze(s), from, intent, now),
      tick: (s, now) => rules.tick(deepFreeze(s), now),
    };
    fc.assert(
      fc.property(setup, fc.array(cmd, { minLength: 30, maxLength: 120, size: "max" }), (cfg, cmds) => {
        const t = randomTable(frozen, cfg);
        for (const c of cmds) run(t, c);
        expect(replay<CardTableState>(rules, t.origin, t.log)).toEqual(t.state);
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
