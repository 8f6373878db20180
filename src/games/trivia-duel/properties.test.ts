/**
 * Property tests for Trivia Duel: random sequences of legal and illegal inputs from both
 * seats, presence changes and clock advances, over random room configs. After every step:
 * money is conserved, refusals change nothing, nothing goes negative or past the effective
 * stack, and no payload or view leaks clue text, accepted answers or unresolved answers.
 * At the end, replaying the log reproduces the final state.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRuleError } from "../../engine/errors";
import { replay } from "../../engine/replay";
import { type From, SYSTEM } from "../../engine/rules";
import { type Delivered, PROPERTY_SEED, Table } from "../../engine/testkit";
import { BET_TIERS } from "./config";
import type { Question } from "./content/schema";
import { testBank } from "./fixtures";
import { createTriviaRules } from "./rules";
import { reconnectDeadline, type Seat, type TriviaState } from "./state";
import { RoomStateMsg, ServerMessage } from "./wire";

// The fixture questions, with clues made of unique tokens ("k3t17": question 3, token 17),
// so any piece of clue text found in a payload names its question and position.
const TOKEN = /k\d+t\d+/;
const propBank: Question[] = testBank.map((q, n) => ({
  ...q,
  clue: Array.from({ length: 45 }, (_, i) => `k${n}t${i}`).join(" "),
  // One question asks for strict matching, so both matching modes are exercised.
  ...(q.id === "q_mozart" ? { strict: true } : {}),
}));
const rules = createTriviaRules(propBank);

type Who = "P1" | "P2" | "turn" | "other";
type AnswerKind = "right" | "shouted" | "near" | "wrong" | "junk";
type Cmd =
  | { k: "wait"; ms: number }
  /**
   * The clock moves on but the host has not run the due timers yet: the next input
   * arrives while a timer is overdue (the document's "BET arrives just as timeout fires").
   */
  | { k: "lag"; ms: number }
  | { k: "bet"; who: Who; amount: number | "mine" }
  | { k: "match"; who: Who }
  | { k: "raise"; who: Who; amount: number | "mine" | "legal" | "allin" | "beyond"; pick: number }
  | { k: "fold"; who: Who }
  | { k: "buzz"; who: Who }
  | { k: "answer"; who: Who; kind: AnswerKind; pick: number; junk: string }
  | { k: "again"; who: Who }
  | { k: "presence"; seat: "P1" | "P2" | "P3"; status: "joined" | "connected" | "disconnected" | "left" }
  | { k: "stray"; which: 0 | 1 | 2 }
  /** The move a keen player (or the clock) would make next; keeps runs deep in the game. */
  | { k: "smart"; pick: number };

const who: fc.Arbitrary<Who> = fc.constantFrom("P1", "P2", "turn", "turn", "other");
// "mine": the most the player holds (the largest tier for a BET), above the effective
// stack whenever the balances differ.
const amount = fc.oneof(fc.constantFrom(...BET_TIERS), fc.integer({ min: 1, max: 1200 }), fc.constant("mine" as const));

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .oneof(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 20_000 }))
      .map((ms): Cmd => ({ k: "wait", ms })),
  },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 3000 }).map((ms): Cmd => ({ k: "lag", ms })) },
  { weight: 3, arbitrary: fc.record({ who, amount }).map((r): Cmd => ({ k: "bet", ...r })) },
  { weight: 3, arbitrary: who.map((w): Cmd => ({ k: "match", who: w })) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        who,
        amount: fc.oneof(amount, fc.constantFrom<"legal" | "allin" | "beyond">("legal", "allin", "beyond")),
      })
      .chain((r) => fc.nat().map((pick): Cmd => ({ k: "raise", ...r, pick }))),
  },
  { weight: 2, arbitrary: who.map((w): Cmd => ({ k: "fold", who: w })) },
  { weight: 4, arbitrary: who.map((w): Cmd => ({ k: "buzz", who: w })) },
  {
    weight: 4,
    arbitrary: fc
      .record({
        who,
        kind: fc.constantFrom<AnswerKind>("right", "shouted", "near", "wrong", "junk"),
        pick: fc.nat(),
        junk: fc.string({ maxLength: 40 }),
      })
      .map((r): Cmd => ({ k: "answer", ...r })),
  },
  { weight: 2, arbitrary: who.map((w): Cmd => ({ k: "again", who: w })) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        seat: fc.constantFrom<"P1" | "P2" | "P3">("P1", "P2", "P1", "P2", "P3"),
        status: fc.constantFrom<"joined" | "connected" | "disconnected" | "left">(
          "joined",
          "connected",
          "connected",
          "disconnected",
          "disconnected",
          "left",
        ),
      })
      .map((r): Cmd => ({ k: "presence", ...r })),
  },
  { weight: 1, arbitrary: fc.constantFrom<0 | 1 | 2>(0, 1, 2).map((which): Cmd => ({ k: "stray", which })) },
  { weight: 8, arbitrary: fc.nat().map((pick): Cmd => ({ k: "smart", pick })) },
);

const configArb = fc.record({
  startingBalance: fc.oneof(fc.integer({ min: 10, max: 40 }), fc.integer({ min: 10, max: 600 })),
  foldsPerPlayer: fc.integer({ min: 0, max: 3 }),
  questionsPerMatch: fc.integer({ min: 1, max: 5 }),
  revealRateCharsPerSec: fc.constantFrom(12, 25, 60),
  betTimeLimitSec: fc.constantFrom(3, 15),
  answerTimeLimitSec: fc.constantFrom(2, 5),
  strictMatching: fc.boolean(),
});

type RoomConfig = typeof configArb extends fc.Arbitrary<infer C> ? C : never;

const otherSeat = (s: Seat): Seat => (s === "P1" ? "P2" : "P1");

function seatOf(w: Who, s: TriviaState): Seat {
  if (w === "P1" || w === "P2") return w;
  const turn = s.betting?.awaitingAction ?? s.buzzer?.currentlyAnswering ?? "P1";
  return w === "turn" ? turn : otherSeat(turn);
}

function answerText(c: Extract<Cmd, { k: "answer" }>, s: TriviaState): string {
  const q = s.questions[s.questionIndex] ?? propBank[0]!;
  const accepted = q.acceptedAnswers[c.pick % q.acceptedAnswers.length]!;
  switch (c.kind) {
    case "right":
      return accepted;
    case "shouted":
      return `  The ${accepted.toUpperCase().replace(/ /g, "-")}!! `;
    case "near": {
      const i = c.pick % accepted.length;
      const edits = [
        accepted.slice(0, i) + accepted.slice(i + 1),
        accepted.slice(0, i) + (accepted[i + 1] ?? "") + accepted[i] + accepted.slice(i + 2),
        `${accepted.slice(0, i)}q${accepted.slice(i + 1)}`,
      ];
      return edits[c.pick % 3]!;
    }
    case "wrong": {
      const others = propBank.filter((o) => o.id !== q.id);
      return others[c.pick % others.length]!.acceptedAnswers[0]!;
    }
    case "junk":
      return c.junk;
  }
}

/** A plausible next move for the state: mostly legal, sometimes a mistake. */
function smartMove(s: TriviaState, now: number, pick: number): Exclude<Cmd, { k: "smart" | "lag" }> {
  const b = s.betting;
  switch (s.phase) {
    case "BETTING": {
      const seat = b!.awaitingAction!;
      const facing = b!.bets[otherSeat(seat)];
      if (facing === null) {
        const tiers = BET_TIERS.filter((tier) => tier <= b!.effectiveStack);
        if (pick % 5 === 0) return { k: "bet", who: seat, amount: "mine" };
        return { k: "bet", who: seat, amount: tiers[pick % tiers.length] ?? BET_TIERS[0] };
      }
      if (pick % 3 === 0) return { k: "raise", who: seat, amount: pick % 2 === 0 ? "mine" : "legal", pick };
      return { k: "match", who: seat };
    }
    case "CLUE": {
      const ready = (["P1", "P2"] as const).filter((seat) => s.buzzer!.status[seat] === "AVAILABLE");
      return { k: "buzz", who: ready[pick % Math.max(1, ready.length)] ?? "P1" };
    }
    case "ANSWER": {
      const kinds: AnswerKind[] = ["right", "shouted", "near", "wrong"];
      return { k: "answer", who: s.buzzer!.currentlyAnswering!, kind: kinds[pick % 4]!, pick, junk: "" };
    }
    case "COMPLETE":
    case "WAITING": {
      const absent = (["P1", "P2"] as const).find(
        (seat) => !s.players[seat].joined || s.players[seat].presence === "left",
      );
      if (absent) return { k: "presence", seat: absent, status: "joined" };
      if (s.phase === "COMPLETE") return { k: "again", who: s.playAgain.P1 ? "P2" : "P1" };
      break;
    }
  }
  const away = (["P1", "P2"] as const).find((seat) => s.players[seat].joined && s.players[seat].presence !== "active");
  if (away && pick % 2 === 0) return { k: "presence", seat: away, status: "connected" };
  const due = rules.due(s);
  return { k: "wait", ms: due === null ? 1000 : Math.max(0, due - now) };
}

/** Turn a command into (from, intent) against the current state. */
function materialize(
  c: Exclude<Cmd, { k: "wait" | "smart" | "lag" }>,
  s: TriviaState,
): { from: From; intent: unknown } {
  switch (c.k) {
    case "bet": {
      const seat = seatOf(c.who, s);
      const mine = [...BET_TIERS].reverse().find((tier) => tier <= s.balances[seat]) ?? BET_TIERS[0];
      return { from: seat, intent: { type: "BET", amount: c.amount === "mine" ? mine : c.amount } };
    }
    case "match":
      return { from: seatOf(c.who, s), intent: { type: "MATCH" } };
    case "raise": {
      const seat = seatOf(c.who, s);
      const b = s.betting;
      const facing = b ? Math.max(b.bets.P1 ?? 0, b.bets.P2 ?? 0) : 0;
      const stack = b ? b.effectiveStack : 0;
      let n: number;
      if (c.amount === "allin") n = Math.max(1, stack);
      else if (c.amount === "mine") n = Math.max(1, s.balances[seat] + (b?.contributions[seat] ?? 0));
      else if (c.amount === "beyond") n = stack + 1 + (c.pick % 50);
      else if (c.amount === "legal") n = facing + 1 + (c.pick % Math.max(1, stack - facing));
      else n = c.amount;
      return { from: seat, intent: { type: "RAISE", amount: n } };
    }
    case "fold":
      return { from: seatOf(c.who, s), intent: { type: "FOLD" } };
    case "buzz":
      return { from: seatOf(c.who, s), intent: { type: "BUZZ" } };
    case "answer":
      return { from: seatOf(c.who, s), intent: { type: "ANSWER", text: answerText(c, s) } };
    case "again":
      return { from: seatOf(c.who, s), intent: { type: "PLAY_AGAIN" } };
    case "presence":
      return { from: SYSTEM, intent: { type: "@presence", seat: c.seat, status: c.status } };
    case "stray":
      return [
        { from: "P3", intent: { type: "BET", amount: 5 } },
        { from: SYSTEM, intent: { type: "BUZZ" } },
        { from: "P1", intent: { type: "@presence", seat: "P1", status: "left" } },
      ][c.which]!;
  }
}

/** Refusals we know must happen whatever the state. */
function mustRefuse(c: Exclude<Cmd, { k: "wait" | "smart" | "lag" }>): string | null {
  if (c.k === "stray") return ["not_a_player", "not_a_player", "system_only"][c.which]!;
  if (c.k === "presence" && c.seat === "P3") return "room_full";
  return null;
}

/** What the run saw, summed over all runs, to prove the properties were exercised. */
const seen = new Map<string, number>();
const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);

// ---------------------------------------------------------------------------------------
// Secrecy

interface Leaf {
  /** Dotted path, for messages. */
  path: string;
  key: string;
  text: string;
  /** Inside an `answers` object (what players typed). */
  inAnswers: boolean;
  /** The object holding it (for a `clue` field, its sibling `revealIndex`). */
  holder: Record<string, unknown> | null;
}

function leaves(v: unknown, path: string, key: string, inAnswers: boolean, holder: Leaf["holder"], out: Leaf[]) {
  if (typeof v === "string") out.push({ path, key, text: v, inAnswers, holder });
  else if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) leaves(v[i], `${path}.${i}`, String(i), inAnswers, null, out);
  } else if (v && typeof v === "object") {
    for (const k in v) {
      if (k === "acceptedAnswers") leak(`payload carries acceptedAnswers at ${path}.${k}`);
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === "string" || (x && typeof x === "object"))
        leaves(x, `${path}.${k}`, k, inAnswers || k === "answers", v as Record<string, unknown>, out);
    }
  }
  return out;
}

/** What players typed is theirs to see; everything else is scanned. */
const typedByPlayer = (leaf: Leaf) =>
  leaf.inAnswers || leaf.key === "answer" || leaf.key === "P1Answer" || leaf.key === "P2Answer";

interface ClueClock {
  startedAt: number;
  length: number;
}

/** A failed check; plain throws keep the hot loops cheap (expect() per leaf is slow). */
function leak(message: string): never {
  throw new Error(`secrecy: ${message}`);
}

function checkPayload(
  payload: unknown,
  at: number,
  s: TriviaState,
  clock: ClueClock | null,
  secretAnswers: string[],
  what: string,
) {
  for (const leaf of leaves(payload, what, "", false, null, [])) {
    if (typedByPlayer(leaf)) continue;
    const where = leaf.path;
    if (leaf.key === "clue" && leaf.holder) {
      // Clue text: a prefix of one clue, no longer than the reveal point declared beside it,
      // and that point no further than the reveal rate allows since the clue began.
      const declared = typeof leaf.holder.revealIndex === "number" ? leaf.holder.revealIndex : 0;
      if (leaf.text.length > declared) leak(`${where} holds ${leaf.text.length} chars past revealIndex ${declared}`);
      if (leaf.text.length > 0 && !propBank.some((q) => q.clue.startsWith(leaf.text)))
        leak(`${where} is not a clue prefix`);
      if (declared > 0) {
        if (!clock) leak(`${where}: a reveal before any PHASE_CLUE`);
        const byRate = Math.floor(((at - clock.startedAt) * s.config.revealRateCharsPerSec) / 1000 + 1e-6);
        if (declared > Math.min(clock.length, byRate))
          leak(`${where}: revealIndex ${declared} is ahead of the reveal rate (${byRate})`);
      }
      continue;
    }
    if (TOKEN.test(leaf.text)) leak(`${where} carries clue text outside a clue field: ${leaf.text}`);
    const lower = leaf.text.toLowerCase();
    for (const a of secretAnswers) if (lower.includes(a)) leak(`${where} names an unresolved answer "${a}"`);
  }
}

/** Display and accepted answers of every question not yet resolved in this room. */
function secretAnswersOf(s: TriviaState): string[] {
  const resolved = new Set(s.recap.map((r) => r.questionIndex));
  const secret = s.questions.filter((_, i) => !resolved.has(i));
  for (const id of s.unseen) secret.push(propBank.find((q) => q.id === id)!);
  return secret.flatMap((q) => [q.displayAnswer, ...q.acceptedAnswers].map((a) => a.toLowerCase()));
}

// ---------------------------------------------------------------------------------------
// Invariants

/** Plain throws, not expect(): these run after every step of every run. */
function invariant(ok: boolean, message: string): void {
  if (!ok) throw new Error(`invariant: ${message}`);
}

function checkInvariants(t: Table<TriviaState>, lagging: boolean, waited: boolean) {
  const s = t.state;
  const c = s.config;
  const potNow = s.betting ? s.betting.contributions.P1 + s.betting.contributions.P2 : 0;
  const total = s.balances.P1 + s.balances.P2 + potNow;
  invariant(total === 2 * c.startingBalance, `money: ${JSON.stringify(s.balances)} + pot ${potNow} = ${total}`);
  for (const seat of ["P1", "P2"] as const) {
    invariant(Number.isInteger(s.balances[seat]) && s.balances[seat] >= 0, `${seat} balance ${s.balances[seat]}`);
    const folds = s.foldsRemaining[seat];
    invariant(folds >= 0 && folds <= c.foldsPerPlayer, `${seat} folds remaining ${folds}`);
    if (s.betting) {
      const mine = s.betting.contributions[seat];
      invariant(
        mine >= 0 && mine <= s.betting.effectiveStack,
        `${seat} contribution ${mine} (effective stack ${s.betting.effectiveStack})`,
      );
    }
  }
  // docs/games/trivia-duel.md, Decisions D8: whoever is away during a match is on the reconnect
  // clock.
  if (s.phase !== "WAITING" && s.phase !== "COMPLETE") {
    for (const seat of ["P1", "P2"] as const) {
      invariant(
        s.players[seat].presence === "active" || reconnectDeadline(s, seat) !== null,
        `${seat} is away during a match with no reconnect deadline`,
      );
    }
  }
  if (s.phase === "BETTING") invariant(!!s.betting?.awaitingAction, "BETTING with nobody to act");
  if (s.phase === "ANSWER") invariant(!!s.buzzer?.currentlyAnswering, "ANSWER with nobody answering");
  // Once the host has caught up, every timer that was due has fired: none is left in the
  // past. An input may arm one for right now (after a lag, a resumed clue may already have
  // run its full reveal time); the next advance fires it.
  const due = rules.due(s);
  if (!lagging) {
    const ok = due === null || due > t.now || (due === t.now && !waited);
    invariant(ok, `a timer overdue at ${due} (now ${t.now})`);
  }
}

/**
 * Deep equality against a serialised state: the state is plain JSON data (no undefined,
 * no Maps), so equal serialisations mean deep-equal states. On a difference, toEqual
 * shows it.
 */
function expectSame(actual: TriviaState, expected: string, message: string) {
  if (JSON.stringify(actual) !== expected) expect(actual, message).toEqual(JSON.parse(expected));
}

// ---------------------------------------------------------------------------------------

function run(config: RoomConfig, seed: string, cmds: Cmd[]) {
  const t = new Table<TriviaState>(rules, { options: { config }, seed });
  t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined" });
  t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined" });
  let clock: ClueClock | null = null;
  let scanned = 0;
  /** Timers may be overdue (a lag step ran and no advance has caught up since). */
  let lagging = false;
  /** Every timer due by this time has fired. */
  let settledAt = t.now;
  let laggedStep = false;

  const scanNew = () => {
    const secrets = secretAnswersOf(t.state);
    for (const d of t.sent.slice(scanned) as Delivered[]) {
      const m = d.msg as { type: string; clueLength?: number; outcome?: string };
      if (m.type === "@view") continue;
      // Every message the rules send is what the wire schema (and so the web client) says.
      const wire = ServerMessage.safeParse(m);
      if (!wire.success) throw new Error(`${m.type} breaks the wire schema: ${wire.error.issues[0]?.message}`);
      count(`msg:${m.type}`);
      if (m.type === "PHASE_RESOLUTION") count(`outcome:${m.outcome}`);
      // A late timer starts the clue at its due time, which is no earlier than settledAt.
      if (m.type === "PHASE_CLUE")
        clock = { startedAt: laggedStep ? Math.min(d.at, settledAt) : d.at, length: m.clueLength! };
      checkPayload(m, d.at, t.state, clock, secrets, m.type);
    }
    scanned = t.sent.length;
    for (const seat of ["P1", "P2", null] as const) {
      const v = rules.view(t.state, seat, t.now);
      RoomStateMsg.parse(v);
      checkPayload(v, t.now, t.state, clock, secrets, `ROOM_STATE(${seat})`);
    }
  };
  scanNew();

  for (const planned of cmds) {
    // An input first meets every timer overdue at its arrival (the host's catch-up), so a
    // refusal is judged against the state after that.
    laggedStep = lagging;
    if (planned.k !== "lag" && planned.k !== "wait") {
      t.catchUp();
      lagging = false;
    }
    const c = planned.k === "smart" ? smartMove(t.state, t.now, planned.pick) : planned;
    const before = JSON.stringify(t.state);
    const ref = t.state;
    if (c.k === "lag") {
      t.now += c.ms;
      lagging = true;
    } else if (c.k === "wait") {
      t.advance(c.ms);
      lagging = false;
    } else {
      const { from, intent } = materialize(c, t.state);
      // Player intents reach the rules only after the wire schema accepted them.
      if (from !== SYSTEM && from !== "P3" && c.k !== "stray") rules.intent.parse(intent);
      const r = t.act(from, intent);
      const type = (intent as { type: string }).type;
      if (isRuleError(r)) {
        count(`refused:${r.error.code}`);
        invariant(/^[a-z_]+$/.test(r.error.code), `refusal code ${r.error.code}`);
        expectSame(t.state, before, `refused ${JSON.stringify(intent)} changed the state`);
      } else {
        count(`accepted:${type === "@presence" ? `presence:${c.k === "presence" ? c.status : ""}` : type}`);
        if (type === "ANSWER") count(`answer:${c.k === "answer" ? c.kind : ""}`);
      }
      const expected = mustRefuse(c);
      const got = isRuleError(r) ? r.error.code : "accepted";
      if (expected) invariant(got === expected, `${JSON.stringify(intent)} from ${from}: ${got}, not ${expected}`);
    }
    // Rules work on a copy: the state they were given is never touched.
    expectSame(ref, before, "the input state was mutated");
    count(`phase:${t.state.phase}`);
    if (t.state.matchNumber > 1) count("rematch");
    if (t.state.result?.forfeitedBy) count("forfeit");
    checkInvariants(t, lagging, c.k === "wait");
    scanNew();
    if (!lagging) settledAt = t.now;
  }

  const replayed = replay<TriviaState>(rules, t.origin, t.log);
  expect(replayed, "replaying the log").toEqual(t.state);
}

describe("Trivia Duel properties", () => {
  it("hold over random inputs, presence changes and clock advances", () => {
    fc.assert(
      fc.property(
        configArb,
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(cmd, { minLength: 5, maxLength: 80, size: "max" }),
        run,
      ),
      { numRuns: 300, seed: PROPERTY_SEED },
    );
    // The runs really went through the game: every outcome, every kind of input, both
    // accepted and refused, a rematch, a forfeit, a skipped betting round.
    for (const key of [
      "outcome:P1_WIN",
      "outcome:P2_WIN",
      "outcome:DRAW",
      "outcome:P1_FOLD",
      "outcome:P2_FOLD",
      "accepted:BET",
      "accepted:MATCH",
      "accepted:RAISE",
      "accepted:FOLD",
      "accepted:BUZZ",
      "accepted:ANSWER",
      "accepted:PLAY_AGAIN",
      "accepted:presence:disconnected",
      "accepted:presence:connected",
      "accepted:presence:left",
      "accepted:presence:joined",
      "refused:not_your_turn",
      "refused:invalid_amount",
      "refused:exceeds_effective_stack",
      "refused:not_betting_phase",
      "refused:already_buzzed",
      "refused:not_answer_phase",
      "refused:not_complete",
      "msg:CLUE_TICK",
      "msg:CLUE_RESUMED",
      "msg:CLUE_COMPLETE",
      "msg:BETTING_SKIPPED",
      "msg:BET_TIMEOUT",
      "msg:PLAY_AGAIN_REQUESTED",
      "rematch",
      "forfeit",
    ]) {
      expect(seen.get(key) ?? 0, key).toBeGreaterThan(0);
    }
  });

  it("the secrecy check catches a leak", () => {
    const s = new Table<TriviaState>(rules, { seed: "x" });
    s.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined" });
    s.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined" });
    const q = s.state.questions[0]!;
    const secrets = secretAnswersOf(s.state);
    const clock = { startedAt: 0, length: q.clue.length };
    const check =
      (payload: unknown, at = 1000) =>
      () =>
        checkPayload(payload, at, s.state, clock, secrets, "test");
    expect(check({ type: "CLUE_TICK", revealIndex: 12, clue: q.clue.slice(0, 12) })).not.toThrow();
    expect(check({ type: "CLUE_TICK", revealIndex: 12, clue: q.clue.slice(0, 13) })).toThrow();
    expect(check({ type: "CLUE_TICK", revealIndex: 24, clue: q.clue.slice(0, 24) })).toThrow();
    expect(check({ type: "PHASE_CLUE", clue: q.clue })).toThrow();
    expect(check({ type: "X", hint: q.clue.slice(30, 40) })).toThrow();
    expect(check({ type: "X", q: { acceptedAnswers: [] } })).toThrow();
    expect(check({ type: "X", hint: `It is ${q.displayAnswer}` })).toThrow();
    expect(check({ type: "ANSWER_SUBMITTED", answer: q.acceptedAnswers[0] })).not.toThrow();
  });
});
