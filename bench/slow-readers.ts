/**
 * What clients that stop reading cost the server, for "Slow readers" in docs/operations.md:
 *
 *   npx tsx bench/slow-readers.ts [--queue-kb 512] [--seconds 60]
 *
 * A server in its own process (PGlite on disk, as in production) holds three Card Tables of
 * 19 seats: in each, two players send inputs that change the table as fast as they are
 * answered, and 17 seats are bare websockets that stop reading and answer the heartbeat
 * blindly. Every ten seconds it prints the server's heap plus external memory (from its
 * /metrics) and how many sockets it still holds. With the cap (SOCKET_QUEUE_KB) the 51
 * silent sockets are disconnected once 512 KB wait for each; `--queue-kb 10000000` shows
 * the server without it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CahBot, seatToken } from "../test/support/cah-bot";
import { spawnServer } from "../test/support/child-server";
import { rawCardSeat, stopReading } from "../test/support/raw-seat";

const { values: args } = parseArgs({
  options: { "queue-kb": { type: "string", default: "512" }, seconds: { type: "string", default: "60" } },
});
const seconds = Number(args.seconds);
const dir = mkdtempSync(join(tmpdir(), "parlor-slow-readers-"));
const server = await spawnServer({
  DATA_DIR: dir,
  SOCKET_QUEUE_KB: args["queue-kb"],
  // The busy players send as fast as they are answered, past the usual allowance.
  SOCKET_MESSAGES_PER_SECOND: "100000",
  TIME_SCALE: "1",
  LOG_LEVEL: "error",
});

async function memory() {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([0-9.e+]+)`, "m").exec(text)?.[1] ?? Number.NaN);
  const bytes =
    value("parlor_process_nodejs_heap_size_used_bytes") + value("parlor_process_nodejs_external_memory_bytes");
  return `${Math.round(bytes / 1e6)} MB, ${value("parlor_sockets")} sockets`;
}

const busy: CahBot[][] = [];
const stops: (() => void)[] = [];
for (let t = 0; t < 3; t++) {
  const r = await fetch(`${server.url}/api/v1/cards/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ settings: { endCondition: "none" } }),
  });
  const { roomId } = (await r.json()) as { roomId: string };
  const players: CahBot[] = [];
  for (const name of ["Ann", "Bo"]) {
    const bot = new CahBot(server.url, roomId, await seatToken(server.url, roomId, name), name);
    bot.auto = false;
    await bot.until("a seat", (s) => s.you !== null);
    players.push(bot);
  }
  busy.push(players);
  for (let i = 0; i < 17; i++) {
    const name = `Silent ${i}`;
    stops.push(stopReading(await rawCardSeat(server.url, roomId, await seatToken(server.url, roomId, name), name)));
  }
}

console.log(`SOCKET_QUEUE_KB=${args["queue-kb"]}; before: ${await memory()}`);
const started = Date.now();
let inputs = 0;
const sampler = setInterval(
  async () => console.log(`${Math.round((Date.now() - started) / 1000)} s: ${inputs} inputs, ${await memory()}`),
  10_000,
);
await Promise.all(
  busy.map(async ([ann, bo]) => {
    for (let i = 0; Date.now() - started < seconds * 1000; i++) {
      const bot = (i % 2 ? ann : bo)!;
      const requestId = `b${i}`;
      await new Promise<void>((resolve) => {
        const on = (m: { requestId?: string }) => {
          if (m.requestId !== requestId) return;
          bot.socket.off("message", on);
          resolve();
        };
        bot.socket.on("message", on);
        const presence = Math.floor(i / 2) % 2 ? "active" : "away";
        bot.socket.send({ type: "action", action: { type: "setPresence", presence }, requestId });
      });
      bot.inbox.length = 0;
      inputs++;
    }
  }),
);
clearInterval(sampler);
console.log(`after ${seconds} s: ${inputs} inputs, ${await memory()}`);
for (const stop of stops) stop();
server.proc.kill("SIGKILL");
rmSync(dir, { recursive: true, force: true });
process.exit(0);
