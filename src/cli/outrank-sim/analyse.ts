import {
  CASH_AT,
  type Cell,
  collectorLabel,
  DEFAULT_END,
  DUEL_CASH_AT,
  END_CONDITIONS,
  endCellId,
  GUESS_ABOVE,
  ROUND_END_20,
  SET_VALUES,
} from "./experiments";
import {
  apart,
  type CellStats,
  covers,
  emptyStats,
  type Interval,
  meanInterval,
  quantile,
  type StrategyStats,
  wilson,
} from "./stats";

/** A share with its 95 % interval and the sample it comes from. */
export interface Share {
  value: number;
  ci: Interval;
  n: number;
}

/** A mean with its 95 % interval. */
export interface Mean {
  value: number;
  ci: Interval;
}

/** The five playtesting questions of the document, each answered with numbers and how sure they are. */
export interface Answers {
  q1: {
    /** Win rate per strategy in the all-strategy 4-player games (fair share 0.25); n = seats played. */
    winRates: Array<{ strategy: string; win: Share; points: number; guess: number; sets: number; bonus: number }>;
    /** Greedy ×2 against set-collecting-only ×2: the collectors' share of the wins (fair 0.5); n = games. */
    duel: Array<{ cashAt: number; collectors: Share; collectorSetPoints: number; collectorGuessPoints: number }>;
    /** Share of all points that came from guesses, sets, and the bonus. */
    pointShare: { guess: number; sets: number; bonus: number };
    tunable: {
      rows: string[];
      cols: string[];
      values: number[][];
      /** Seats the tunable bot played in each cell (the same for every cell). */
      n: number;
      best: { label: string; win: Share };
      /** Settings whose interval overlaps the best one's. */
      asGood: string[];
    };
    setValues: Array<{ label: string; winRates: Record<string, Share>; setShare: number }>;
    verdict: string;
  };
  q2: {
    /**
     * Per player count: round by round, the share of rounds in which the seat holding the
     * marker scored the round's most points (n = rounds; fair share 1/players), its points a
     * round against the other seats', and the round-1 holder's share of game wins (n = games).
     */
    byPlayers: Array<{ players: number; top: Share; holder: Mean; others: Mean; first: Share; fair: number }>;
    /** The same at 4 players. */
    at4: { top: Share; holder: Mean; others: Mean; first: Share };
    byOffset: Share[];
    markerRoundsPerPlayer: number;
    winnerMarkerRounds: number;
    roundsPerGame: number;
    verdict: string;
  };
  q3: {
    hist: number[];
    rounds: number;
    mean: number;
    median: number;
    p90: number;
    poolEmptyShare: number;
    tooFast: Share;
    drag: Share;
    byPlayers: Array<{ players: number; mean: number; rounds: number }>;
    verdict: string;
  };
  q4: {
    rows: Array<{
      limit: number;
      games: number;
      turns: Mean;
      rounds: number;
      minutes: Mean;
      winRates: Record<string, Share>;
      best: string;
      /** The best strategy's interval clears every other's. */
      clear: boolean;
      /** Drafting turns taken at the limit, where drafting is refused (n = drafting turns). */
      binds: Share;
      /** What the player at the limit did instead, as shares of those turns. */
      atLimit: CellStats["atLimit"];
    }>;
    verdict: string;
  };
  q5: {
    rows: Array<{
      label: string;
      games: number;
      minutes: Mean;
      minutesP90: number;
      rounds: number;
      turns: number;
      leadChanges: Mean;
      comeback: Share;
      tiebreak: number;
      depleted: number;
      /** With a score target: the share of games the first player to reach it won (n = such games). */
      firstToTarget: Share | null;
    }>;
    recommended: string;
    /** Other conditions of a good length whose comeback interval overlaps the recommended one's. */
    asGood: string[];
    verdict: string;
  };
}

export const TOO_FAST = 4;
export const DRAG = 24;
/** A game length players would sit through, for the end-condition recommendation. */
export const GOOD_MINUTES: [number, number] = [20, 45];
/** An edge smaller than this (in win rate) is called small even when the sample can see it. */
export const SMALL_EDGE = 0.03;

export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
/** "41.3% (95% CI 39.2–43.4%)" */
export const withCi = (s: Share) => `${pct(s.value)} (95% CI ${(s.ci.lo * 100).toFixed(1)}–${pct(s.ci.hi)})`;
export const ciText = (i: Interval, digits = 1, f = (v: number) => v.toFixed(digits)) => `${f(i.lo)}–${f(i.hi)}`;

function share(successes: number, n: number): Share {
  return { value: n > 0 ? successes / n : 0, ci: wilson(successes, n), n };
}

function mean(sum: number, sumSq: number, n: number): Mean {
  return { value: n > 0 ? sum / n : 0, ci: meanInterval(sum, sumSq, n) };
}

const winShare = (st: StrategyStats | undefined): Share => share(st?.wins ?? 0, st?.seats ?? 0);

export function analyse(cells: Cell[], results: Map<string, CellStats>): Answers {
  const get = (id: string) => results.get(id) ?? emptyStats();
  const byExp = (e: Cell["experiment"]) =>
    cells.filter((c) => c.experiment === e).map((c) => ({ cell: c, s: get(c.id) }));

  // ------------------------------------------------------------ Q1
  const strat = get("strategies");
  const rows = Object.entries(strat.byStrategy).map(([strategy, st]) => {
    const seats = Math.max(1, st.seats);
    return {
      strategy,
      win: winShare(st),
      points: st.score / seats,
      guess: st.guessPoints / seats,
      sets: st.setPoints / seats,
      bonus: st.bonusPoints / seats,
    };
  });
  const order = ["greedy", "balanced", "cautious", "setCollector", "pureCollector", "random"];
  rows.sort((a, b) => order.indexOf(a.strategy) - order.indexOf(b.strategy));
  const totals = Object.values(strat.byStrategy).reduce(
    (a, st: StrategyStats) => ({ g: a.g + st.guessPoints, s: a.s + st.setPoints, b: a.b + st.bonusPoints }),
    { g: 0, s: 0, b: 0 },
  );
  const all = Math.max(1, totals.g + totals.s + totals.b);

  const duel = DUEL_CASH_AT.map((c) => {
    const s = get(`duel-${c}`);
    const col = s.byStrategy[collectorLabel(c)];
    const seats = Math.max(1, col?.seats ?? 0);
    return {
      cashAt: c,
      collectors: share(col?.wins ?? 0, s.games),
      collectorSetPoints: (col?.setPoints ?? 0) / seats,
      collectorGuessPoints: (col?.guessPoints ?? 0) / seats,
    };
  });

  const tunShares = GUESS_ABOVE.map((g) =>
    CASH_AT.map((c) => winShare(get(`tunable-${g}-${c}`).byStrategy[`threshold ${g}/${c}`])),
  );
  const tunLabel = (g: number, c: number) => `guess above ${Math.round(g * 100)}%, cash at ${c}`;
  let best = { label: "", win: share(0, 0) };
  GUESS_ABOVE.forEach((g, i) => {
    CASH_AT.forEach((c, j) => {
      const v = tunShares[i]?.[j];
      if (v && v.value > best.win.value) best = { label: tunLabel(g, c), win: v };
    });
  });
  const asGood: string[] = [];
  GUESS_ABOVE.forEach((g, i) => {
    CASH_AT.forEach((c, j) => {
      const v = tunShares[i]?.[j];
      const label = tunLabel(g, c);
      if (v && label !== best.label && !apart(v.ci, best.win.ci)) asGood.push(label);
    });
  });
  const setValues = SET_VALUES.map((v) => {
    const s = get(`sets-${v.join("-")}`);
    const pts = Object.values(s.byStrategy).reduce((a, st) => a + st.score, 0);
    const sets = Object.values(s.byStrategy).reduce((a, st) => a + st.setPoints, 0);
    return {
      label: v.join("/"),
      winRates: Object.fromEntries(Object.entries(s.byStrategy).map(([k, st]) => [k, winShare(st)])),
      setShare: pts > 0 ? sets / pts : 0,
    };
  });
  const q1verdict = q1Verdict(duel, rows, best, asGood, totals.s / all);

  // ------------------------------------------------------------ Q2
  // The marker moves every round (to the first to fail or pass), so its worth is measured
  // round by round: the seat that opened each round holding it against the others.
  const markerOf = (s: CellStats) => ({
    top: share(s.marker.holderTop, s.marker.rounds),
    holder: mean(s.marker.holderPoints, s.marker.holderPointsSq, s.marker.rounds),
    others: mean(s.marker.otherPoints, s.marker.otherPointsSq, s.marker.otherSeats),
    first: share(s.firstGuesserWins, s.games),
  });
  const players = byExp("players");
  const byPlayers = players.map(({ cell, s }) => ({
    players: Number(cell.x),
    fair: 1 / Number(cell.x),
    ...markerOf(s),
  }));
  const four = get("players-4");
  const at4 = markerOf(four);
  const byOffset = four.winsByOffset.slice(0, 4).map((w) => share(w, four.games));
  const markerRoundsPerPlayer = four.games > 0 ? four.markerRounds / (four.games * 4) : 0;
  const winnerMarkerRounds = four.winners > 0 ? four.winnerMarkerRounds / four.winners : 0;
  const q2verdict = q2Verdict(at4, byPlayers);

  // ------------------------------------------------------------ Q3
  const h = four.turnsPerRound;
  const rounds = Math.max(1, four.roundCount);
  const meanTurns = h.reduce((a, c, i) => a + c * i, 0) / rounds;
  const tooFast = share(
    h.slice(0, TOO_FAST + 1).reduce((a, b) => a + b, 0),
    four.roundCount,
  );
  const drag = share(
    h.slice(DRAG + 1).reduce((a, b) => a + b, 0),
    four.roundCount,
  );
  const q3 = {
    hist: h,
    rounds: four.roundCount,
    mean: meanTurns,
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
  q3.verdict = `At 4 players (${four.roundCount.toLocaleString("en")} rounds) a round lasts ${meanTurns.toFixed(1)} turns on average (median ${q3.median}, 90% within ${q3.p90}); ${withCi(
    tooFast,
  )} of rounds are over within ${TOO_FAST} turns (one turn each) and ${withCi(drag)} run past ${DRAG}. ${pct(q3.poolEmptyShare)} end because the draft pool ran out. ${
    tooFast.ci.lo > 0.25
      ? "Many rounds end too quickly."
      : drag.ci.lo > 0.1
        ? "Some rounds drag."
        : "Rounds neither end too fast nor drag."
  }`;

  // ------------------------------------------------------------ Q4
  const q4rows = byExp("handLimit").map(({ cell, s }) => {
    const wr = Object.fromEntries(Object.entries(s.byStrategy).map(([k, st]) => [k, winShare(st)]));
    const ranked = Object.entries(wr).sort((a, b) => b[1].value - a[1].value);
    const [top, ...rest] = ranked;
    return {
      limit: Number(cell.x),
      games: s.games,
      turns: mean(s.turns, s.turnsSq, s.games),
      rounds: s.games > 0 ? s.rounds / s.games : 0,
      minutes: mean(s.minutes, s.minutesSq, s.games),
      winRates: wr,
      best: top?.[0] ?? "",
      clear: top !== undefined && rest.every(([, r]) => apart(r.ci, top[1].ci)),
      binds: share(s.limitTurns, s.draftTurns),
      atLimit: {
        cashOut: s.limitTurns > 0 ? s.atLimit.cashOut / s.limitTurns : 0,
        discard: s.limitTurns > 0 ? s.atLimit.discard / s.limitTurns : 0,
        pass: s.limitTurns > 0 ? s.atLimit.pass / s.limitTurns : 0,
      },
    };
  });
  const q4verdict = q4Verdict(q4rows);

  // ------------------------------------------------------------ Q5
  const q5rows = END_CONDITIONS.map((e) => {
    const s = get(endCellId(e.label));
    const g = Math.max(1, s.games);
    return {
      label: e.label,
      games: s.games,
      minutes: mean(s.minutes, s.minutesSq, s.games),
      minutesP90: quantile(s.minutesHist, 0.9) * 5 + 5,
      rounds: s.rounds / g,
      turns: s.turns / g,
      leadChanges: mean(s.leadChanges, s.leadChangesSq, s.games),
      comeback: share(s.comebacks, s.games),
      tiebreak: s.tiebreaks / g,
      depleted: (s.reasons.depletion ?? 0) / g,
      firstToTarget: e.settings.endCondition === "points" ? share(s.firstToTargetWins, s.targetGames) : null,
    };
  });
  const fits = q5rows.filter((r) => r.minutes.value >= GOOD_MINUTES[0] && r.minutes.value <= GOOD_MINUTES[1]);
  const pool = fits.length > 0 ? fits : q5rows;
  const rec = pool
    .slice()
    .sort((a, b) => b.comeback.value - a.comeback.value || b.leadChanges.value - a.leadChanges.value)[0];
  const tied = rec ? pool.filter((r) => r !== rec && !apart(r.comeback.ci, rec.comeback.ci)) : [];
  const byDefault = q5rows.find((r) => r.label === DEFAULT_END);
  const roundEnd = q5rows.find((r) => r.label === ROUND_END_20);
  const q5verdict = rec
    ? `Recommended default: ${rec.label} (${rec.minutes.value.toFixed(0)} minutes on average, ${rec.leadChanges.value.toFixed(1)} lead changes, the winner came from behind in ${withCi(rec.comeback)} of games): of the conditions whose games last ${GOOD_MINUTES[0]}–${GOOD_MINUTES[1]} minutes on average (${pool.map((r) => r.label).join(", ")}), it gives the most comebacks. ${
        tied.length > 0
          ? `Its lead is within the noise over ${tied.map((r) => `${r.label} (${pct(r.comeback.value)})`).join(", ")}: their intervals overlap, so the choice among them is one of length and taste, not of tension.`
          : "Its comeback rate is clear of every other condition of that length."
      } The default, first to 20 ending the moment someone has 20, takes ${(byDefault?.minutes.value ?? 0).toFixed(0)} minutes${
        roundEnd?.firstToTarget
          ? `; played to the round's end instead, it takes ${roundEnd.minutes.value.toFixed(0)} minutes and the first to reach 20 wins only ${withCi(roundEnd.firstToTarget)} of the ${roundEnd.firstToTarget.n.toLocaleString("en")} games`
          : ""
      }.`
    : "";

  return {
    q1: {
      winRates: rows,
      duel,
      pointShare: { guess: totals.g / all, sets: totals.s / all, bonus: totals.b / all },
      tunable: {
        rows: GUESS_ABOVE.map((g) => `${Math.round(g * 100)}%`),
        cols: CASH_AT.map((c) => `cash at ${c}`),
        values: tunShares.map((r) => r.map((x) => x.value)),
        n: tunShares[0]?.[0]?.n ?? 0,
        best,
        asGood,
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
    q5: { rows: q5rows, recommended: rec?.label ?? "", asGood: tied.map((r) => r.label), verdict: q5verdict },
  };
}

/**
 * Question 1 is answered head to head: greedy (guessing-first: every call it can make,
 * sets only when the hand limit forces one) against set-collecting-only (guesses only for a
 * center that builds a set), two of each, for each set size the collector waits for. The
 * mixed field and the tunable bot then say what actually wins: a mix.
 */
function q1Verdict(
  duel: Answers["q1"]["duel"],
  field: Answers["q1"]["winRates"],
  best: { label: string; win: Share },
  asGood: string[],
  setShare: number,
): string {
  const below = duel.filter((d) => d.collectors.ci.hi < 0.5);
  const above = duel.filter((d) => d.collectors.ci.lo > 0.5);
  const level = duel.filter((d) => covers(d.collectors.ci, 0.5));
  const sizes = (ds: typeof duel) => ds.map((d) => String(d.cashAt)).join(" or ");
  const head =
    below.length === duel.length
      ? "Guessing is stronger than collecting sets."
      : above.length === duel.length
        ? "Collecting sets is stronger than guessing."
        : level.length === duel.length
          ? "Neither path is stronger by a margin this sample can see."
          : [
              below.length > 0 ? `Guessing-first beats collecting that waits for sets of ${sizes(below)}` : "",
              level.length > 0 ? `collecting sets of ${sizes(level)} draws level with it` : "",
              above.length > 0 ? `collecting sets of ${sizes(above)} beats it` : "",
            ]
              .filter(Boolean)
              .join("; ")
              .replace(/^./, (c) => c.toUpperCase())
              .concat(".");
  const n = duel[0]?.collectors.n ?? 0;
  const each = duel.map((d) => `${withCi(d.collectors)} cashing sets of ${d.cashAt}`).join(", ");
  const duelText = `Head to head (two greedy guessers against two set-collecting-only bots, ${n.toLocaleString("en")} games for each set size), the collectors' share of the wins is ${each}, against an even 50%.`;
  const ranked = field.slice().sort((a, b) => b.win.value - a.win.value);
  const top = ranked[0];
  const close = top ? ranked.slice(1).filter((r) => !apart(r.win.ci, top.win.ci)) : [];
  const fieldText = top
    ? ` In the mixed field (fair share 25%) the strongest is ${top.strategy} at ${withCi(top.win)}${
        close.length > 0
          ? `, with ${listed(close.map((r) => `${r.strategy} (${pct(r.win.value)})`))} within the noise of it`
          : ""
      }; the tunable bot does best with ${best.label} (${withCi(best.win)}${
        asGood.length > 0 ? `; ${asGood.length} other settings are within the noise of it` : ""
      }). The winning play guesses readily and still cashes sets, which give ${pct(setShare)} of all points.`
    : "";
  return `${head} ${duelText}${fieldText}`;
}

/**
 * Question 2. The marker moves every round, so its worth is read round by round: how often
 * the seat that opened a round holding it scored the round's most points, against a fair
 * share of one in n, and its points a round against the other seats'. Holders after round 1
 * are whoever failed or passed first, not a random draw; the round-1 holder is drawn at
 * random, and its share of game wins is given beside.
 */
function q2Verdict(at4: Answers["q2"]["at4"], byPlayers: Answers["q2"]["byPlayers"]): string {
  const edge = at4.top.value - 0.25;
  const pts = (m: Mean) => `${m.value.toFixed(2)} (95% CI ${ciText(m.ci, 2)})`;
  const seen = byPlayers.filter((r) => !covers(r.top.ci, r.fair));
  const judged = covers(at4.top.ci, 0.25)
    ? "The interval covers the fair share: no edge this sample can tell from chance, so it is not too strong."
    : edge > 0
      ? edge >= SMALL_EDGE
        ? "That is a noticeable edge, clear of chance."
        : "That is a real but small edge (under 3 points): not too strong."
      : "Holding the marker is a measurable disadvantage.";
  return `Round by round at 4 players, the seat that opens a round holding the First Guesser marker scores the round's most points in ${withCi(at4.top)} of ${at4.top.n.toLocaleString("en")} rounds against a fair share of 25% (${edge >= 0 ? "+" : ""}${(edge * 100).toFixed(1)} points), and scores ${pts(at4.holder)} points a round against ${pts(at4.others)} for each other seat. ${judged} Across 2–6 players the interval leaves out the fair share ${
    seen.length === 0
      ? "at no player count"
      : `at ${seen.map((r) => `${r.players} players (${withCi(r.top)} vs ${pct(r.fair)})`).join(", ")}`
  }. After round 1 the marker goes to whoever failed or passed first, so holders are not a random draw; the round-1 holder is, and wins ${withCi(at4.first)} of ${at4.first.n.toLocaleString("en")} games (fair share 25%).`;
}

/** "a", "a and b", "a, b and c" */
function listed(xs: string[]): string {
  return xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`;
}

function q4Verdict(rows: Answers["q4"]["rows"]): string {
  const r6 = rows.find((r) => r.limit === 6);
  const r8 = rows.find((r) => r.limit === 8);
  const r10 = rows.find((r) => r.limit === 10);
  if (!r6 || !r8 || !r10) return "";
  const turns = (r: (typeof rows)[number]) => `${r.turns.value.toFixed(0)} (95% CI ${ciText(r.turns.ci, 0)})`;
  const bestAt = (r: (typeof rows)[number]) => {
    const second = Object.entries(r.winRates)
      .filter(([k]) => k !== r.best)
      .sort((a, b) => b[1].value - a[1].value)[0];
    return r.clear
      ? `${r.best} at ${r.limit} (${withCi(r.winRates[r.best] as Share)}, clear of the rest)`
      : `${r.best} at ${r.limit} by a margin within the noise${second ? ` (${pct((r.winRates[r.best] as Share).value)} vs ${second[0]}'s ${pct(second[1].value)})` : ""}`;
  };
  const change = (r10.turns.value - r6.turns.value) / Math.max(1, r6.turns.value);
  const length = apart(r6.turns.ci, r10.turns.ci)
    ? `The limit moves game length by ${(change * 100).toFixed(0)}%, less than the choice of end condition does.`
    : "The limit does not change game length by a margin this sample can see.";
  const binds = (r: (typeof rows)[number]) => `${withCi(r.binds)} at ${r.limit}`;
  const did = `${pct(r8.atLimit.cashOut)} cashed a set, ${pct(r8.atLimit.discard)} discarded and ${pct(r8.atLimit.pass)} passed`;
  const bindsText = `The limit binds (a player at it on their turn, who may not draft) on ${withCi(r8.binds)} of ${r8.binds.n.toLocaleString("en")} drafting turns at 8; there, ${did}. It binds on ${binds(r6)} and ${binds(r10)}.`;
  return `${bindsText} From a hand limit of 6 to 10, games go from ${turns(r6)} to ${turns(r10)} turns (${r6.rounds.toFixed(1)} to ${r10.rounds.toFixed(1)} rounds); at 8 they take ${turns(r8)}. ${length} The strongest strategy is ${bestAt(r6)}; ${bestAt(r8)}; ${bestAt(r10)}.`;
}
