import { Context, scaledMs } from "../../../src/engine/context";
import { cloneData } from "../../../src/engine/copy";
import { defineGame, UNCHANGED } from "../../../src/engine/game";
import { changes, graceDeadlines, playerName, presenceFor, setPresence } from "../../../src/engine/presence";
import type { PresenceIntent, SeatId } from "../../../src/engine/rules";
import { refuse } from "./codes";
import { RaceIntent as Intent, type RaceDeadline, type RaceIntent, RaceOptions, type RaceState } from "./state";

/**
 * Race to 21, the example game of docs/architecture.md ("Adding a game"): two to four
 * players take turns adding 1, 2 or 3 to a shared total, and whoever brings it to the target
 * wins. A turn left too long adds 1 on the player's behalf; a dropped player keeps their seat
 * for the grace window, then is out. Everything here is the game's own; the engine supplies
 * the step, the copy, the clock and the presence words.
 */
type Ctx = Context<RaceState>;
type PresencePlan = { kind: "join"; name: string } | { kind: "set" } | { kind: "leave"; index: number };

const here = (s: RaceState) => s.racers.filter((r) => r.presence !== "left");
const indexOf = (s: RaceState, seat: SeatId) => s.racers.findIndex((r) => r.seat === seat);

/** The next racer still in the race after `from`, in seat order. */
function nextTurn(ctx: Ctx, from: number): void {
  const s = ctx.s;
  for (let k = 1; k <= s.racers.length; k++) {
    const i = (from + k) % s.racers.length;
    if (s.racers[i]?.presence !== "left") {
      s.turn = i;
      s.turnEndsAt = ctx.now + ctx.ms(s.options.turnSeconds);
      return;
    }
  }
}

function add(ctx: Ctx, index: number, n: number, timedOut: boolean): void {
  const s = ctx.s;
  s.total = Math.min(s.options.target, s.total + n);
  s.last = { seat: s.racers[index]!.seat, n, timedOut };
  if (s.total >= s.options.target) s.winner = s.racers[index]!.seat;
  else nextTurn(ctx, index);
}

export const raceRules = defineGame<RaceState, RaceIntent, RaceOptions, Ctx, number, PresencePlan, RaceDeadline>({
  id: "race21",
  seats: { min: 2, max: 4 },
  options: RaceOptions,
  intent: Intent,
  setup: ({ options, timeScale }) => ({
    options,
    timeScale,
    phase: "lobby",
    total: 0,
    racers: [],
    turn: 0,
    turnEndsAt: null,
    winner: null,
    last: null,
  }),
  copy: cloneData,
  context: (s, now) => new Context(s, now, s.timeScale),

  validate(s, from, intent) {
    const me = indexOf(s, from);
    if (intent.type === "start") {
      if (s.phase !== "lobby") return refuse("game_already_started", "The race is on already.");
      if (here(s)[0]?.seat !== from) return refuse("not_lead", "The first player seated starts the race.");
      if (here(s).length < 2) return refuse("not_enough_players", "A race needs two players.");
      return me;
    }
    if (s.phase === "lobby") return refuse("game_not_started", "The race has not started.");
    if (s.phase === "over") return refuse("game_over", "The race is over.");
    if (s.turn !== me) return refuse("not_your_turn", "It is not your turn.");
    return me;
  },
  apply(ctx, _from, intent, me) {
    if (intent.type === "start") {
      ctx.s.phase = "racing";
      nextTurn(ctx, ctx.s.racers.length - 1);
    } else add(ctx, me, intent.n, false);
    ctx.views();
  },

  presence: {
    plan(s, p: PresenceIntent) {
      const i = indexOf(s, p.seat);
      if (p.status === "joined") {
        if (i >= 0) return refuse("seat_taken", "That seat is taken.");
        if (s.phase !== "lobby") return refuse("game_in_progress", "The race has started; you may watch.");
        if (s.racers.length >= 4) return refuse("room_full", "Four players are racing already.");
        return { kind: "join", name: playerName(p.name) ?? `Player ${s.racers.length + 1}` };
      }
      const r = s.racers[i];
      if (!r) return UNCHANGED;
      if (p.status === "left") return r.presence === "left" ? UNCHANGED : { kind: "leave", index: i };
      return changes(r, presenceFor(p.status)) ? { kind: "set" } : UNCHANGED;
    },
    apply(ctx, p, plan) {
      const s = ctx.s;
      if (plan.kind === "join") s.racers.push({ seat: p.seat, name: plan.name, presence: "active", absentSince: null });
      else if (plan.kind === "leave") leave(ctx, plan.index);
      else setPresence(s.racers[indexOf(s, p.seat)]!, presenceFor(p.status), ctx.now);
      ctx.views();
    },
  },

  deadlines(s) {
    if (s.phase !== "racing") return [];
    const out: RaceDeadline[] = graceDeadlines(s.racers, scaledMs(s.timeScale, s.options.graceSeconds));
    if (s.turnEndsAt !== null) out.push({ kind: "turn", at: s.turnEndsAt });
    return out;
  },
  fire(ctx, d) {
    if (d.kind === "turn") add(ctx, ctx.s.turn, 1, true);
    else leave(ctx, d.index);
    ctx.views();
  },
  settle(ctx) {
    const s = ctx.s;
    if (s.phase !== "racing") return;
    // The last one still in the race wins it.
    const left = here(s);
    if (s.winner === null && left.length === 1) s.winner = left[0]!.seat;
    if (s.winner !== null) {
      s.phase = "over";
      s.turnEndsAt = null;
    }
  },

  view: (s, seat) => ({
    type: "state",
    state: {
      phase: s.phase,
      total: s.total,
      target: s.options.target,
      racers: s.racers.map((r) => ({ seat: r.seat, name: r.name, presence: r.presence })),
      turn: s.phase === "racing" ? (s.racers[s.turn]?.seat ?? null) : null,
      turnEndsAt: s.turnEndsAt,
      winner: s.winner,
      last: s.last,
      you: seat,
    },
  }),
  stage: (s) => (s.phase === "lobby" ? "lobby" : s.phase === "racing" ? "playing" : "over"),
});

/** A racer gives up (or their grace ran out): gone from a lobby, out of a race. */
function leave(ctx: Ctx, index: number): void {
  const s = ctx.s;
  if (s.phase === "lobby") {
    s.racers.splice(index, 1);
    return;
  }
  setPresence(s.racers[index]!, "left", ctx.now);
  if (s.phase === "racing" && s.turn === index) nextTurn(ctx, index);
}
