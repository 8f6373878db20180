/**
 * Rows every room bench's report prints the same way, but for the game's name: the echo
 * comparison, the run's duration, the send rate, and the closing rows of the details
 * (refusals, oddities, and each process's CPU, loop lag and memory over its phase).
 */
import { performance } from "node:perf_hooks";
import { type BenchRun, type EchoPhase, fmtChild, fmtLoop, fmtSec } from "./harness";
import type { RoomPhaseResult } from "./room-runs";
import { type Counter, fmtMs, fmtRatio } from "./stats";

export type Row = [string, string];

/** How long the echo phase ran (0 when it did not). */
export const echoMs = (...phases: (EchoPhase | null)[]): number =>
  phases.reduce((sum, p) => sum + (p?.result.durationMs ?? 0), 0);

/**
 * The echo's round trip, and the game's input latency (`g50`, `g99`) as a multiple of it:
 * against the quiet echo, against the echo carrying the game's inbound traffic, and (when
 * it ran) against the echo that answers each input with the traffic an input caused.
 */
export function echoRows(
  game: string,
  g50: number,
  g99: number,
  echo: EchoPhase | null,
  loaded: EchoPhase | null,
  r: RoomPhaseResult,
  table: EchoPhase | null = null,
): Row[] {
  const rows = (label: string, e: EchoPhase | null): Row[] => {
    const e50 = e?.result.rtt.pct(50) ?? Number.NaN;
    const e99 = e?.result.rtt.pct(99) ?? Number.NaN;
    return [
      [
        `${label} round trip p50 / p99`,
        e ? `${fmtMs(e50)} / ${fmtMs(e99)}  (${e.result.rtt.count} acks, ${e.result.lost} lost)` : "not run",
      ],
      [`  ratio p50 / p99 (${game} / ${label})`, `${fmtRatio(g50, e50)} / ${fmtRatio(g99, e99)}`],
    ];
  };
  return [
    ...rows("echo", echo),
    ...rows("loaded echo", loaded),
    [
      "  (loaded: pushes each socket)",
      `${r.inboundPerSocket.toFixed(2)} frames/s of ~${Math.round(r.inboundBytes)} chars, as the ${game} phase did`,
    ],
    ...(table ? [...rows("table echo", table), ...tableTrafficRows(table)] : []),
  ];
}

/** What the table echo answered each input with (the game phase's traffic per input). */
function tableTrafficRows(table: EchoPhase): Row[] {
  const t = table.traffic.table;
  if (!t) return [];
  return [
    [
      "  (table: per input, to each seat)",
      `${t.states.toFixed(2)} views of ~${Math.round(t.stateBytes)} chars, then ${t.events.toFixed(2)} shared frames of ~${Math.round(t.eventBytes)}`,
    ],
  ];
}

/** The whole run so far, and the game and echo phases in it. */
export const durationRow = (bench: BenchRun, game: string, r: RoomPhaseResult): Row => [
  "duration",
  `${fmtSec(performance.now() - bench.startedAt)} total (${game} ${fmtSec(r.phaseMs)}, echo ${fmtSec(echoMs(bench.echo, bench.echoLoaded, bench.echoTable))})`,
];

/** What the bots sent, by kind, and the per-socket rate that made (and the echo's). */
export const sentRows = (sent: Counter, r: RoomPhaseResult, echo: EchoPhase | null): Row[] => [
  ["  inputs sent", sent.toString()],
  ["  send rate per socket", `${r.ratePerSocket.toFixed(3)}/s (echo used ${(echo?.rate ?? 0).toFixed(3)}/s)`],
];

/** Refusals and oddities the bots met, then the game server, echo server and bots process, each over its phase. */
export const closingRows = (
  game: string,
  met: { refusals: Counter; oddities: Counter },
  r: RoomPhaseResult,
  echo: EchoPhase | null,
  loaded: EchoPhase | null = null,
  table: EchoPhase | null = null,
): Row[] => [
  ["  refusals", met.refusals.toString()],
  ["  oddities", met.oddities.toString()],
  [`  ${game} server (${game} phase)`, fmtChild(r.serverStats, r.phaseMs)],
  ["  echo server (echo phase)", fmtChild(echo?.server ?? null, echoMs(echo))],
  ["  echo server (loaded echo phase)", fmtChild(loaded?.server ?? null, loaded?.result.durationMs ?? 0)],
  [`  bots process (${game} / echo)`, `${fmtLoop(r.botLoop)} / ${fmtLoop(echo?.botLoop ?? null)}`],
  ["  bots process (loaded echo)", fmtLoop(loaded?.botLoop ?? null)],
  ...(table
    ? ([
        ["  echo server (table echo phase)", fmtChild(table.server, table.result.durationMs)],
        ["  bots process (table echo)", fmtLoop(table.botLoop)],
      ] as Row[])
    : []),
];
