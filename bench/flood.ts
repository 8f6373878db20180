/**
 * What a flood in one room costs another room, for "Flood control" in docs/benchmarks.md:
 *
 *   npm run bench:flood [-- --blocks 8 --per-block 90]
 *
 * A server in its own process (PGlite on disk, as in production, a socket's allowance of 20
 * messages a second) holds two Card Tables. In one, a flooder in its own process sends
 * 10,000 valid no-op actions a second, coming back whenever it is cut off; in the other a
 * player makes real changes at a busy player's pace and times each answer. Quiet and flooded
 * blocks take turns, so whatever else the machine does weighs on both alike. It prints the
 * flooder's totals, each block kind's p50 and p99, and their ratio. test/flood.test.ts asserts
 * what can be asserted exactly (the flood is cut off, nothing of it is applied, every input
 * of the other room is answered); this measures the latency, which only a quiet machine can.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { spawnServer } from "../test/support/child-server";
import {
  cardTable,
  FLOOD_SERVER_ENV,
  inputsServed,
  PLAYER_GAP_MS,
  roundTrip,
  startFlooder,
} from "../test/support/flood-room";
import { Samples } from "./stats";

const { values: args } = parseArgs({
  options: { blocks: { type: "string", default: "8" }, "per-block": { type: "string", default: "90" } },
});
const blocks = Number(args.blocks);
const perBlock = Number(args["per-block"]);
const dir = mkdtempSync(join(tmpdir(), "parlor-flood-bench-"));
const server = await spawnServer({ DATA_DIR: dir, ...FLOOD_SERVER_ENV });
const measured = await cardTable(server.url, ["Ann", "Bo", "Cy"]);
const flooded = await cardTable(server.url, ["Nia", "Oz"]);
const flooder = await startFlooder(server.url, flooded.roomId);
const player = measured.bots[0]!;

let n = 0;
async function block(count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ms, reply } = await roundTrip(player, n++);
    if (reply.type !== "ack") throw new Error(`input ${n} refused: ${JSON.stringify(reply)}`);
    out.push(ms);
    await new Promise((r) => setTimeout(r, PLAYER_GAP_MS));
  }
  return out;
}

await block(20); // warm up
const served = await inputsServed(server.url);
const before = n;
const quiet = new Samples();
const loud = new Samples();
for (let b = 0; b < blocks; b++) {
  const flooding = b % 2 === 1;
  if (flooding) flooder.on();
  else flooder.off();
  // Let the switch take effect before timing.
  await new Promise((r) => setTimeout(r, 300));
  for (const ms of await block(perBlock)) (flooding ? loud : quiet).add(ms);
}
flooder.off();
await new Promise((r) => setTimeout(r, 600)); // one more line of totals
const totals = flooder.totals();
const applied = (await inputsServed(server.url)) - served;
flooder.kill();
for (const b of [...measured.bots, ...flooded.bots]) b.close();
server.proc.kill("SIGKILL");
rmSync(dir, { recursive: true, force: true });

const row = (name: string, xs: Samples) =>
  `${name}: p50 ${xs.pct(50).toFixed(2)} ms, p99 ${xs.pct(99).toFixed(2)} ms (${xs.count} inputs)`;
console.log(`flooder: tried ${totals.tried}, sent ${totals.sent}, cut off ${totals.cuts} times`);
console.log(row("quiet", quiet));
console.log(row("under flood", loud));
console.log(`p99 ratio ${(loud.pct(99) / quiet.pct(99)).toFixed(2)}× (the old test's bound: 2×, or 2 ms more)`);
console.log(`inputs applied while timing: ${applied} of the ${n - before} the other room sent (the flood's: none)`);
