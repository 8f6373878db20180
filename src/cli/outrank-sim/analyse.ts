import { CASH_AT, type Cell, END_CONDITIONS, GUESS_ABOVE, SET_VALUES } from "./experiments";
import { type CellStats, emptyStats, quantile, type StrategyStats, winRate } from "./stats";

/** The five playtesting questions of the document, each answered with numbers. */
export interface Answers {
  q1: {
    /** Win rate per strategy in the all-strategy 4-player games (fair share 0.25). */
    winRates: Array<{ strategy: string; winRate: number; points: number; guess: number; sets: number; bonus: number }>;
    guessing: number;
    collecting: number;
    /** Share of all points that came from guesses, sets, and the bonus. */
    pointShare: { guess: number; sets: number; bonus: number };
    tunable: { rows: string[]; cols: string[]; values: number[][]; best: { label: string; winRate: number } };
    setValues: Array<{ label: string; winRates: Record<string, number>; setShare: number }>;
    verdict: string;
  };
  q2: {
    byPlayers: Array<{ players: number; firstWinRate: number; fair: number }>;
    at4: number;
    byOffset: number[];
    markerRoundsPerPlayer: number;
    winnerMarkerRounds: number;
    roundsPerGame: number;
    verdict: string;
  };
  q3: {
    hist: number[];
    mean: number;
    median: number;
    p90: number;
    poolEmptyShare: number;
    tooFast: number;
    drag: number;
    byPlayers: Array<{ players: number; mean: number; rounds: number }>;
    verdict: string;
  };
  q4: {
    rows: Array<{
      limit: number;
      turns: number;
      rounds: number;
      minutes: number;
      winRates: Record<string, number>;
      best: string;
    }>;
    verdict: string;
  };
  q5: {
    rows: Array<{
      label: string;
      minutes: number;
      minutesP90: number;
      rounds: number;
      turns: number;
      leadChanges: number;
      comeback: number;
      tiebreak: number;
      depleted: number;
    }>;
    recommended: string;
    verdict: string;
  };
}

export const TOO_FAST = 4;
export const DRAG = 24;
/** A game length players would sit through, for the end-condition recommendation. */
export const GOOD_MINUTES: [number, number] = [20, 45];

const GUESSING = "greedy";
const COLLECTING = "setCollector";

export function analyse(cells: Cell[], results: Map<string, CellStats>): Answers {
  const get = (id: string) => results.get(id) ?? emptyStats();
  const byExp = (e: Cell["experiment"]) =>
    cells.filter((c) => c.experiment === e).map((c) => ({ cell: c, s: get(c.id) }));

  // Q1
  const strat = get("strategies");
  const rows = Object.entries(strat.byStrategy).map(([strategy, st]) => {
    const seats = Math.max(1, st.seats);
    return {
      strategy,
      winRate: winRate(st),
      points: st.score / seats,
      guess: st.guessPoints / seats,
      sets: st.setPoints / seats,
      bonus: st.bonusPoints / seats,
    };
  });
  const order = ["greedy", "balanced", "cautious", "setCollector", "random"];
  rows.sort((a, b) => order.indexOf(a.strategy) - order.indexOf(b.strategy));
  const totals = Object.values(strat.byStrategy).reduce(
    (a, st: StrategyStats) => ({ g: a.g + st.guessPoints, s: a.s + st.setPoints, b: a.b + st.bonusPoints }),
    { g: 0, s: 0, b: 0 },
  );
  const all = Math.max(1, totals.g + totals.s + totals.b);
  const tun = GUESS_ABOVE.map((g) =>
    CASH_AT.map((c) => winRate(get(`tunable-${g}-${c}`).byStrategy[`threshold ${g}/${c}`])),
  );
  let best = { label: "", winRate: -1 };
  GUESS_ABOVE.forEach((g, i) => {
    CASH_AT.forEach((c, j) => {
      const v = tun[i]?.[j] ?? 0;
      if (v > best.winRate) best = { label: `guess above ${Math.round(g * 100)}%, cash at ${c}`, winRate: v };
    });
  });
  const setValues = SET_VALUES.map((v) => {
    const s = get(`sets-${v.join("-")}`);
    const pts = Object.values(s.byStrategy).reduce((a, st) => a + st.score, 0);
    const sets = Object.values(s.byStrategy).reduce((a, st) => a + st.setPoints, 0);
    return {
      label: v.join("/"),
      winRates: Object.fromEntries(Object.entries(s.byStrategy).map(([k, st]) => [k, winRate(st)])),
      setShare: pts > 0 ? sets / pts : 0,
    };
  });
  const guessing = winRate(strat.byStrategy[GUESSING]);
  const collecting = winRate(strat.byStrategy[COLLECTING]);
  const q1verdict =
    Math.abs(guessing - collecting) < 0.02
      ? `Neither dominates: guessing-first (greedy) wins ${pct(guessing)} of its games and set-collecting ${pct(collecting)} (fair share 25%).`
      : guessing > collecting
        ? `Guessing-first is stronger: greedy wins ${pct(guessing)} of its games against set-collecting's ${pct(collecting)} (fair share 25%).`
        : `Set-collecting is stronger: it wins ${pct(collecting)} of its games against guessing-first's ${pct(guessing)} (fair share 25%).`;

  // Q2
  const players = byExp("players");
  const byPlayers = players.map(({ cell, s }) => {
    const n = Number(cell.x);
    return { players: n, firstWinRate: s.games > 0 ? s.firstGuesserWins / s.games : 0, fair: 1 / n };
  });
  const four = get("players-4");
  const at4 = four.games > 0 ? four.firstGuesserWins / four.games : 0;
  const byOffset = four.winsByOffset.slice(0, 4).map((w) => (four.games > 0 ? w / four.games : 0));
  const markerRoundsPerPlayer = four.games > 0 ? four.markerRounds / (four.games * 4) : 0;
  const winnerMarkerRounds = four.winners > 0 ? four.winnerMarkerRounds / four.winners : 0;
  const edge = at4 - 0.25;
  const q2verdict = `At 4 players the round-1 First Guesser wins ${pct(at4)} of games against a fair share of 25% (${edge >= 0 ? "+" : ""}${(edge * 100).toFixed(1)} points). ${
    Math.abs(edge) < 0.03
      ? "That is not too strong."
      : edge > 0
        ? "That is a noticeable edge."
        : "Going first is a disadvantage."
  } Each player opens ${markerRoundsPerPlayer.toFixed(2)} rounds a game with the marker; winners open ${winnerMarkerRounds.toFixed(2)}.`;

  // Q3
  const h = four.turnsPerRound;
  const rounds = Math.max(1, four.roundCount);
  const mean = h.reduce((a, c, i) => a + c * i, 0) / rounds;
  const tooFast = h.slice(0, TOO_FAST + 1).reduce((a, b) => a + b, 0) / rounds;
  const drag = h.slice(DRAG + 1).reduce((a, b) => a + b, 0) / rounds;
  const q3 = {
    hist: h,
    mean,
    median: quantile(h, 0.5),
    p90: quantile(h, 0.9),
    poolEmptyShare: four.poolEmptyRounds / rounds,
    tooFast,
    drag,
    byPlayers: players.map(({ cell, s }) => ({
      players: Number(cell.x),
      mean: s.roundCount > 0 ? s.turnsPerRound.reduce((a, c, i) => a + c * i, 0) / s.roundCount : 0,
      rounds: s.games > 0 ? s.rounds / s.games : 0,
    })),
    verdict: "",
  };
  q3.verdict = `At 4 players a round lasts ${mean.toFixed(1)} turns on average (median ${q3.median}, 90% within ${q3.p90}); ${pct(
    tooFast,
  )} of rounds are over within ${TOO_FAST} turns (one turn each) and ${pct(drag)} run past ${DRAG}. ${pct(q3.poolEmptyShare)} end because the draft pool ran out. ${
    tooFast > 0.25
      ? "Many rounds end too quickly."
      : drag > 0.1
        ? "Some rounds drag."
        : "Rounds neither end too fast nor drag."
  }`;

  // Q4
  const q4rows = byExp("handLimit").map(({ cell, s }) => {
    const wr = Object.fromEntries(Object.entries(s.byStrategy).map(([k, st]) => [k, winRate(st)]));
    const bestStrat = Object.entries(wr).sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
    return {
      limit: Number(cell.x),
      turns: s.games > 0 ? s.turns / s.games : 0,
      rounds: s.games > 0 ? s.rounds / s.games : 0,
      minutes: s.games > 0 ? s.minutes / s.games : 0,
      winRates: wr,
      best: bestStrat,
    };
  });
  const r6 = q4rows.find((r) => r.limit === 6);
  const r8 = q4rows.find((r) => r.limit === 8);
  const r10 = q4rows.find((r) => r.limit === 10);
  const q4verdict =
    r6 && r8 && r10
      ? `From a hand limit of 6 to 10, games go from ${r6.turns.toFixed(0)} to ${r10.turns.toFixed(0)} turns (${r6.rounds.toFixed(1)} to ${r10.rounds.toFixed(1)} rounds); at 8 they take ${r8.turns.toFixed(0)} turns. The strongest strategy is ${r6.best} at 6, ${r8.best} at 8 and ${r10.best} at 10.`
      : "";

  // Q5
  const q5rows = END_CONDITIONS.map((e) => {
    const s = get(`end-${e.label.replace(/\s+/g, "-")}`);
    const g = Math.max(1, s.games);
    return {
      label: e.label,
      minutes: s.minutes / g,
      minutesP90: quantile(s.minutesHist, 0.9) * 5 + 5,
      rounds: s.rounds / g,
      turns: s.turns / g,
      leadChanges: s.leadChanges / g,
      comeback: s.comebacks / g,
      tiebreak: s.tiebreaks / g,
      depleted: (s.reasons.depletion ?? 0) / g,
    };
  });
  const fits = q5rows.filter((r) => r.minutes >= GOOD_MINUTES[0] && r.minutes <= GOOD_MINUTES[1]);
  const pool = fits.length > 0 ? fits : q5rows;
  const rec = pool.slice().sort((a, b) => b.comeback - a.comeback || b.leadChanges - a.leadChanges)[0];
  const spread = pool.map((r) => r.comeback);
  const q5verdict = rec
    ? `Recommended default: ${rec.label} (${rec.minutes.toFixed(0)} minutes on average, ${rec.leadChanges.toFixed(1)} lead changes, the winner came from behind in ${pct(rec.comeback)} of games): of the conditions whose games last ${GOOD_MINUTES[0]}–${GOOD_MINUTES[1]} minutes on average (${pool.map((r) => r.label).join(", ")}), it gives the most comebacks (they range from ${pct(Math.min(...spread))} to ${pct(Math.max(...spread))}). The default, first to 20 (RULINGS 5), takes ${(q5rows.find((r) => r.label === "first to 20")?.minutes ?? 0).toFixed(0)} minutes.`
    : "";

  return {
    q1: {
      winRates: rows,
      guessing,
      collecting,
      pointShare: { guess: totals.g / all, sets: totals.s / all, bonus: totals.b / all },
      tunable: {
        rows: GUESS_ABOVE.map((g) => `${Math.round(g * 100)}%`),
        cols: CASH_AT.map((c) => `cash at ${c}`),
        values: tun,
        best,
      },
      setValues,
      verdict: q1verdict,
    },
    q2: {
      byPlayers,
      at4,
      byOffset,
      markerRoundsPerPlayer,
      winnerMarkerRounds,
      roundsPerGame: four.games > 0 ? four.rounds / four.games : 0,
      verdict: q2verdict,
    },
    q3,
    q4: { rows: q4rows, verdict: q4verdict },
    q5: { rows: q5rows, recommended: rec?.label ?? "", verdict: q5verdict },
  };
}

export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
