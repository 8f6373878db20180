/**
 * The echo baseline alone, in several traffic shapes, to see what a protocol's traffic
 * costs at p99 with no game behind it:
 *
 *   npx tsx bench/echo-shapes.ts [--sockets 1200] [--rate 0.14] [--sec 40] [--table 6]
 *                                [--states 1.08] [--state-bytes 4150] [--events 3.67] [--event-bytes 125]
 *
 * The defaults are what the 200-room Card Table bench measured per input. Each shape runs
 * against a fresh echo server child in turn: the bare echo; views and events (the game's
 * traffic); views only; events only; and views and events with views a quarter the size.
 */
import { parseArgs } from "node:util";
import { BenchChild, loopMonitor, readLoop } from "./children";
import { EchoRun, type TableTraffic } from "./echo";
import { fmtChild, fmtLoop } from "./harness";
import { fmtMs, table } from "./stats";

const { values: a } = parseArgs({
  options: {
    sockets: { type: "string", default: "1200" },
    rate: { type: "string", default: "0.14" },
    sec: { type: "string", default: "40" },
    table: { type: "string", default: "6" },
    states: { type: "string", default: "1.08" },
    "state-bytes": { type: "string", default: "4150" },
    events: { type: "string", default: "3.67" },
    "event-bytes": { type: "string", default: "125" },
  },
});
const full: TableTraffic = {
  size: Number(a.table),
  states: Number(a.states),
  stateBytes: Number(a["state-bytes"]),
  events: Number(a.events),
  eventBytes: Number(a["event-bytes"]),
};
const shapes: [string, TableTraffic | undefined][] = [
  ["bare echo", undefined],
  ["views + events", full],
  ["views only", { ...full, events: 0 }],
  ["events only", { ...full, states: 0 }],
  ["views ¼ size + events", { ...full, stateBytes: full.stateBytes / 4 }],
];
const rows: [string, string][] = [];
const botLoop = loopMonitor();
for (const [name, shape] of shapes) {
  const { child, port } = await BenchChild.start("echo server", "./echo-server.ts", {}, 60_000);
  readLoop(botLoop);
  const run = new EchoRun({
    url: `http://127.0.0.1:${port}`,
    sockets: Number(a.sockets),
    ratePerSocket: Number(a.rate),
    durationMs: Number(a.sec) * 1000,
    staggerMs: 10_000,
    deadline: Date.now() + 10 * 60_000,
    ...(shape ? { table: shape } : {}),
  });
  const r = await run.run();
  const stats = await child.stats();
  const bots = readLoop(botLoop);
  await child.stop();
  rows.push([
    name,
    `p50 ${fmtMs(r.rtt.pct(50))} p99 ${fmtMs(r.rtt.pct(99))} (${r.rtt.count} acks, ${r.lost} lost${r.errors.length ? `, ${r.errors.length} errors` : ""}); ` +
      `server ${fmtChild(stats, r.durationMs)}; bots ${fmtLoop(bots)}`,
  ]);
  console.log(rows.at(-1)!.join(": "));
}
console.log(table(rows));
process.exit(0);
