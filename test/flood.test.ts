import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CahBot, seatToken } from "./support/cah-bot";
import { spawnServer } from "./support/child-server";

/**
 * One seated socket floods its room with valid actions that change nothing (the probe sent
 * 10,000 a second and stalled every other room for 25 s). Another room's round trips must
 * stay within twice their quiet p99. Server, flooder and measuring client are three
 * processes, and the server runs as in production: PGlite on disk, the default limits.
 */
const dir = mkdtempSync(join(tmpdir(), "parlor-flood-"));
let server: { proc: ChildProcess; url: string };
beforeAll(async () => {
  server = await spawnServer({
    DATA_DIR: dir,
    TIME_SCALE: "1",
    METRICS_ALLOW: "127.0.0.1,::1,::ffff:127.0.0.1",
    SOCKET_MESSAGES_PER_SECOND: "20",
    SOCKET_JOINS_PER_MINUTE: "120",
  });
});
afterAll(async () => {
  server?.proc.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function table(names: string[]) {
  const r = await fetch(`${server.url}/api/v1/cards/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ settings: { endCondition: "none" } }),
  });
  const { roomId } = (await r.json()) as { roomId: string };
  const bots: CahBot[] = [];
  for (const name of names) {
    const bot = new CahBot(server.url, roomId, await seatToken(server.url, roomId, name), name);
    bot.auto = false;
    await bot.until((s) => s.you !== null);
    bots.push(bot);
  }
  return { roomId, bots };
}

/** Round trips of `n` real changes (away, then back) in the measured room, about twelve a second (a very busy player). */
async function roundTrips(bot: CahBot, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const requestId = `rt${i}-${Math.random()}`;
    const started = performance.now();
    const reply = new Promise<{ type: string }>((resolve) => {
      const on = (m: { type: string; requestId?: string }) => {
        if (m.requestId !== requestId) return;
        bot.socket.off("message", on);
        resolve(m);
      };
      bot.socket.on("message", on);
    });
    bot.socket.send({
      type: "action",
      action: { type: "setPresence", presence: i % 2 ? "active" : "away" },
      requestId,
    });
    expect(await reply).toMatchObject({ type: "ack" });
    out.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 70));
  }
  return out;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.99) - 1]!;

/** Card Table inputs the server accepted that changed something (no-ops are not counted). */
async function inputsServed(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/parlor_inputs_total\{game="card-table"\} (\d+)/.exec(text)?.[1] ?? 0);
}

describe("a flood in one room", () => {
  it("costs another room nothing: its p99 stays within twice the quiet value, and the flood changes nothing", async () => {
    const measured = await table(["Ann", "Bo", "Cy"]);
    const flooded = await table(["Nia", "Oz"]);
    await roundTrips(measured.bots[0]!, 20); // warm up

    // 10,000 a second of the same presence again and again (each accepted, none a change),
    // coming back whenever it is cut off.
    const token = await seatToken(server.url, flooded.roomId, "Mal");
    const flood = JSON.stringify({ type: "action", action: { type: "setPresence", presence: "active" } });
    const auth = JSON.stringify({ roomId: flooded.roomId, token, name: "Mal" });
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/support/flooder.ts", server.url, "/cards", auth, flood, "10000"],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let said = "";
    child.stdout.on("data", (d) => (said += d));
    child.stderr.on("data", (d) => (said += d));
    while (!said.includes("seated")) {
      if (child.exitCode !== null) throw new Error(`the flooder exited: ${said}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const served = await inputsServed();
    // Quiet and flooded blocks take turns, so whatever else the machine does weighs on both alike.
    const quiet: number[] = [];
    const loud: number[] = [];
    for (let block = 0; block < 8; block++) {
      const flooding = block % 2 === 1;
      child.stdin.write(flooding ? "on\n" : "off\n");
      await new Promise((r) => setTimeout(r, 300));
      (flooding ? loud : quiet).push(...(await roundTrips(measured.bots[0]!, 90)));
    }
    child.stdin.write("off\n");
    await new Promise((r) => setTimeout(r, 600)); // one more line of totals
    child.kill("SIGKILL");

    const totals = [...said.matchAll(/tried (\d+), sent (\d+), cut off (\d+) times/g)].at(-1) ?? [];
    const [tried = 0, sent = 0, cuts = 0] = totals.slice(1).map(Number);
    const q = p99(quiet);
    const l = p99(loud);
    console.log(`flood: ${totals[0]}; quiet p99 ${q.toFixed(2)} ms, under flood ${l.toFixed(2)} ms`);
    expect(tried).toBeGreaterThan(30_000);
    expect(sent).toBeGreaterThan(200);
    expect(cuts).toBeGreaterThanOrEqual(1);
    // p99s of a few milliseconds swing by one or two from timer noise alone: that is the measure's grain.
    expect(l).toBeLessThanOrEqual(Math.max(2 * q, q + 2));
    // Not one flooded message was served: the only inputs are the measured room's own.
    expect((await inputsServed()) - served).toBe(quiet.length + loud.length);
    for (const b of [...measured.bots, ...flooded.bots]) b.close();
  });
});
