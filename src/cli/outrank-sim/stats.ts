import type { GameRecord } from "./play";

/** Totals for one strategy over a set of games. */
export interface StrategyStats {
  seats: number;
  wins: number;
  score: number;
  guessPoints: number;
  setPoints: number;
  bonusPoints: number;
  correct: number;
  wrong: number;
  cashOuts: number;
}

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
    let st = s.byStrategy[p.strategy];
    if (!st) {
      st = {
        seats: 0,
        wins: 0,
        score: 0,
        guessPoints: 0,
        setPoints: 0,
        bonusPoints: 0,
        correct: 0,
        wrong: 0,
        cashOuts: 0,
      };
      s.byStrategy[p.strategy] = st;
    }
    st.seats++;
    st.wins += p.win;
    st.score += p.score;
    st.guessPoints += p.guessPoints;
    st.setPoints += p.setPoints;
    st.bonusPoints += p.bonusPoints;
    st.correct += p.correct;
    st.wrong += p.wrong;
    st.cashOuts += p.cashOuts;
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
}

const addArrays = (a: number[], b: number[]) => a.map((x, i) => x + (b[i] ?? 0));

export function mergeStats(a: CellStats, b: CellStats): CellStats {
  const byStrategy: Record<string, StrategyStats> = { ...a.byStrategy };
  for (const [k, v] of Object.entries(b.byStrategy)) {
    const o = byStrategy[k];
    byStrategy[k] = o
      ? {
          seats: o.seats + v.seats,
          wins: o.wins + v.wins,
          score: o.score + v.score,
          guessPoints: o.guessPoints + v.guessPoints,
          setPoints: o.setPoints + v.setPoints,
          bonusPoints: o.bonusPoints + v.bonusPoints,
          correct: o.correct + v.correct,
          wrong: o.wrong + v.wrong,
          cashOuts: o.cashOuts + v.cashOuts,
        }
      : { ...v };
  }
  const reasons = { ...a.reasons };
  for (const [k, v] of Object.entries(b.reasons)) reasons[k] = (reasons[k] ?? 0) + v;
  return {
    games: a.games + b.games,
    byStrategy,
    firstGuesserWins: a.firstGuesserWins + b.firstGuesserWins,
    winsByOffset: addArrays(a.winsByOffset, b.winsByOffset),
    markerRounds: a.markerRounds + b.markerRounds,
    winnerMarkerRounds: a.winnerMarkerRounds + b.winnerMarkerRounds,
    winners: a.winners + b.winners,
    rounds: a.rounds + b.rounds,
    turns: a.turns + b.turns,
    minutes: a.minutes + b.minutes,
    turnsSq: a.turnsSq + b.turnsSq,
    minutesSq: a.minutesSq + b.minutesSq,
    leadChangesSq: a.leadChangesSq + b.leadChangesSq,
    roundCount: a.roundCount + b.roundCount,
    poolEmptyRounds: a.poolEmptyRounds + b.poolEmptyRounds,
    turnsPerRound: addArrays(a.turnsPerRound, b.turnsPerRound),
    minutesHist: addArrays(a.minutesHist, b.minutesHist),
    roundsHist: addArrays(a.roundsHist, b.roundsHist),
    leadChanges: a.leadChanges + b.leadChanges,
    comebacks: a.comebacks + b.comebacks,
    tiebreaks: a.tiebreaks + b.tiebreaks,
    shared: a.shared + b.shared,
    refusals: a.refusals + b.refusals,
    reasons,
  };
}

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
