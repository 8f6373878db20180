import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commands, type Cmd as KitCmd, playChecked } from "../../engine/property-kit";
import { replay } from "../../engine/replay";
import { SYSTEM } from "../../engine/rules";
import { PROPERTY_SEED, Table } from "../../engine/testkit";
import { patternModifier } from "./board";
import { loadSerpentDecks } from "./content/index";
import type { QuestionCard } from "./options";
import type { SerpentState } from "./state";
import { rules, testDecks } from "./test-kit";
import { pendingCard, scanAudiences, scanMessage, scanView } from "./test-scanner";
import { ServerMessage } from "./wire";

const SEATS = ["P1", "P2", "P3", "P4", "GM", "P9"];

const WEIGHTS = {
  play: 60,
  join: 3,
  presence: 2,
  ready: 4,
  start: 3,
  roll: 30,
  answer: 14,
  guess: 12,
  jokerGuess: 6,
  decide: 8,
  chat: 2,
  leave: 1,
  junk: 3,
  wait: 10,
} as const;

const setup = fc.record({
  physicalDice: fc.boolean(),
  boardSize: fc.constantFrom(12, 20, 30, 37, 100),
  realDecks: fc.boolean(),
  players: fc.integer({ min: 2, max: 4 }),
  seed: fc.string({ maxLength: 8 }),
});

/** The right answer to a question card (the generator may peek; players may not). */
function rightAnswer(card: QuestionCard): unknown {
  switch (card.type) {
    case 0:
      return card.answer.find((o) => o.correct)?.answer;
    case 1:
      return typeof card.answer === "string"
        ? card.answer.split(" ")
        : card.answer.map((p, i) => ({ pairId: `pair_${i}`, leftText: p.left, rightText: p.right }));
    case 2:
      return card.answer[0];
    case 3:
      return card.answer;
    case 4:
      return card.answer.correct;
  }
}

const WRONG = ["Z", "A", [], "nonsense", "false", 123456, null, { x: 1 }, "true", 0];

function run(t: Table<SerpentState>, c: Cmd): void {
  const s = t.state;
  const seat = SEATS[c.seat] as string;
  const cur = s.sequence[s.current] ?? seat;
  const actor = c.b % 6 === 0 ? seat : cur;
  switch (c.op) {
    case "play":
      play(t, c);
      return;
    case "join":
      // Not "N2": that is an accepted answer in the shipped decks (nitrogen), and the scanner would see it.
      t.act(SYSTEM, { type: "@presence", seat, status: "joined", name: `Newcomer ${c.a % 7}` });
      return;
    case "presence":
      t.act(SYSTEM, { type: "@presence", seat, status: c.a % 2 ? "connected" : "disconnected" });
      return;
    case "ready":
      t.act(seat, { event: "game:ready", data: { ready: c.a % 4 !== 0 } });
      return;
    case "start":
      t.act(c.a % 3 === 0 ? seat : c.a % 3 === 1 ? "GM" : SYSTEM, { event: "start", data: {} });
      return;
    case "roll":
      t.act(actor, { event: "game:dice-roll", data: { gameCode: "X", diceValue: c.a % 9 === 0 ? 9 : 1 + (c.a % 6) } });
      return;
    case "answer": {
      const card = pendingCard(s);
      const value = card && c.a % 2 === 0 ? rightAnswer(card) : WRONG[c.a % WRONG.length];
      t.act(actor, { event: "game:card-answer", data: { answer: value } });
      return;
    }
    case "guess":
    case "jokerGuess": {
      const st = s.stage;
      const right =
        st?.kind === "guess" ? st.landing.start + st.landing.dice + st.stepValue + st.patternModifier : c.a % 50;
      const event = c.op === "guess" ? "game:position-guess" : "game:joker-position-guess";
      t.act(actor, { event, data: { guessedPosition: c.a % 3 === 0 ? right + 1 : right } });
      return;
    }
    case "decide": {
      const requestId = s.stage?.kind === "decision" && c.a % 7 !== 0 ? s.stage.requestId : "joker_999";
      t.act(c.b % 9 === 0 ? seat : "GM", {
        event: "game:gamemaster-decision",
        data: { requestId, decision: c.a % 2 ? "approve" : "reject" },
      });
      return;
    }
    case "chat":
      t.act(seat, { event: "game:chat", data: { message: c.a % 5 === 0 ? " " : `hi ${c.a}` } });
      return;
    case "leave":
      if (c.a % 4 === 0) t.act(seat, { event: "game:leave", data: {} });
      else if (c.a % 4 === 1) t.act(SYSTEM, { type: "@presence", seat, status: "left" });
      return;
    case "junk": {
      const junk = [
        null,
        { event: "game:dice-roll", data: { diceValue: "six" } },
        { event: "game:card-answer" },
        { event: "game:position-guess", data: { guessedPosition: 1.5 } },
        { event: "game:nope", data: {} },
        { type: "@presence", seat, status: "joined" },
        { event: "game:chat", data: { message: "x".repeat(600) } },
      ];
      t.act(seat, junk[c.a % junk.length]);
      return;
    }
    case "wait":
      return;
  }
}

/** Whatever the race waits for, mostly done right, sometimes wrong (but well formed). */
function play(t: Table<SerpentState>, c: Cmd): void {
  const s = t.state;
  const st = s.stage;
  const cur = s.sequence[s.current] ?? "P1";
  if (!st || st.kind === "drawing") {
    const due = rules.due(s);
    if (due !== null) t.advance(Math.max(0, due - t.now));
    return;
  }
  switch (st.kind) {
    case "roll":
      t.act(cur, { event: "game:dice-roll", data: { diceValue: 1 + (c.a % 6) } });
      return;
    case "answer": {
      const card = pendingCard(s) as QuestionCard;
      const wrong = card.type === 0 ? "A" : card.type === 3 ? !card.answer : card.type === 4 ? -1 : "nope";
      t.act(cur, { event: "game:card-answer", data: { answer: c.b % 3 === 0 ? wrong : rightAnswer(card) } });
      return;
    }
    case "guess": {
      const right = st.landing.start + st.landing.dice + st.stepValue + st.patternModifier;
      const event = st.joker ? "game:joker-position-guess" : "game:position-guess";
      t.act(cur, { event, data: { guessedPosition: c.b % 4 === 0 ? right - 1 : right } });
      return;
    }
    case "decision":
      t.act("GM", {
        event: "game:gamemaster-decision",
        data: { requestId: st.requestId, decision: c.b % 2 ? "approve" : "reject" },
      });
      return;
  }
}

/** What broke after one step: checked as plain lists (an expect() per message is slow). */
function problems(t: Table<SerpentState>, sentFrom: number, parseViews: boolean): string[] {
  const s = t.state;
  const out: string[] = [];
  const size = s.settings.boardSize;
  for (const p of s.players)
    if (!Number.isInteger(p.position) || p.position < 0 || p.position > size)
      out.push(`${p.seat} at ${p.position} (board ${size})`);
  if (s.phase === "active") {
    const cur = s.players.find((p) => p.seat === s.sequence[s.current]);
    if (!cur || cur.presence === "left") out.push(`nobody's turn (current ${s.current} of ${s.sequence.join()})`);
    if (!s.stage) out.push("an active race with nothing to do");
    if (s.sequence.some((seat) => (s.players.find((p) => p.seat === seat)?.presence ?? "left") === "left"))
      out.push("a player who left is in the sequence");
    if (s.players.filter((p) => p.presence !== "left").length < 2) out.push("a race with fewer than two players");
  }
  // A race won on the board (not by the others leaving) is won on its last field.
  const winner = s.players.find((p) => p.seat === s.winner);
  if (
    s.phase === "ended" &&
    winner &&
    s.players.filter((p) => p.presence !== "left").length >= 2 &&
    winner.position !== size
  )
    out.push(`${winner.seat} won on ${winner.position} (board ${size})`);
  const secret = pendingCard(s);
  const sent = t.sent.slice(sentFrom);
  for (const d of sent) {
    const m = d.msg as { event: string; data: { currentPosition?: number; patternModifier?: number } };
    // The modifier a guess is asked with is that of the pre-roll position's zone on this board.
    if (
      (m.event === "game:position-guess-request" || m.event === "game:joker-position-guess-request") &&
      m.data.patternModifier !== patternModifier(m.data.currentPosition as number, size)
    )
      out.push(`${m.event} from ${m.data.currentPosition} with modifier ${m.data.patternModifier} (board ${size})`);
    const parsed = ServerMessage.safeParse(d.msg);
    if (!parsed.success)
      out.push(`not a server message: ${JSON.stringify(d.msg).slice(0, 120)}: ${parsed.error.issues[0]?.message}`);
    out.push(...scanMessage(d.msg, secret, (d.msg as { event: string }).event));
  }
  const turn = s.phase === "active" ? (s.sequence[s.current] ?? null) : null;
  out.push(
    ...scanAudiences(
      sent.map((d) => ({ to: d.to, msg: d.msg })),
      turn,
    ),
  );
  for (const seat of [...s.players.map((p) => p.seat), "GM", null]) {
    const view = t.view(seat);
    // Parsing a view (a whole board) is the slow part: every few steps is enough.
    const parsed = parseViews ? ServerMessage.safeParse(view) : { success: true as const };
    if (!parsed.success) out.push(`view of ${seat}: ${parsed.error.issues[0]?.path.join(".")}`);
    out.push(...scanMessage(view, secret, `view of ${seat}`), ...scanView(s, seat, view));
  }
  return out;
}

/** The random commands: an operation by its weight, a seat, two choices. */
type Cmd = KitCmd<keyof typeof WEIGHTS>;
const cmd = commands(WEIGHTS, SEATS.length);

describe("SerpentRace properties", () => {
  it("over random legal and illegal inputs: positions stay on the board, someone always has the turn, refusals change nothing, inputs never touch their state, every message is well formed and secret-free, and replay reproduces the race", () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(setup, fc.array(cmd, { minLength: 30, maxLength: 250 }), (init, cmds) => {
        const t = new Table<SerpentState>(rules, {
          options: {
            decks: init.realDecks ? loadSerpentDecks() : testDecks,
            physicalDice: init.physicalDice,
            boardSize: init.boardSize,
          },
          seed: init.seed,
          timeScale: 0.01,
        });
        // A lively start most of the time: the gamemaster, players, ready, started.
        t.act(SYSTEM, { type: "@presence", seat: "GM", status: "joined", name: "GM" });
        for (let i = 1; i <= init.players; i++) {
          t.act(SYSTEM, { type: "@presence", seat: `P${i}`, status: "joined", name: `Player ${i}` });
          t.act(`P${i}`, { event: "game:ready", data: { ready: true } });
        }
        t.act("GM", { event: "start", data: {} });
        let steps = 0;
        playChecked(t, cmds, {
          run: (c) => run(t, c),
          waitMs: (c) => (c.op === "wait" ? (c.a % 4) * 400 : null),
          problems: (_before, sent) => problems(t, sent, steps++ % 8 === 0),
        });
        expect(replay<SerpentState>(rules, t.origin, t.log)).toEqual(t.state);
        for (const d of t.sent) {
          const m = d.msg as { event: string; data: { isCorrect?: boolean; guessCorrect?: boolean } };
          const key =
            m.event === "game:answer-validated"
              ? `answer-${m.data.isCorrect}`
              : m.event === "game:guess-result"
                ? `guess-${m.data.guessCorrect}`
                : m.event;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      }),
      { numRuns: 100, seed: PROPERTY_SEED },
    );
    // The runs reach every part of the race, not only the lobby and refusals.
    for (const [kind, least] of [
      ["answer-true", 80],
      ["answer-false", 50],
      ["guess-true", 40],
      ["guess-false", 12],
      ["game:card-timeout", 20],
      ["game:guess-timeout", 12],
      ["game:luck-consequence", 25],
      ["game:joker-drawn", 25],
      ["game:gamemaster-decision-result", 25],
      ["game:joker-complete", 20],
      ["game:players-skipped", 5],
      ["game:extra-turn-remaining", 10],
      ["game:player-left", 2],
      ["game:ended", 10],
    ] as const)
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(least);
  });
});
