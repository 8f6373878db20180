import { type Answers, DRAG, GOOD_MINUTES, pct, TOO_FAST } from "./analyse";
import type { Cell } from "./experiments";
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
  greedy: "keeps guessing whatever the odds; cashes only when the hand limit forces it",
  balanced: "guesses at 60% or better, cashes sets of three, passes with three tokens at risk",
  cautious: "guesses only at 80% or better, passes with two tokens at risk, cashes any pair",
  setCollector: "guesses at 65% (45% when the center token fits a set in hand), cashes sets of four",
  random: "any legal action, uniformly",
};

function section(id: string, title: string, verdict: string, body: string): string {
  return `<section id="${id}"><h2>${esc(title)}</h2><p class="answer">${esc(verdict)}</p>${body}</section>`;
}

function table(head: string[], rows: (string | number)[][]): string {
  const th = head.map((h) => `<th>${esc(h)}</th>`).join("");
  const tr = rows.map((r) => `<tr>${r.map((c) => `<td>${esc(String(c))}</td>`).join("")}</tr>`).join("");
  return `<table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

/** The report: one self-contained HTML file (inline SVG and CSS, no scripts, no network). */
export function renderReport(a: Answers, cells: Cell[], results: Map<string, CellStats>, run: RunInfo): string {
  const strategies = ["greedy", "balanced", "cautious", "setCollector"];

  const q1 =
    barChart({
      title: "Win rate by strategy (4 players, every strategy at the table)",
      labels: a.q1.winRates.map((r) => r.strategy),
      series: [{ name: "win rate", values: a.q1.winRates.map((r) => r.winRate) }],
      format: pct,
      ref: { value: 0.25, label: "fair share 25%" },
    }) +
    stackedBars({
      title: "Points per game by source",
      labels: a.q1.winRates.map((r) => r.strategy),
      series: [
        { name: "guesses", values: a.q1.winRates.map((r) => r.guess) },
        { name: "sets", values: a.q1.winRates.map((r) => r.sets) },
        { name: "last-standing bonus", values: a.q1.winRates.map((r) => r.bonus) },
      ],
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
    barChart({
      title: "Win rate by strategy for each set-value table (points for 2/3/4 tokens)",
      labels: a.q1.setValues.map((v) => v.label),
      series: strategies.map((s) => ({ name: s, values: a.q1.setValues.map((v) => v.winRates[s] ?? 0) })),
      format: pct,
      ref: { value: 0.25, label: "25%" },
      xTitle: "set values",
    }) +
    `<p>Points from guesses: <b>${pct(a.q1.pointShare.guess)}</b>, from sets: <b>${pct(a.q1.pointShare.sets)}</b>, from the bonus: <b>${pct(a.q1.pointShare.bonus)}</b> (all strategies, 4 players). Best tunable setting: <b>${esc(a.q1.tunable.best.label)}</b> (${pct(a.q1.tunable.best.winRate)}). Share of points from sets by set values: ${a.q1.setValues.map((v) => `${v.label}: ${pct(v.setShare)}`).join(", ")}.</p>` +
    `<ul>${Object.entries(STRATEGY_NOTES)
      .map(([k, v]) => `<li><b>${k}</b>: ${esc(v)}</li>`)
      .join("")}</ul>`;

  const q2 =
    barChart({
      title: "Win rate of the round-1 First Guesser, by player count",
      labels: a.q2.byPlayers.map((r) => `${r.players} players`),
      series: [
        { name: "First Guesser", values: a.q2.byPlayers.map((r) => r.firstWinRate) },
        { name: "fair share (1/n)", values: a.q2.byPlayers.map((r) => r.fair), color: "#aaaaaa" },
      ],
      format: pct,
    }) +
    barChart({
      title: "Win rate by seat, counted clockwise from the first First Guesser (4 players)",
      labels: ["First Guesser", "next", "2nd after", "3rd after"],
      series: [{ name: "win rate", values: a.q2.byOffset }],
      format: pct,
      ref: { value: 0.25, label: "25%" },
    }) +
    `<p>Marker holds: each player opens <b>${a.q2.markerRoundsPerPlayer.toFixed(2)}</b> rounds a game holding the First Guesser marker (of ${a.q2.roundsPerGame.toFixed(1)} rounds); winners open <b>${a.q2.winnerMarkerRounds.toFixed(2)}</b>.</p>`;

  const histMax = Math.max(DRAG + 6, a.q3.p90 + 4);
  const q3 =
    barChart({
      title: "Turns per round (4 players): share of rounds",
      labels: a.q3.hist.slice(0, histMax + 1).map((_, i) => String(i)),
      series: [
        {
          name: "rounds",
          values: a.q3.hist.slice(0, histMax + 1).map(
            (c) =>
              c /
              Math.max(
                1,
                a.q3.hist.reduce((x, y) => x + y, 0),
              ),
          ),
        },
      ],
      format: pct,
      xTitle: "turns in the round",
      width: 760,
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
    `<p>Too fast: ${TOO_FAST} turns or fewer; dragging: more than ${DRAG} turns.</p>`;

  const q4 =
    lineChart({
      title: "Game length by hand limit (4 players)",
      labels: a.q4.rows.map((r) => String(r.limit)),
      series: [
        { name: "turns per game", values: a.q4.rows.map((r) => r.turns) },
        { name: "minutes per game", values: a.q4.rows.map((r) => r.minutes) },
        { name: "rounds per game", values: a.q4.rows.map((r) => r.rounds) },
      ],
      xTitle: "hand limit",
    }) +
    barChart({
      title: "Win rate by strategy and hand limit",
      labels: a.q4.rows.map((r) => `limit ${r.limit}`),
      series: strategies.map((s) => ({ name: s, values: a.q4.rows.map((r) => r.winRates[s] ?? 0) })),
      format: pct,
      ref: { value: 0.25, label: "25%" },
    });

  const q5 =
    barChart({
      title: "Mean game length in minutes, by end condition",
      labels: a.q5.rows.map((r) => r.label),
      series: [{ name: "minutes", values: a.q5.rows.map((r) => r.minutes) }],
      width: 860,
    }) +
    barChart({
      title: "Comebacks (winner behind at the middle round) and lead changes per game",
      labels: a.q5.rows.map((r) => r.label),
      series: [
        { name: "comeback rate", values: a.q5.rows.map((r) => r.comeback) },
        { name: "lead changes / 10", values: a.q5.rows.map((r) => r.leadChanges / 10) },
      ],
      format: (v) => v.toFixed(2),
      width: 860,
    }) +
    table(
      [
        "end condition",
        "minutes",
        "90% within",
        "rounds",
        "turns",
        "lead changes",
        "comeback",
        "tiebreak",
        "ended by depletion",
      ],
      a.q5.rows.map((r) => [
        r.label,
        r.minutes.toFixed(1),
        `${r.minutesP90} min`,
        r.rounds.toFixed(1),
        r.turns.toFixed(0),
        r.leadChanges.toFixed(2),
        pct(r.comeback),
        pct(r.tiebreak),
        pct(r.depleted),
      ]),
    ) +
    `<p>Game time uses the simulator's clock: 20 s to choose a challenge, 12 s a guess, 10 s a cash-out, 6 s a discard, 4 s a pass. A good length is taken as ${GOOD_MINUTES[0]}–${GOOD_MINUTES[1]} minutes.</p>`;

  const appendix = table(
    ["configuration", "games", "rounds", "turns", "minutes", "tiebreaks", "refusals"],
    cells.map((c) => {
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
  );

  const summary = [
    ["Guessing vs set collecting", a.q1.verdict],
    ["First Guesser advantage", a.q2.verdict],
    ["Round length", a.q3.verdict],
    ["Hand limit", a.q4.verdict],
    ["End condition", a.q5.verdict],
  ]
    .map(([q, v]) => `<li><b>${esc(q as string)}</b>: ${esc(v as string)}</li>`)
    .join("");

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outrank balance report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 980px; padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; } h2 { margin-top: 2.4rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; }
.answer { background: #f3f7ff; border-left: 4px solid #3366cc; padding: 0.6rem 0.8rem; font-size: 1.05rem; }
.meta { color: #555; font-size: 0.9rem; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: right; } th:first-child, td:first-child { text-align: left; }
svg { display: block; margin: 1rem 0; max-width: 100%; height: auto; }
${SVG_STYLE}
</style></head><body>
<h1>Outrank balance report</h1>
<p class="meta">${run.totalGames.toLocaleString("en")} simulated games (${run.gamesPerCell.toLocaleString("en")} per configuration, ${cells.length} configurations), seed <code>${esc(run.seed)}</code>, ${run.workers} worker threads, ${run.seconds.toFixed(1)} s (${Math.round(run.gamesPerMinute).toLocaleString("en")} games a minute), ${run.refusals} refused bot moves. Generated ${esc(run.generatedAt)} by <code>npm run simulate:outrank</code>. Every game runs through the same pure rules module as the server; bots decide from their seat's view and the public events (values shown so far and each stat's distribution over its category), never from a hidden value.</p>
<h2>Answers</h2><ol class="summary">${summary}</ol>
${section("q1", "1. Is guessing for points more optimal than set collecting?", a.q1.verdict, q1)}
${section("q2", "2. Is the First Guesser advantage too strong?", a.q2.verdict, q2)}
${section("q3", "3. Do rounds end too quickly or drag?", a.q3.verdict, q3)}
${section("q4", "4. Is the 8-token hand limit right?", a.q4.verdict, q4)}
${section("q5", "5. What is the right game end condition?", a.q5.verdict, q5)}
<h2>All configurations</h2>${appendix}
</body></html>
`;
}
