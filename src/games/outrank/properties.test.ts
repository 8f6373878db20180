import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRuleError } from "../../engine/errors";
import { commands, type Cmd as KitCmd, PRESENCE_OPS, playChecked } from "../../engine/property-kit";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import { PROPERTY_SEED, Table } from "../../engine/testkit";
import { boxSize } from "./pool";
import type { OutrankState } from "./state";
import { catalog, everyToken, rules } from "./test-table";
import { ServerMessage } from "./wire";

/** Every game holds one box of tokens. */
const BOX = boxSize(catalog);

const SEATS = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"];
/** Operations and how often they come: mostly playing, with every disruption mixed in. */
const WEIGHTS = {
  join: 4,
  connect: 3,
  disconnect: 2,
  leave: 1,
  start: 3,
  choose: 6,
  draft: 30,
  cash: 14,
  discard: 4,
  pass: 5,
  ready: 3,
  pause: 1,
  resume: 2,
  end: 1,
  kick: 1,
  configure: 1,
  local: 2,
  junk: 4,
  wait: 2,
} as const;

const setup = fc.record({
  mode: fc.constantFrom("online" as const, "table" as const),
  handLimit: fc.oneof(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 5, max: 10 })),
  turnSeconds: fc.option(fc.constantFrom(5, 20), { nil: null }),
  roundEndSeconds: fc.constantFrom(0, 3),
  endCondition: fc.constantFrom("points" as const, "rounds" as const, "depletion" as const, "time" as const),
  targetPoints: fc.integer({ min: 3, max: 25 }),
  targetEnds: fc.constantFrom("atOnce" as const, "roundEnd" as const),
  seed: fc.string({ maxLength: 8 }),
});

/** The lead's seat, or some seat. */
const leadOf = (t: Table<OutrankState>, fallback: string) => t.state.lead ?? fallback;

/** The seat that acts for whoever must act now. */
function actorSeat(t: Table<OutrankState>, fallback: string): string {
  const s = t.state;
  const i = s.phase === "drafting" ? s.current : s.firstGuesser;
  return s.players[i]?.seat ?? fallback;
}

function run(t: Table<OutrankState>, c: Cmd): void {
  const seat = SEATS[c.seat] as string;
  const s = t.state;
  const other = c.b % 5 === 0;
  const actor = other ? seat : actorSeat(t, seat);
  const me = s.players[s.phase === "drafting" ? s.current : -1];
  const presence = (status: string) => t.act(SYSTEM, { type: "@presence", seat, status, name: `N${c.a % 9}` });
  if (c.op === "join" || c.op === "connect" || c.op === "disconnect") {
    presence(PRESENCE_OPS[c.op]);
    return;
  }
  switch (c.op) {
    case "leave":
      if (c.a % 3 === 0) presence("left");
      return;
    case "start":
      t.act(c.a % 4 ? leadOf(t, seat) : seat, { type: "startGame" });
      return;
    case "choose": {
      const offered = rules.view(s, actor, t.now) as { state: { challenges: { id: string }[] } };
      const list = offered.state.challenges;
      const id =
        c.b % 7 === 0 || list.length === 0
          ? (catalog.challenges[c.a % catalog.challenges.length]?.id ?? "x")
          : list[c.a % list.length]?.id;
      t.act(actor, { type: "selectChallenge", challengeId: id });
      return;
    }
    case "draft": {
      const pool = s.pool;
      // At the hand limit a draft is refused; mostly make room instead.
      if (me && me.hand.length + me.thisRound.length >= s.settings.handLimit && c.a % 4 !== 0) {
        const held = [...me.hand, ...me.thisRound];
        t.act(actor, { type: "discard", tokenIds: held.slice(0, 1 + (c.b % 2)) });
        return;
      }
      const tokenId = pool.length > 0 && c.b % 11 !== 0 ? pool[c.a % pool.length] : "movie-avatar";
      // Half the time the call the rules would judge right (the generator may peek; bots may not).
      const stat = catalog.challengeById.get(s.challengeId ?? "")?.stat ?? "";
      const value = (id: unknown) => catalog.tokens.get(String(id))?.stats[stat] ?? 0;
      const right = value(tokenId) >= value(s.center) ? "higher" : "lower";
      t.act(actor, { type: "draftGuess", tokenId, guess: c.b % 2 ? right : c.b % 3 ? "higher" : "lower" });
      return;
    }
    case "cash": {
      const held = me ? [...me.hand, ...me.thisRound] : [];
      // Mostly a real set: the tag most held tokens share, 2-4 of them; sometimes anything.
      const counts = new Map<string, number>();
      for (const id of held)
        for (const tag of catalog.tokens.get(id)?.tagValues ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      const best = [...counts].sort((x, y) => y[1] - x[1])[0]?.[0] ?? "none";
      const shared = held.filter((id) => catalog.tokens.get(id)?.tagValues.includes(best));
      const tokenIds = c.b % 8 === 0 ? held.filter((_, k) => (c.a >> k) & 1) : shared.slice(0, 2 + (c.a % 3));
      t.act(actor, { type: "cashOut", tokenIds: tokenIds.length > 0 ? tokenIds : ["none"], tag: best });
      return;
    }
    case "discard": {
      const held = me ? [...me.hand, ...me.thisRound] : [];
      t.act(actor, { type: "discard", tokenIds: held.length > 0 ? [held[c.a % held.length]] : ["none"] });
      return;
    }
    case "pass":
      t.act(actor, { type: "pass" });
      return;
    case "ready":
      t.act(c.b % 3 ? seat : actor, { type: "nextRound" });
      return;
    case "pause":
      t.act(leadOf(t, seat), { type: "pauseGame" });
      return;
    case "resume":
      t.act(leadOf(t, seat), { type: "resumeGame" });
      return;
    case "end":
      if (c.a % 4 === 0) t.act(leadOf(t, seat), { type: "endGame" });
      return;
    case "kick": {
      const target = s.players[c.a % Math.max(1, s.players.length)]?.id ?? "P2";
      t.act(other ? seat : leadOf(t, seat), { type: "kickPlayer", playerId: target });
      return;
    }
    case "configure":
      t.act(leadOf(t, seat), {
        type: "configure",
        settings:
          c.a % 2 ? { handLimit: 3 + (c.b % 6) } : { firstGuesser: "youngest", youngest: s.players[0]?.id ?? "P1" },
      });
      return;
    case "local":
      if (c.a % 2) t.act(leadOf(t, seat), { type: "addPlayer", name: `L${c.b % 12}` });
      else
        t.act(leadOf(t, seat), {
          type: "removePlayer",
          playerId: s.players[c.b % Math.max(1, s.players.length)]?.id ?? "T1",
        });
      return;
    case "junk": {
      const junk = [
        { type: "draftGuess", tokenId: 7, guess: "up" },
        { type: "cashOut", tokenIds: [], tag: "x" },
        { type: "nope" },
        { type: "selectChallenge" },
        null,
        { type: "pass", extra: 1 },
        { type: "@presence", seat, status: "joined" },
      ];
      t.act(seat, junk[c.a % junk.length]);
      return;
    }
    case "wait":
      t.advance((c.a % 60) * 1000);
      return;
  }
}

interface Valued {
  id: string;
  value: number;
}

/** Every token-shaped object carrying a value, anywhere in a message. */
function valuedTokens(x: unknown, out: Valued[] = []): Valued[] {
  if (Array.isArray(x)) {
    for (const y of x) valuedTokens(y, out);
  } else if (typeof x === "object" && x !== null) {
    const o = x as Record<string, unknown>;
    if (typeof o.id === "string" && typeof o.value === "number" && "tags" in o) out.push({ id: o.id, value: o.value });
    for (const y of Object.values(o)) valuedTokens(y, out);
  }
  return out;
}

/** What broke, checked after every input: plain checks (an expect() per token is slow). */
function problems(
  t: Table<OutrankState>,
  before: OutrankState,
  sentFrom: number,
  scores: Map<string, number>,
): string[] {
  const s = t.state;
  const out: string[] = [];
  // Tokens are conserved once the bags are out: every token in exactly one place.
  if (Object.keys(s.supply).length > 0) {
    const ids = everyToken(s);
    if (ids.length !== BOX) out.push(`${ids.length} tokens, expected ${BOX}`);
    if (new Set(ids).size !== ids.length) out.push("a token is in two places");
  }
  // Scores never decrease (a new game starts everyone again at 0).
  const restarted =
    before.phase !== s.phase && s.phase === "challenge" && (before.phase === "lobby" || before.phase === "gameEnd");
  if (restarted) scores.clear();
  for (const p of s.players) {
    if (p.score < (scores.get(p.id) ?? 0)) out.push(`${p.id}'s score went down`);
    scores.set(p.id, p.score);
  }
  // Secrets: no value leaves the server unless it is public under the current stat; the
  // draft pool never carries one.
  const stat = catalog.challengeById.get(s.challengeId ?? "")?.stat;
  const publicNow = new Set(s.revealed);
  const check = (where: string, msg: unknown) => {
    const parsed = ServerMessage.safeParse(msg);
    if (!parsed.success) out.push(`${where}: not a ServerMessage: ${parsed.error.issues[0]?.message}`);
    for (const v of valuedTokens(msg)) {
      if (!publicNow.has(v.id) || s.revealedStat !== stat) out.push(`${where}: the value of ${v.id} is not public`);
      else if (catalog.tokens.get(v.id)?.stats[stat as string] !== v.value)
        out.push(`${where}: wrong value for ${v.id}`);
    }
  };
  for (const d of t.sent.slice(sentFrom)) {
    const m = d.msg as { type?: string };
    if (m.type !== "@view") check(`event ${JSON.stringify(m).slice(0, 80)}`, m);
  }
  for (const viewer of [...s.players.map((p) => p.seat), "P9", null]) {
    const v = t.view(viewer) as { state: { draftPool: { value?: number }[] } };
    if (v.state.draftPool.some((x) => x.value !== undefined)) out.push(`view of ${viewer}: a draft-pool value`);
    check(`view of ${viewer}`, v);
  }
  return out;
}

/** The random commands: an operation by its weight, a seat, two choices. */
type Cmd = KitCmd<keyof typeof WEIGHTS>;
const cmd = commands(WEIGHTS, SEATS.length);

describe("Outrank properties", () => {
  it("over random legal and illegal input sequences: tokens conserved, scores never fall, refusals change nothing, inputs never touch their state, no secret leaves, and replay reproduces the game", () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(setup, fc.array(cmd, { minLength: 20, maxLength: 200 }), (init, cmds) => {
        const t = new Table<OutrankState>(rules, {
          options: {
            mode: init.mode,
            settings: {
              handLimit: init.handLimit,
              turnSeconds: init.turnSeconds,
              roundEndSeconds: init.roundEndSeconds,
              endCondition: init.endCondition,
              targetPoints: init.targetPoints,
              targetEnds: init.targetEnds,
              timeLimitMinutes: 3,
            },
          },
          seed: init.seed,
        });
        const scores = new Map<string, number>();
        // A lively start: two or three seats, started, most of the time.
        for (const seat of ["P1", "P2", "P3"]) t.act(SYSTEM, { type: "@presence", seat, status: "joined", name: seat });
        if (init.mode === "table") t.act("P1", { type: "addPlayer", name: "Second" });
        t.act("P1", { type: "startGame" });
        playChecked(t, cmds, {
          run: (c) => run(t, c),
          waitMs: (c) => (c.op === "wait" ? (c.a % 60) * 1000 : null),
          problems: (before, sent) => problems(t, before, sent, scores),
        });
        expect(replay<OutrankState>(rules, t.origin, t.log)).toEqual(t.state);
        for (const d of t.sent) {
          const e = (d.msg as { event?: { type: string; correct?: boolean } }).event;
          if (!e) continue;
          const key = e.type === "guessResolved" ? (e.correct ? "right" : "wrong") : e.type;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      }),
      { numRuns: 120, seed: PROPERTY_SEED },
    );
    // The runs reach every part of the game, not only the lobby and refusals.
    for (const [kind, least] of [
      ["right", 120],
      ["wrong", 40],
      ["cashedOut", 4],
      ["discarded", 4],
      ["roundEnded", 40],
      ["gameEnded", 10],
      ["gamePaused", 10],
    ] as const)
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(least);
  });

  it("a refused input is answered with a code and returns no state", () => {
    const t = new Table<OutrankState>(rules);
    const r = rules.act(t.state, "P1", { type: "pass" }, t.now);
    expect(isRuleError(r) && r.error.code).toBe("not_a_player");
  });
});
