import type { GameRecord, PlayerRecord } from "./play";

/**
 * The First Guesser's edge, round by round: the marker moves every round, so each round
 * compares the seat that opened it holding the marker with the others at the same table.
 * A round's points are everything scored in it: right guesses, sets and the bonus.
 */
export interface MarkerRounds {
  rounds: number;
  /** Rounds in which the holder scored the most points of the round (a share of a tie). */
  holderTop: number;
  holderPoints: number;
  holderPointsSq: number;
  /** Points of each other seated player per round: their sum, sum of squares and count. */
  otherPoints: number;
  otherPointsSq: number;
  otherSeats: number;
}

export const emptyMarkerRounds = (): MarkerRounds => ({
  rounds: 0,
  holderTop: 0,
  holderPoints: 0,
  holderPointsSq: 0,
  otherPoints: 0,
  otherPointsSq: 0,
  otherSeats: 0,
});

/** Totals for one strategy over a set of games: its seats, wins and each player record's sums. */
export interface StrategyStats
  extends Pick<PlayerRecord, "score" | "guessPoints" | "setPoints" | "bonusPoints" | "correct" | "wrong" | "cashOuts"> {
  seats: number;
  wins: number;
}

/** A strategy that has not played yet. */
export const emptyStrategy = (): StrategyStats => ({
  seats: 0,
  wins: 0,
  score: 0,
  guessPoints: 0,
  setPoints: 0,
  bonusPoints: 0,
  correct: 0,
  wrong: 0,
  cashOuts: 0,
});

/**
 * What a batch of games of one configuration adds up to. Plain numbers and arrays only, so
 * a worker can post it and the main thread can merge batches in any order.
 */
export interface CellStats {
  games: number;
  byStrategy: Record<string, StrategyStats>;
  /** Wins (shared wins split) of the player who started with the First Guesser marker. */
  firstGuesserWins: number;
  /** Wins by seat counted clockwise from the first First Guesser (0 = them). */
  winsByOffset: number[];
  /** Rounds opened holding the marker, summed over players, and over winners only. */
  markerRounds: number;
  winnerMarkerRounds: number;
  winners: number;
  rounds: number;
  turns: number;
  minutes: number;
  /** Sums of squares per game, for the spread of the means (their confidence intervals). */
  turnsSq: number;
  minutesSq: number;
  leadChangesSq: number;
  roundCount: number;
  poolEmptyRounds: number;
  /** Histogram of turns per round (index = turns, the last bucket holds the rest). */
  turnsPerRound: number[];
  /** Histogram of game length in minutes (5-minute buckets). */
  minutesHist: number[];
  /** Histogram of rounds per game. */
  roundsHist: number[];
  leadChanges: number;
  comebacks: number;
  tiebreaks: number;
  shared: number;
  refusals: number;
  reasons: Record<string, number>;
  /** Round by round, the seat that opened the round holding the marker against the others. */
  marker: MarkerRounds;
  draftTurns: number;
  /** Drafting turns taken at the hand limit, and what was done instead of drafting. */
  limitTurns: number;
  atLimit: { cashOut: number; discard: number; pass: number };
  /** Games in which someone reached the score target, and those the first to reach it won. */
  targetGames: number;
  firstToTargetWins: number;
}

export const TURN_BUCKETS = 61;
export const MINUTE_BUCKET = 5;
export const MINUTE_BUCKETS = 37;
export const ROUND_BUCKETS = 41;

export function emptyStats(): CellStats {
  return {
    games: 0,
    byStrategy: {},
    firstGuesserWins: 0,
    winsByOffset: new Array(6).fill(0),
    markerRounds: 0,
    winnerMarkerRounds: 0,
    winners: 0,
    rounds: 0,
    turns: 0,
    minutes: 0,
    turnsSq: 0,
    minutesSq: 0,
    leadChangesSq: 0,
    roundCount: 0,
    poolEmptyRounds: 0,
    turnsPerRound: new Array(TURN_BUCKETS).fill(0),
    minutesHist: new Array(MINUTE_BUCKETS).fill(0),
    roundsHist: new Array(ROUND_BUCKETS).fill(0),
    leadChanges: 0,
    comebacks: 0,
    tiebreaks: 0,
    shared: 0,
    refusals: 0,
    reasons: {},
    marker: emptyMarkerRounds(),
    draftTurns: 0,
    limitTurns: 0,
    atLimit: { cashOut: 0, discard: 0, pass: 0 },
    targetGames: 0,
    firstToTargetWins: 0,
  };
}

const bump = (h: number[], i: number, by = 1) => {
  const k = Math.max(0, Math.min(h.length - 1, Math.floor(i)));
  h[k] = (h[k] ?? 0) + by;
};

export function addGame(s: CellStats, g: GameRecord): void {
  s.games++;
  const n = g.players.length;
  const first = g.players.findIndex((p) => p.startedFirst);
  g.players.forEach((p, i) => {
    const { score, guessPoints, setPoints, bonusPoints, correct, wrong, cashOuts } = p;
    const mine: StrategyStats = {
      seats: 1,
      wins: p.win,
      score,
      guessPoints,
      setPoints,
      bonusPoints,
      correct,
      wrong,
      cashOuts,
    };
    const st = s.byStrategy[p.strategy];
    s.byStrategy[p.strategy] = st ? addUp(st, mine) : mine;
    s.markerRounds += p.markerRounds;
    if (p.win > 0) {
      s.winnerMarkerRounds += p.markerRounds * p.win;
      s.winners += p.win;
    }
    if (p.startedFirst) s.firstGuesserWins += p.win;
    if (first >= 0) bump(s.winsByOffset, (i - first + n) % n, p.win);
  });
  s.rounds += g.rounds;
  s.turns += g.turns;
  s.minutes += g.minutes;
  s.turnsSq += g.turns * g.turns;
  s.minutesSq += g.minutes * g.minutes;
  s.leadChangesSq += g.leadChanges * g.leadChanges;
  s.roundCount += g.turnsPerRound.length;
  s.poolEmptyRounds += g.poolEmptyRounds;
  for (const t of g.turnsPerRound) bump(s.turnsPerRound, t);
  bump(s.minutesHist, g.minutes / MINUTE_BUCKET);
  bump(s.roundsHist, g.rounds);
  s.leadChanges += g.leadChanges;
  if (g.comeback) s.comebacks++;
  if (g.decidedBy !== "score") s.tiebreaks++;
  if (g.decidedBy === "shared") s.shared++;
  s.refusals += g.refusals;
  s.reasons[g.reason] = (s.reasons[g.reason] ?? 0) + 1;
  s.marker = addUp(s.marker, g.marker);
  s.draftTurns += g.draftTurns;
  s.limitTurns += g.limitTurns;
  s.atLimit = addUp(s.atLimit, g.atLimit);
  if (g.firstToTargetWon !== null) {
    s.targetGames++;
    if (g.firstToTargetWon) s.firstToTargetWins++;
  }
}

/**
 * Two tallies of the same kind added up: numbers summed, arrays position by position, records
 * key by key (a key only one side has is taken as it is). Batches merge in any order.
 */
export function addUp<T>(a: T, b: T): T {
  if (typeof a === "number") return (a + (b as number)) as T;
  if (Array.isArray(a)) return a.map((x, i) => addUp(x, (b as unknown[])[i] ?? 0)) as T;
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [k, v] of Object.entries(b as Record<string, unknown>)) out[k] = k in out ? addUp(out[k], v) : v;
  return out as T;
}

export const mergeStats: (a: CellStats, b: CellStats) => CellStats = addUp;

/** The value below which `q` of the histogram's mass lies. */
export function quantile(h: number[], q: number): number {
  const total = h.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  let acc = 0;
  for (let i = 0; i < h.length; i++) {
    acc += h[i] ?? 0;
    if (acc >= q * total) return i;
  }
  return h.length - 1;
}

// ---------------------------------------------------------------- how sure a number is

/** A 95 % interval. */
export interface Interval {
  lo: number;
  hi: number;
}

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959964;

/**
 * The Wilson score interval for a share `successes / n` (a win rate, a comeback rate). It
 * stays inside 0–1 and behaves at small n and near 0 or 1, where the plain p ± z·se does
 * not. A shared win counts as a fraction of a win, so `successes` need not be whole.
 */
export function wilson(successes: number, n: number, z = Z95): Interval {
  if (n <= 0) return { lo: 0, hi: 1 };
  const p = Math.min(1, Math.max(0, successes / n));
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** A 95 % interval for a mean from the sum and sum of squares of `n` samples (normal approximation). */
export function meanInterval(sum: number, sumSq: number, n: number, z = Z95): Interval {
  if (n <= 0) return { lo: 0, hi: 0 };
  const mean = sum / n;
  if (n === 1) return { lo: mean, hi: mean };
  const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  const half = z * Math.sqrt(variance / n);
  return { lo: mean - half, hi: mean + half };
}

/** The interval holds `v`: the data cannot tell the true value from `v`. */
export const covers = (i: Interval, v: number) => i.lo <= v && v <= i.hi;

/** Two intervals that do not overlap: a difference the sample size can see (a cautious test). */
export const apart = (a: Interval, b: Interval) => a.hi < b.lo || b.hi < a.lo;
