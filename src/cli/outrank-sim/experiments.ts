import type { StrategyName } from "../../games/outrank/bots";
import type { SettingsPatch } from "../../games/outrank/settings";
import type { Seat } from "./play";

/** One configuration to play many games of. Game g sits its players as `seatings[g % seatings.length]`. */
export interface Cell {
  id: string;
  experiment: Experiment;
  label: string;
  seatings: Seat[][];
  settings: SettingsPatch;
  /** For sweeps: the swept value. */
  x?: number | string;
}

export type Experiment = "strategies" | "duel" | "tunable" | "players" | "handLimit" | "setValues" | "endConditions";

const named = (name: StrategyName): Seat => ({ kind: "named", name });

/** The strategies a table is seated from; random-legal and set-collecting-only join only the strategy comparison. */
export const SENSIBLE: Seat[] = [named("cautious"), named("greedy"), named("setCollector"), named("balanced")];
export const ALL: Seat[] = [...SENSIBLE, named("random"), named("pureCollector")];

/** Question 1 head to head: guessing-first (greedy) against set-collecting-only cashing sets of each size. */
export const DUEL_CASH_AT = [2, 3, 4];
export const collectorLabel = (cashAt: number) => `set collecting only, cash at ${cashAt}`;

/** Two of each strategy at 4 seats, in every arrangement around the table. */
function duelSeatings(a: Seat, b: Seat): Seat[][] {
  return [
    [a, a, b, b],
    [a, b, b, a],
    [b, b, a, a],
    [b, a, a, b],
    [a, b, a, b],
    [b, a, b, a],
  ];
}

/** Every rotation of every way to choose `n` of `pool` (n < pool) or of the pool cycled (n >= pool). */
function seatingsOf(pool: Seat[], n: number): Seat[][] {
  const out: Seat[][] = [];
  if (n < pool.length) {
    // Leave out each strategy in turn (for n = pool - 1), or take each run of n around the circle.
    for (let start = 0; start < pool.length; start++) {
      const pick = Array.from({ length: n }, (_, k) => pool[(start + k) % pool.length] as Seat);
      for (let r = 0; r < n; r++) out.push(pick.map((_, k) => pick[(k + r) % n] as Seat));
    }
  } else {
    for (let r = 0; r < pool.length; r++)
      out.push(Array.from({ length: n }, (_, k) => pool[(k + r) % pool.length] as Seat));
  }
  return out;
}

/** The default end condition's label, and the same target played to the round's end. */
export const DEFAULT_END = "first to 20";
export const ROUND_END_20 = "to 20, round end";

export const endCellId = (label: string) => `end-${label.replace(/[\s,]+/g, "-")}`;

/** A score target ends the game at once (the rules' default) unless the label says otherwise. */
export const END_CONDITIONS: Array<{ label: string; settings: SettingsPatch }> = [
  { label: "first to 15", settings: { endCondition: "points", targetPoints: 15 } },
  { label: DEFAULT_END, settings: { endCondition: "points", targetPoints: 20 } },
  { label: ROUND_END_20, settings: { endCondition: "points", targetPoints: 20, targetEnds: "roundEnd" } },
  { label: "first to 30", settings: { endCondition: "points", targetPoints: 30 } },
  { label: "5 rounds", settings: { endCondition: "rounds", roundLimit: 5 } },
  { label: "8 rounds", settings: { endCondition: "rounds", roundLimit: 8 } },
  { label: "12 rounds", settings: { endCondition: "rounds", roundLimit: 12 } },
  { label: "token depletion", settings: { endCondition: "depletion" } },
  { label: "20 minutes", settings: { endCondition: "time", timeLimitMinutes: 20 } },
  { label: "30 minutes", settings: { endCondition: "time", timeLimitMinutes: 30 } },
  { label: "45 minutes", settings: { endCondition: "time", timeLimitMinutes: 45 } },
];

export const SET_VALUES: Array<[number, number, number]> = [
  [2, 5, 8],
  [2, 4, 6],
  [1, 3, 6],
  [3, 6, 10],
  [2, 6, 12],
];

export const GUESS_ABOVE = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
export const CASH_AT = [2, 3, 4];

export function cells(): Cell[] {
  const out: Cell[] = [];
  out.push({
    id: "strategies",
    experiment: "strategies",
    label: "4 players, every strategy",
    seatings: seatingsOf(ALL, 4),
    settings: {},
  });
  for (const c of DUEL_CASH_AT) {
    const collector: Seat = { kind: "collector", cashAt: c, label: collectorLabel(c) };
    out.push({
      id: `duel-${c}`,
      experiment: "duel",
      label: `greedy vs ${collectorLabel(c)}`,
      seatings: duelSeatings(named("greedy"), collector),
      settings: {},
      x: c,
    });
  }
  for (const g of GUESS_ABOVE)
    for (const c of CASH_AT) {
      const me: Seat = { kind: "threshold", guessAbove: g, cashAt: c, label: `threshold ${g}/${c}` };
      const field = [named("balanced"), named("balanced"), named("balanced")];
      // The tunable bot in each seat in turn, against three balanced bots.
      const seatings = [0, 1, 2, 3].map((k) => [...field.slice(0, k), me, ...field.slice(k)]);
      out.push({
        id: `tunable-${g}-${c}`,
        experiment: "tunable",
        label: me.label,
        seatings,
        settings: {},
        x: `${g}/${c}`,
      });
    }
  for (let n = 2; n <= 6; n++)
    out.push({
      id: `players-${n}`,
      experiment: "players",
      label: `${n} players`,
      seatings: seatingsOf(SENSIBLE, n),
      settings: {},
      x: n,
    });
  for (let h = 6; h <= 10; h++)
    out.push({
      id: `hand-${h}`,
      experiment: "handLimit",
      label: `hand limit ${h}`,
      seatings: seatingsOf(SENSIBLE, 4),
      settings: { handLimit: h },
      x: h,
    });
  for (const v of SET_VALUES)
    out.push({
      id: `sets-${v.join("-")}`,
      experiment: "setValues",
      label: `sets ${v.join("/")}`,
      seatings: seatingsOf(SENSIBLE, 4),
      settings: { setPoints: v },
      x: v.join("/"),
    });
  for (const e of END_CONDITIONS)
    out.push({
      id: endCellId(e.label),
      experiment: "endConditions",
      label: e.label,
      seatings: seatingsOf(SENSIBLE, 4),
      settings: e.settings,
      x: e.label,
    });
  return out;
}
