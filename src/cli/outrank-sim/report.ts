import { type Answers, ciText, DRAG, GOOD_MINUTES, pct, type Share, TOO_FAST, withCi } from "./analyse";
import { type Cell, collectorLabel } from "./experiments";
import type { CellStats } from "./stats";
import { barChart, heatMap, lineChart, num, SVG_STYLE, stackedBars } from "./svg";

export interface RunInfo {
  seed: string;
  gamesPerCell: number;
  totalGames: number;
  workers: number;
  seconds: number;
  gamesPerMinute: number;
  refusals: number;
  generatedAt: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const STRATEGY_NOTES: Record<string, string> = {
  greedy:
    "guessing-first: makes the best call on offer every turn whatever the odds; cashes a set only when the hand limit forces it",
  pureCollector:
    "set collecting only: guesses only when the center (the token a right guess wins) shares a tag with what it holds (or it holds fewer than two) and the call is at least even; passes otherwise; cashes sets of four, its biggest set at the hand limit. Like greedy it puts no cap on tokens at risk, so the two differ only in which guesses they make and in cashing",
  balanced: "guesses at 60% or better, cashes sets of three, passes with three tokens at risk",
  cautious: "guesses only at 80% or better, passes with two tokens at risk, cashes any pair",
  setCollector:
    "a hybrid: guesses at 65% (45% when the center token fits a set in hand), passes with four at risk, cashes sets of four",
  random: "any legal action, uniformly",
};

const errs = (xs: Share[]) => xs.map((x) => x.ci);

/** A chart series of shares, each with its 95% interval as an error bar. */
const shares = <R>(name: string, rows: readonly R[], share: (r: R) => Share) => ({
  name,
  values: rows.map((r) => share(r).value),
  errors: errs(rows.map(share)),
});

function section(id: string, title: string, verdict: string, body: string): string {
  return `<section id="${id}"><h2>${esc(title)}</h2><p class="answer">${esc(verdict)}</p>${body}</section>`;
}

function html({ head, rows }: ReportTable): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join("");
  const tr = rows.map((r) => `<tr>${r.map((c) => `<td>${esc(String(c))}</td>`).join("")}</tr>`).join("");
  return `<table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

/** A table of the report, also printed by the simulator at the end of a run. */
export interface ReportTable {
  head: string[];
  rows: (string | number)[][];
}

/** The tables that answer the questions, one builder each. */
export function answerTables(a: Answers): Record<"duel" | "winRates" | "markers" | "limits" | "ends", ReportTable> {
  return {
    duel: {
      head: [
        "set collecting only",
        "games",
        "its share of wins",
        "95% CI",
        "its set points / game",
        "its guess points / game",
      ],
      rows: a.q1.duel.map((d) => [
        collectorLabel(d.cashAt),
        d.collectors.n.toLocaleString("en"),
        pct(d.collectors.value),
        ciText(d.collectors.ci, 1, pct),
        d.collectorSetPoints.toFixed(1),
        d.collectorGuessPoints.toFixed(1),
      ]),
    },
    winRates: {
      head: ["strategy", "seats", "win rate", "95% CI", "points", "from guesses", "from sets", "bonus"],
      rows: a.q1.winRates.map((r) => [
        r.strategy,
        r.win.n.toLocaleString("en"),
        pct(r.win.value),
        ciText(r.win.ci, 1, pct),
        r.points.toFixed(1),
        r.guess.toFixed(1),
        r.sets.toFixed(1),
        r.bonus.toFixed(1),
      ]),
    },
    markers: {
      head: [
        "players",
        "rounds",
        "holder tops the round",
        "95% CI",
        "fair share",
        "holder's points / round",
        "others' points / round",
        "games",
        "round-1 holder wins the game",
        "95% CI",
      ],
      rows: a.q2.byPlayers.map((r) => [
        r.players,
        r.top.n.toLocaleString("en"),
        pct(r.top.value),
        ciText(r.top.ci, 1, pct),
        pct(r.fair),
        `${r.holder.value.toFixed(2)} (${ciText(r.holder.ci, 2)})`,
        `${r.others.value.toFixed(2)} (${ciText(r.others.ci, 2)})`,
        r.first.n.toLocaleString("en"),
        pct(r.first.value),
        ciText(r.first.ci, 1, pct),
      ]),
    },
    limits: {
      head: [
        "hand limit",
        "games",
        "drafting turns",
        "at the limit",
        "95% CI",
        "there: cash / discard / pass",
        "turns",
        "95% CI",
        "minutes",
        "rounds",
        "strongest",
        "clear of the rest?",
      ],
      rows: a.q4.rows.map((r) => [
        r.limit,
        r.games.toLocaleString("en"),
        r.binds.n.toLocaleString("en"),
        pct(r.binds.value),
        ciText(r.binds.ci, 1, pct),
        `${pct(r.atLimit.cashOut)} / ${pct(r.atLimit.discard)} / ${pct(r.atLimit.pass)}`,
        r.turns.value.toFixed(1),
        ciText(r.turns.ci),
        r.minutes.value.toFixed(1),
        r.rounds.toFixed(1),
        r.best,
        r.clear ? "yes" : "no (within the noise)",
      ]),
    },
    ends: {
      head: [
        "end condition",
        "games",
        "minutes",
        "90% within",
        "rounds",
        "turns",
        "lead changes",
        "comeback",
        "95% CI",
        "tiebreak",
        "ended by depletion",
        "first to the target wins",
      ],
      rows: a.q5.rows.map((r) => [
        r.label,
        r.games.toLocaleString("en"),
        r.minutes.value.toFixed(1),
        `${r.minutesP90} min`,
        r.rounds.toFixed(1),
        r.turns.toFixed(0),
        r.leadChanges.value.toFixed(2),
        pct(r.comeback.value),
        ciText(r.comeback.ci, 1, pct),
        pct(r.tiebreak),
        pct(r.depleted),
        r.firstToTarget ? `${pct(r.firstToTarget.value)} (${ciText(r.firstToTarget.ci, 1, pct)})` : "",
      ]),
    },
  };
}

/** The report: one self-contained HTML file (inline SVG and CSS, no scripts, no network). */
export function renderReport(a: Answers, cells: Cell[], results: Map<string, CellStats>, run: RunInfo): string {
  const strategies = ["greedy", "balanced", "cautious", "setCollector"];
  const share0 = { value: 0, ci: { lo: 0, hi: 0 }, n: 0 };
  const tables = answerTables(a);

  const q1 =
    barChart({
      title: "Head to head: set-collecting-only's share of the wins against greedy (two of each, 4 players)",
      labels: a.q1.duel.map((d) => `cashes sets of ${d.cashAt}`),
      series: [shares("set collecting only", a.q1.duel, (d) => d.collectors)],
      format: pct,
      ref: { value: 0.5, label: "even 50%" },
      width: 760,
    }) +
    html(tables.duel) +
    barChart({
      title: "Win rate by strategy (4 players, six strategies seated in turn), with 95% intervals",
      labels: a.q1.winRates.map((r) => r.strategy),
      series: [
        {
          name: "win rate",
          values: a.q1.winRates.map((r) => r.win.value),
          errors: errs(a.q1.winRates.map((r) => r.win)),
        },
      ],
      format: pct,
      ref: { value: 0.25, label: "fair share 25%" },
      width: 760,
    }) +
    html(tables.winRates) +
    stackedBars({
      title: "Points per game by source",
      labels: a.q1.winRates.map((r) => r.strategy),
      series: [
        { name: "guesses", values: a.q1.winRates.map((r) => r.guess) },
        { name: "sets", values: a.q1.winRates.map((r) => r.sets) },
        { name: "last-standing bonus", values: a.q1.winRates.map((r) => r.bonus) },
      ],
      width: 760,
    }) +
    heatMap({
      title: "Tunable bot against three balanced bots: its win rate (fair share 25%)",
      rows: a.q1.tunable.rows,
      cols: a.q1.tunable.cols,
      values: a.q1.tunable.values,
      format: pct,
      rowTitle: "guess while P(right) ≥",
      colTitle: "cash a set as soon as it has",
      center: 0.25,
    }) +
    `<p class="small">Each cell is ${a.q1.tunable.n.toLocaleString("en")} games with the tunable bot in one seat, so each rate is good to about ±${(((1.96 * Math.sqrt(0.25 * 0.75)) / Math.sqrt(Math.max(1, a.q1.tunable.n))) * 100).toFixed(1)} points. Best: <b>${esc(a.q1.tunable.best.label)}</b>, ${esc(withCi(a.q1.tunable.best.win))}${
      a.q1.tunable.asGood.length > 0 ? `; within the noise of it: ${esc(a.q1.tunable.asGood.join("; "))}` : ""
    }.</p>` +
    barChart({
      title: "Win rate by strategy for each set-value table (points for 2/3/4 tokens)",
      labels: a.q1.setValues.map((v) => v.label),
      series: strategies.map((s) => ({
        name: s,
        values: a.q1.setValues.map((v) => v.winRates[s]?.value ?? 0),
        errors: errs(a.q1.setValues.map((v) => v.winRates[s] ?? share0)),
      })),
      format: pct,
      ref: { value: 0.25, label: "25%" },
      xTitle: "set values",
      width: 860,
    }) +
    `<p>Points from guesses: <b>${pct(a.q1.pointShare.guess)}</b>, from sets: <b>${pct(a.q1.pointShare.sets)}</b>, from the bonus: <b>${pct(a.q1.pointShare.bonus)}</b> (all strategies, 4 players). Share of points from sets by set values: ${a.q1.setValues.map((v) => `${v.label}: ${pct(v.setShare)}`).join(", ")}.</p>` +
    `<p class="small">Why head to head: every token is won by a right guess (+1 point), so set points always come on top of guess points and no bot can collect without guessing. The real choice is which guesses to make (every one on offer, or only those that win a token for a set) and whether to hold tokens for sets. The duel pits the two ends of that choice against each other at the same tables; the mixed field and the tunable bot show what a player between the two ends achieves.</p>`;

  const q2 =
    barChart({
      title: "Rounds in which the marker holder scores the most points, with 95% intervals",
      labels: a.q2.byPlayers.map((r) => `${r.players} players`),
      series: [
        {
          name: "marker holder",
          values: a.q2.byPlayers.map((r) => r.top.value),
          errors: errs(a.q2.byPlayers.map((r) => r.top)),
        },
        { name: "fair share (1/n)", values: a.q2.byPlayers.map((r) => r.fair), color: "#aaaaaa" },
      ],
      format: pct,
      width: 760,
    }) +
    html(tables.markers) +
    `<p class="small">The marker moves every round, to the first player to fail or pass, so its worth is read round by round: each round compares the seat that opened it holding the marker (it chose the challenge and guesses first) with the other seats at the same table. A round's points are all scored in it: right guesses, sets and the last-standing bonus; a tie for the most points gives each a share. After round 1 the holders are the players who failed or passed first, not a random draw; the round-1 holder is drawn at random, and its share of game wins is the last column.</p>` +
    barChart({
      title: "Win rate by seat, counted clockwise from the first First Guesser (4 players)",
      labels: ["First Guesser", "next", "2nd after", "3rd after"],
      series: [{ name: "win rate", values: a.q2.byOffset.map((x) => x.value), errors: errs(a.q2.byOffset) }],
      format: pct,
      ref: { value: 0.25, label: "25%" },
    }) +
    `<p>Marker holds: each player opens <b>${a.q2.markerRoundsPerPlayer.toFixed(2)}</b> rounds a game holding the First Guesser marker (of ${a.q2.roundsPerGame.toFixed(1)} rounds); winners open <b>${a.q2.winnerMarkerRounds.toFixed(2)}</b>.</p>`;

  const histMax = Math.max(DRAG + 6, a.q3.p90 + 4);
  const histTotal = Math.max(
    1,
    a.q3.hist.reduce((x, y) => x + y, 0),
  );
  const q3 =
    barChart({
      title: "Turns per round (4 players): share of rounds",
      labels: a.q3.hist.slice(0, histMax + 1).map((_, i) => String(i)),
      series: [{ name: "rounds", values: a.q3.hist.slice(0, histMax + 1).map((c) => c / histTotal) }],
      format: pct,
      xTitle: "turns in the round",
      width: 860,
    }) +
    lineChart({
      title: "Mean turns per round, and rounds per game, by player count",
      labels: a.q3.byPlayers.map((r) => `${r.players}`),
      series: [
        { name: "turns per round", values: a.q3.byPlayers.map((r) => r.mean) },
        { name: "rounds per game", values: a.q3.byPlayers.map((r) => r.rounds) },
      ],
      xTitle: "players",
    }) +
    `<p>Too fast: ${TOO_FAST} turns or fewer; dragging: more than ${DRAG} turns. ${a.q3.rounds.toLocaleString("en")} rounds counted.</p>`;

  const q4 =
    barChart({
      title: "Drafting turns begun at the hand limit, with 95% intervals",
      labels: a.q4.rows.map((r) => `limit ${r.limit}`),
      series: [shares("at the limit", a.q4.rows, (r) => r.binds)],
      format: pct,
      width: 760,
    }) +
    lineChart({
      title: "Game length by hand limit (4 players)",
      labels: a.q4.rows.map((r) => String(r.limit)),
      series: [
        { name: "turns per game", values: a.q4.rows.map((r) => r.turns.value) },
        { name: "minutes per game", values: a.q4.rows.map((r) => r.minutes.value) },
        { name: "rounds per game", values: a.q4.rows.map((r) => r.rounds) },
      ],
      xTitle: "hand limit",
    }) +
    barChart({
      title: "Win rate by strategy and hand limit, with 95% intervals",
      labels: a.q4.rows.map((r) => `limit ${r.limit}`),
      series: strategies.map((s) => ({
        name: s,
        values: a.q4.rows.map((r) => r.winRates[s]?.value ?? 0),
        errors: errs(a.q4.rows.map((r) => r.winRates[s] ?? share0)),
      })),
      format: pct,
      ref: { value: 0.25, label: "25%" },
      width: 860,
    }) +
    html(tables.limits);

  const q5 =
    barChart({
      title: "Mean game length in minutes, by end condition",
      labels: a.q5.rows.map((r) => r.label),
      series: [{ name: "minutes", values: a.q5.rows.map((r) => r.minutes.value) }],
      width: 860,
    }) +
    barChart({
      title: "Comeback rate (the winner was behind at the middle round), with 95% intervals",
      labels: a.q5.rows.map((r) => r.label),
      series: [shares("comeback rate", a.q5.rows, (r) => r.comeback)],
      format: pct,
      width: 860,
    }) +
    html(tables.ends) +
    `<p>Game time uses the simulator's clock: 20 s to choose a challenge, 12 s a guess, 10 s a cash-out, 6 s a discard, 4 s a pass. A good length is taken as ${GOOD_MINUTES[0]}–${GOOD_MINUTES[1]} minutes. A score target ends the game the moment a player reaches it, except where the label says "round end": then the round is played out and the highest score wins, so the first to reach the target can lose.</p>`;

  const appendix = html({
    head: ["configuration", "games", "rounds", "turns", "minutes", "tiebreaks", "refusals"],
    rows: cells.map((c) => {
      const s = results.get(c.id);
      const g = Math.max(1, s?.games ?? 0);
      return [
        c.label,
        s?.games ?? 0,
        num((s?.rounds ?? 0) / g),
        num((s?.turns ?? 0) / g),
        num((s?.minutes ?? 0) / g),
        pct((s?.tiebreaks ?? 0) / g),
        s?.refusals ?? 0,
      ];
    }),
  });

  const summary = [
    ["Guessing vs set collecting", a.q1.verdict],
    ["First Guesser advantage", a.q2.verdict],
    ["Round length", a.q3.verdict],
    ["Hand limit", a.q4.verdict],
    ["End condition", a.q5.verdict],
  ]
    .map(([q, v]) => `<li><b>${esc(q as string)}</b>: ${esc(v as string)}</li>`)
    .join("");

  const bots = `<section id="bots"><h2>How the bots play, and what they know</h2>
<ul>${Object.entries(STRATEGY_NOTES)
    .map(([k, v]) => `<li><b>${k}</b>: ${esc(v)}</li>`)
    .join("")}
<li><b>tunable</b>: guesses while the best call is at least a set chance of being right, cashes a set as soon as it reaches a set size; no cap on tokens at risk.</li></ul>
<p>Every bot decides from its seat's view (what a player's screen shows) and the reveals every player sees. It remembers every value shown so far perfectly, and it knows <b>each stat's list of values over the category</b>: which numbers exist among the category's tokens, not which token has which. From that it works out the chance of each call for a token it has not seen revealed: the share of the values not yet shown that are at least (or at most) the center's. It never reads a value still hidden in the draft pool.</p>
<p>Is that list public information? In this game, yes: the token list with every stat ships with the game (the content files), like a rulebook's appendix, and a value once revealed is seen by the whole table. At a real table, though, nobody has memorised it: players guess from what they know of the world, which is sometimes better (they know Titanic out-grossed John Carter) and usually worse, and they forget reveals. So the bots are <b>well-informed players</b>, and their guesses are right more often than most people's. That flatters guessing-first play: with people at the table, guesses fail more, rounds are shorter and sets, which do not depend on knowing the numbers, are worth relatively more. Read question 1 as an upper bound on how good guessing can be.</p></section>`;

  // On a phone a chart keeps its size and scrolls sideways in its box, rather than shrinking its text to specks.
  const chartBoxes = (html: string) =>
    html.replaceAll("<svg ", '<div class="chart"><svg ').replaceAll("</svg>", "</svg></div>");
  return chartBoxes(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outrank balance report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 980px; padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; } h2 { margin-top: 2.4rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; }
.answer { background: #f3f7ff; border-left: 4px solid #3366cc; padding: 0.6rem 0.8rem; font-size: 1.05rem; }
.meta, .small { color: #555; font-size: 0.9rem; }
.summary li { margin-bottom: 0.6rem; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; display: block; overflow-x: auto; max-width: 100%; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: right; } td { white-space: nowrap; } th:first-child, td:first-child { text-align: left; }
svg { display: block; margin: 1rem 0; max-width: 100%; height: auto; }
.chart { overflow-x: auto; }
@media (max-width: 640px) { .chart svg { max-width: none; } body { margin: 1rem auto; } }
${SVG_STYLE}
</style></head><body>
<h1>Outrank balance report</h1>
<p class="meta">${run.totalGames.toLocaleString("en")} simulated games (${run.gamesPerCell.toLocaleString("en")} per configuration, ${cells.length} configurations), seed <code>${esc(run.seed)}</code>, ${run.workers} worker threads, ${run.seconds.toFixed(1)} s (${Math.round(run.gamesPerMinute).toLocaleString("en")} games a minute), ${run.refusals} refused bot moves. Generated ${esc(run.generatedAt)} by <code>npm run simulate:outrank</code>. Every game runs through the same pure rules module as the server; bots decide from their seat's view and the public events, never from a hidden value (<a href="#bots">how they play and what they know</a>).</p>
<p class="meta">How sure the numbers are: every win rate and share comes with its sample size and a 95% Wilson interval (error bars in the charts), means with a 95% interval. A difference is called only when the intervals do not overlap, and an edge only when its interval leaves out the fair share; otherwise the answer says the sample cannot tell.</p>
<h2>Answers</h2><ol class="summary">${summary}</ol>
${section("q1", "1. Is guessing for points more optimal than set collecting?", a.q1.verdict, q1)}
${section("q2", "2. Is the First Guesser advantage too strong?", a.q2.verdict, q2)}
${section("q3", "3. Do rounds end too quickly or drag?", a.q3.verdict, q3)}
${section("q4", "4. Is the 8-token hand limit right?", a.q4.verdict, q4)}
${section("q5", "5. What is the right game end condition?", a.q5.verdict, q5)}
${bots}
<h2>All configurations</h2>${appendix}
</body></html>
`);
}
