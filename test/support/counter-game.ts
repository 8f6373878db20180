import { z } from "zod";
import { refuse } from "../../src/engine/errors";
import type { GameModule } from "../../src/engine/module";
import type { From, GameRules, PresenceIntent, SeatId } from "../../src/engine/rules";

/**
 * A tiny game for the host's own tests: every ADD changes the state (a running total and a
 * hash chain over who added what, in order), and every tenth total leaves a timer due at
 * once, so inputs and ticks race together. Two states are equal only if the same inputs
 * were applied in the same order.
 */
export interface CounterState {
  total: number;
  adds: number;
  ticks: number;
  chain: number;
  dueAt: number | null;
  seats: SeatId[];
}

const Intent = z.object({ type: z.literal("ADD"), k: z.int() });
type Intent = z.infer<typeof Intent>;

const mix = (chain: number, text: string) => {
  let h = chain;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
};

export const counterRules: GameRules<CounterState, Intent, Record<string, never>> = {
  id: "counter",
  seats: { min: 1, max: 4 },
  options: z.object({}).strict() as never,
  intent: Intent,
  setup: () => ({ total: 0, adds: 0, ticks: 0, chain: 7, dueAt: null, seats: [] }),
  act(state, from: From, intent: Intent | PresenceIntent, now) {
    if (intent.type === "@presence") {
      if (intent.status !== "joined" || state.seats.includes(intent.seat)) return { state, out: [] };
      return {
        state: { ...state, seats: [...state.seats, intent.seat] },
        out: [{ to: "all", msg: { type: "JOINED" } }],
      };
    }
    if (!state.seats.includes(from)) return refuse("not_seated", "Join first.");
    const total = state.total + intent.k;
    return {
      state: {
        ...state,
        total,
        adds: state.adds + 1,
        chain: mix(state.chain, `${from}:${intent.k}`),
        dueAt: total % 10 === 0 ? now : state.dueAt,
      },
      out: [
        { to: "all", msg: { type: "ADDED", from, k: intent.k } },
        { to: "all", view: true },
      ],
    };
  },
  due: (state) => state.dueAt,
  tick(state) {
    if (state.dueAt === null) return { state, out: [] };
    return { state: { ...state, ticks: state.ticks + 1, dueAt: null }, out: [{ to: "all", msg: { type: "TICKED" } }] };
  },
  view: (state) => ({ total: state.total, adds: state.adds }),
};

export const counterGame: GameModule = {
  rules: counterRules,
  // It refuses only with the platform's codes.
  refusals: {},
  namespace: "/counter",
  title: "Counter",
  wire: {
    parse: (raw) => ({ kind: "intent", intent: raw }),
    error: (code, message) => ({ type: "ERROR", code, message }),
  },
};
