/**
 * What several definition uploads at once cost the server's other rooms, for "Uploads: trial
 * games at once" in docs/benchmarks.md:
 *
 *   npm run bench:uploads [-- --uploads 5 --definition crazy-eights --players 2 --end-value 400]
 *
 * Each upload runs a trial game before it is accepted (src/games/card-table/trial.ts), and the
 * server runs one trial at a time with four more in line (service/trial-gate.ts). This copies
 * a shipped definition under distinct ids, fills each to the 64 KB limit with unused variants,
 * and sends `--uploads` of them at once to a server in its own process (PGlite on disk, as
 * bench/server-entry.ts runs it). Meanwhile a player in a Card Table of that server makes real
 * changes one after another, each timed to its acknowledgement, first for `--quiet-sec` with
 * nothing else going on, then until the last upload is answered. It prints each upload's
 * status and time to answer, the other room's round trips and the server's event-loop lag
 * before and during, and, from one trial played in this process first, how long the runs of
 * moves between two yields to the event loop take. Not a test: the figures depend on the
 * machine (test/bench-uploads.test.ts checks the helpers).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { shippedPacks } from "../src/games/card-table/content/shipped";
import type { GameDefinition } from "../src/games/card-table/definition";
import { builtinDefinitions } from "../src/games/card-table/definitions/index";
import { PACK_LIMITS } from "../src/games/card-table/service/limits";
import { TRIAL_LIMITS, trialGame } from "../src/games/card-table/trial";
import type { CahBot } from "../test/support/cah-bot";
import { cardTable, roundTrip } from "../test/support/flood-room";
import { BenchChild, type ChildStats } from "./children";
import { numArg, sleep, stringOptions, usageOnHelp } from "./harness";
import { fmtMs, grid, Samples } from "./stats";
import { paddedDefinition } from "./upload-definitions";

const USAGE = `npm run bench:uploads -- [--uploads 5] [--definition crazy-eights] [--players N] [--end-value 400]
  [--quiet-sec 5] [--gap-ms 50] [--timeout-sec 110]`;
const { values: args } = parseArgs({
  options: {
    ...stringOptions({
      uploads: "5",
      definition: "crazy-eights",
      players: "",
      "end-value": "400",
      "quiet-sec": "5",
      "gap-ms": "50",
      "timeout-sec": "110",
    }),
    help: { type: "boolean" },
  },
});
usageOnHelp(args.help, USAGE);
const uploads = numArg("uploads", args.uploads, 1, 20);
const base = builtinDefinitions.get(args.definition);
if (!base) {
  console.error(`--definition: one of ${[...builtinDefinitions.keys()].join(", ")}`);
  process.exit(2);
}
const players = args.players ? numArg("players", args.players, 2, 100) : undefined;
// The end in the definition's own count. The default is Crazy Eights' (400 points, its own target
// 100): trials of 800 to 2,300 moves for these ids, inside the 3,000 allowed. Oh Hell counts rounds.
const endValue = args["end-value"] ? numArg("end-value", args["end-value"], 1, 10_000) : undefined;
const quietMs = numArg("quiet-sec", args["quiet-sec"], 1, 60) * 1000;
const gapMs = numArg("gap-ms", args["gap-ms"], 0, 1000);
const timeoutMs = numArg("timeout-sec", args["timeout-sec"], 10, 600) * 1000;

// Anything left running is stopped at the deadline; the run then fails rather than hangs.
const cleanups: (() => void)[] = [];
const hardStop = setTimeout(() => {
  console.error(`bench:uploads: still running after ${timeoutMs / 1000} s; stopped`);
  for (const c of cleanups) c();
  process.exit(1);
}, timeoutMs);
hardStop.unref();

// Keep a little under the limit: the route's body limit counts the request's bytes.
const bytes = PACK_LIMITS.definitionBytes - 64;
const defs = Array.from({ length: uploads }, (_, i) =>
  paddedDefinition(base, { id: `bench-upload-${i + 1}`, bytes, players, endValue }),
);
const size = (d: GameDefinition) => Buffer.byteLength(JSON.stringify(d));

// One trial in this process, alone, before the server starts, after one run of the same
// trial to warm up (the server's first trial is cold): how long it takes, and how long it
// keeps the event loop at a stretch (its slices between yields), read as the loop's delay.
const shipped = new Map(shippedPacks().map((p) => [p.id, p]));
await trialGame(defs[0]!, { packs: (id) => shipped.get(id) }, defs[0]!.id);
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const t0 = performance.now();
const local = await trialGame(defs[0]!, { packs: (id) => shipped.get(id) }, defs[0]!.id, {
  ...TRIAL_LIMITS,
  budgetMs: Number.POSITIVE_INFINITY,
});
const localMs = performance.now() - t0;
loop.disable();
const loopMs = (ns: number) => ns / 1e6;

const dataDir = mkdtempSync(join(tmpdir(), "parlor-uploads-bench-"));
cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
const { child: server, port } = await BenchChild.start("parlor", "./server-entry.ts", {
  DATA_DIR: dataDir,
  TIME_SCALE: "1",
});
cleanups.unshift(() => server.proc.kill("SIGKILL"));
const url = `http://127.0.0.1:${port}`;
const room = await cardTable(url, ["Ann", "Bo", "Cy"]);
cleanups.unshift(() => {
  for (const b of room.bots) b.close();
});

// The other room: one real change at a time, `gapMs` apart, each timed to its answer, labelled by when it was sent.
type Phase = "warm" | "before" | "during" | "done";
let phase: Phase = "warm";
const rtt: Record<"before" | "during", Samples> = { before: new Samples(), during: new Samples() };
let refused = 0;
async function probe(bot: CahBot): Promise<void> {
  for (let i = 0; phase !== "done"; i++) {
    const sentIn = phase;
    const { ms, reply } = await roundTrip(bot, i);
    if (reply.type !== "ack") refused++;
    else if (sentIn === "before" || sentIn === "during") rtt[sentIn].add(ms);
    await sleep(gapMs);
  }
}
let probeFailed = "";
const probing = probe(room.bots[0]!).catch((err) => {
  probeFailed = String(err);
});
await sleep(1000); // warm up
await server.stats(); // resets the server's loop monitor and CPU count
phase = "before";
const loadBefore = loadavg();
await sleep(quietMs);
const quiet = await server.stats();

type Answer = { status: number; ms: number; code: string };
phase = "during";
const started = performance.now();
const answers = await Promise.all(
  defs.map(async (def, i): Promise<Answer> => {
    const r = await fetch(`${url}/api/v1/cards/definitions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-parlor-owner": `bench-uploads-owner-${i + 1}`,
        // Each upload from its own client (the server believes loopback's X-Forwarded-For): the per-client upload allowance is not what is measured.
        "x-forwarded-for": `10.0.0.${i + 1}`,
      },
      body: JSON.stringify(def),
    });
    const body = (await r.json().catch(() => ({}))) as { error?: { code?: string; message?: string } | string };
    const code = typeof body.error === "object" ? (body.error.code ?? "") : (body.error ?? "");
    return { status: r.status, ms: performance.now() - started, code };
  }),
);
const busy = await server.stats();
const loadAfter = loadavg();
phase = "done";
await probing;
for (const b of room.bots) b.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const lag = (s: ChildStats | null) =>
  s ? `${fmtMs(s.loop.p50)} / ${fmtMs(s.loop.p99)} / ${fmtMs(s.loop.max)}` : "no answer";
const cpu = (s: ChildStats | null, ms: number) =>
  s ? `${(((s.cpuUserMs + s.cpuSystemMs) / ms) * 100).toFixed(0)}% of a core` : "no answer";
const duringMs = Math.max(...answers.map((a) => a.ms));
const row = (name: string, f: (s: Samples) => string): string[] => [name, f(rtt.before), f(rtt.during)];

console.log(
  `${uploads} uploads at once: copies of ${base.id}, ${size(defs[0]!).toLocaleString("en")} bytes each ` +
    `(limit ${PACK_LIMITS.definitionBytes.toLocaleString("en")}), trial with ${defs[0]!.minPlayers} players, ` +
    `end value ${defs[0]!.defaultSettings.endValue}`,
);
console.log(
  `one trial alone in this process (${defs[0]!.id}): ${local.ok ? `${local.moves} moves` : `refused: ${local.why}`}, ` +
    `${fmtMs(localMs)}; the event loop's delay meanwhile p50 ${fmtMs(loopMs(loop.percentile(50)))}, ` +
    `p99 ${fmtMs(loopMs(loop.percentile(99)))}, max ${fmtMs(loopMs(loop.max))}`,
);
console.log(
  grid(
    ["upload", "status", "answered after", "code"],
    answers.map((a, i) => [defs[i]!.id, String(a.status), fmtMs(a.ms), a.code]),
  ),
);
console.log(
  grid(
    ["other room (round trip)", `before (${quietMs / 1000} s)`, `during (${(duringMs / 1000).toFixed(1)} s)`],
    [
      row("inputs", (s) => String(s.count)),
      row("p50", (s) => fmtMs(s.pct(50))),
      row("p99", (s) => fmtMs(s.pct(99))),
      row("max", (s) => fmtMs(s.max())),
      ["server loop lag p50 / p99 / max", lag(quiet), lag(busy)],
      ["server CPU", cpu(quiet, quietMs), cpu(busy, duringMs)],
    ],
  ),
);
if (refused) console.log(`the other room's inputs refused: ${refused}`);
if (probeFailed) console.log(`the other room stopped answering: ${probeFailed}`);
console.log(
  `load average (1, 5 min) before ${loadBefore[0]!.toFixed(2)}, ${loadBefore[1]!.toFixed(2)}; ` +
    `after ${loadAfter[0]!.toFixed(2)}, ${loadAfter[1]!.toFixed(2)} (2 cores)`,
);
process.exit(0);
