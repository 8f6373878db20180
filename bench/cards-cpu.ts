/**
 * In-process CPU cost of the Card Table rules per input, no server, no database:
 *
 *   npx tsx bench/cards-cpu.ts [--inputs 3000] [--seats 6] [--repeat 3] [--digest]
 *
 * A CAH table (the shipped base pack, real durations) is played through the real rules on
 * a virtual clock: judges draw, players answer one card at a time, judges pick, a silent
 * player now and then lets the submit timeout fire (a tick), seats drop and come back,
 * finished games are rematched. After every accepted input or tick it does what the room
 * host does when publishing: one "update" view per seat plus the spectators' one, each
 * JSON-encoded (Socket.IO encodes with JSON.stringify). Inputs are chosen from those views
 * only, so the run does not depend on how the state is laid out.
 *
 * `--digest` skips timing and prints one hash over every outbound message, view and the
 * state after each step: two runs of the rules that behave the same print the same hash.
 */
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { isRuleError } from "../src/engine/errors";
import { type From, type Outbound, SYSTEM } from "../src/engine/rules";
import { loadPacks } from "../src/games/card-table/content/index";
import { createCardTableRules } from "../src/games/card-table/rules";
import type { CardTableState } from "../src/games/card-table/state";
import type { GameStateView } from "../src/games/card-table/view";

const { values: args } = parseArgs({
  options: {
    inputs: { type: "string", default: "3000" },
    seats: { type: "string", default: "6" },
    repeat: { type: "string", default: "3" },
    digest: { type: "boolean", default: false },
  },
});
const INPUTS = Number(args.inputs);
const REPEAT = Math.max(1, Number(args.repeat));
const SEATS = Array.from({ length: Number(args.seats) }, (_, i) => `P${i + 1}`);
const VIEWERS: (string | null)[] = [...SEATS, null];

const packs = new Map(loadPacks().map((p) => [p.id, p]));
const rules = createCardTableRules((id) => packs.get(id));

interface Totals {
  steps: number;
  acts: number;
  ticks: number;
  actMs: number;
  tickMs: number;
  viewMs: number;
  jsonMs: number;
  bytes: number;
  stateBytes: number;
  /** Time and count per intent type (presence by status). */
  byType: Map<string, { ms: number; n: number }>;
}

/** One table played for `inputs` accepted inputs; returns the time spent in each part. */
function play(inputs: number, digest: ReturnType<typeof createHash> | null): Totals {
  const t: Totals = {
    steps: 0,
    acts: 0,
    ticks: 0,
    actMs: 0,
    tickMs: 0,
    viewMs: 0,
    jsonMs: 0,
    bytes: 0,
    stateBytes: 0,
    byType: new Map(),
  };
  let now = 1_700_000_000_000;
  let state = rules.setup({
    roomId: "BENCH1",
    options: rules.options.parse({
      definition: "cah",
      settings: { endCondition: "rounds", endValue: 30, submitTimeout: 60, judgeTimeout: 90 },
    }),
    seed: "bench-seed",
    now,
    timeScale: 1,
  });
  let views = new Map<string | null, GameStateView>();

  /** What the host does after a step: store it, then one encoded view per recipient. */
  const publish = (next: CardTableState, out: Outbound[]) => {
    state = next;
    t.steps++;
    const fresh = new Map<string | null, GameStateView>();
    let viewMs = 0;
    let jsonMs = 0;
    for (const seat of VIEWERS) {
      const a = performance.now();
      const v = rules.view(state, seat, now, "update") as { state: GameStateView };
      const b = performance.now();
      const wire = JSON.stringify(v);
      const c = performance.now();
      viewMs += b - a;
      jsonMs += c - b;
      t.bytes += wire.length;
      fresh.set(seat, v.state);
      digest?.update(wire);
    }
    t.viewMs += viewMs;
    t.jsonMs += jsonMs;
    if (digest) {
      digest.update(JSON.stringify(out));
      digest.update(JSON.stringify(state));
    }
    views = fresh;
  };

  const act = (from: From, intent: unknown) => {
    now += 1000;
    const a = performance.now();
    const step = rules.act(state, from, intent as never, now);
    const ms = performance.now() - a;
    t.actMs += ms;
    const i = intent as { type: string; status?: string };
    const kind = i.status ? `@presence ${i.status}` : i.type;
    const k = t.byType.get(kind) ?? { ms: 0, n: 0 };
    k.ms += ms;
    k.n++;
    t.byType.set(kind, k);
    if (isRuleError(step)) throw new Error(`refused ${JSON.stringify(intent)}: ${step.error.code}`);
    t.acts++;
    publish(step.state, step.out);
  };

  /** Move the clock to the next timer and fire it. */
  const tick = () => {
    const due = rules.due(state);
    if (due === null) throw new Error("nothing is due");
    now = Math.max(now, due);
    const a = performance.now();
    const step = rules.tick(state, now);
    t.tickMs += performance.now() - a;
    t.ticks++;
    publish(step.state, step.out);
  };

  for (const seat of SEATS) act(SYSTEM, { type: "@presence", seat, status: "joined", name: `Bench ${seat}` });
  let dropped = -1;
  let blipped = -1;
  while (t.acts + t.ticks < inputs) {
    const v = views.get(SEATS[0] as string) as GameStateView;
    const round = v.round;
    const judge = v.roles.judge;
    if (dropped >= 0) {
      act(SYSTEM, { type: "@presence", seat: SEATS[dropped], status: "connected" });
      dropped = -1;
      continue;
    }
    if (v.status === "lobby") {
      act("P1", { type: "startGame" });
      continue;
    }
    if (v.status === "ended") {
      act("P1", { type: "setPhase", phaseId: "LOBBY" });
      continue;
    }
    if (v.status !== "playing") throw new Error(`unexpected status ${v.status}`);
    const others = SEATS.filter((s) => s !== judge);
    if (v.currentPhase === "PROMPT" && judge) {
      // Every seventh round someone's connection blips before the prompt.
      if (round % 7 === 3 && blipped !== round) {
        blipped = round;
        dropped = SEATS.indexOf(others[round % others.length] as string);
        act(SYSTEM, { type: "@presence", seat: SEATS[dropped], status: "disconnected" });
        continue;
      }
      act(judge, { type: "draw", deckId: "black", count: 1, toZone: "prompt" });
      continue;
    }
    if (v.currentPhase === "SUBMIT") {
      const pick = v.roundState.pick;
      // Every fifth round the last seat stays silent and the submit timeout moves the round on.
      const silent = round % 5 === 0 ? others[others.length - 1] : undefined;
      const owing = others.filter(
        (s) => s !== silent && (v.roundState.submissions[s]?.count ?? 0) < pick && handOf(views, s).length > 0,
      );
      const who = owing[0];
      if (!who) {
        tick();
        continue;
      }
      const hand = handOf(views, who);
      const card = hand[(round + SEATS.indexOf(who)) % hand.length] as { id: string };
      act(who, { type: "play", cardId: card.id, fromZone: "hand", toSlot: "submission" });
      continue;
    }
    if (v.currentPhase === "JUDGE" && judge) {
      const n = views.get(judge)?.roundState.anonymized?.length ?? 0;
      if (n === 0) {
        tick();
        continue;
      }
      act(judge, { type: "selectWinner", index: ((round * 7) % n) + 1 });
      continue;
    }
    throw new Error(`stuck in ${v.currentPhase}`);
  }
  t.stateBytes = JSON.stringify(state).length;
  return t;
}

function handOf(views: Map<string | null, GameStateView>, seat: string) {
  return views.get(seat)?.players.find((p) => p.id === seat)?.hand ?? [];
}

if (args.digest) {
  const h = createHash("sha256");
  const t = play(INPUTS, h);
  console.log(`digest ${h.digest("hex")} over ${t.acts} inputs and ${t.ticks} ticks`);
} else {
  play(Math.min(INPUTS, 1500), null); // warm up the JIT
  // The machine is shared: each figure is the best of the runs (noise only ever adds time).
  const runs = Array.from({ length: REPEAT }, () => play(INPUTS, null));
  const us = (ms: number, n: number) => ((ms * 1000) / n).toFixed(1).padStart(8);
  const best = (f: (t: Totals) => number) => us(Math.min(...runs.map(f)), 1);
  const t = runs[0] as Totals;
  console.log(`${t.acts} inputs + ${t.ticks} ticks, ${SEATS.length} seats + spectator views each, best of ${REPEAT}`);
  console.log(`act             ${best((r) => r.actMs / r.acts)} µs per input`);
  console.log(`tick            ${best((r) => r.tickMs / r.ticks)} µs per tick`);
  console.log(`views (${VIEWERS.length})       ${best((r) => r.viewMs / r.steps)} µs per step`);
  console.log(`stringify (${VIEWERS.length})   ${best((r) => r.jsonMs / r.steps)} µs per step`);
  console.log(
    `total           ${best((r) => (r.actMs + r.tickMs + r.viewMs + r.jsonMs) / r.steps)} µs per step (act or tick, plus views and encoding)`,
  );
  console.log(`view bytes      ${(t.bytes / t.steps / VIEWERS.length).toFixed(0).padStart(8)} per view`);
  for (const kind of [...t.byType.keys()]) {
    const k = t.byType.get(kind) as { n: number };
    console.log(`  act ${kind.padEnd(22)} ${best((r) => (r.byType.get(kind)?.ms ?? 0) / k.n)} µs × ${k.n}`);
  }
  console.log(`state bytes     ${String(t.stateBytes).padStart(8)} (JSON, at the end)`);
}
