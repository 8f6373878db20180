import { spawn } from "node:child_process";
import { CahBot, seatToken } from "./cah-bot";
import { until } from "./waits";

/**
 * One seated socket flooding its Card Table with valid actions that change nothing (the
 * probe that once sent 10,000 a second and stalled every other room for 25 s), and a room
 * beside it whose inputs are timed. Shared by test/flood.test.ts, which asserts what can be
 * asserted exactly, and bench/flood.ts, which measures what the flood costs the other room.
 */

/** The server environment both run: the default limits, but a socket's allowance of 20 messages a second. */
export const FLOOD_SERVER_ENV = {
  TIME_SCALE: "1",
  METRICS_ALLOW: "127.0.0.1,::1,::ffff:127.0.0.1",
  SOCKET_MESSAGES_PER_SECOND: "20",
  SOCKET_JOINS_PER_MINUTE: "120",
};

/** Gap between one socket's timed inputs: a very busy player, inside that allowance. */
export const PLAYER_GAP_MS = 70;

/** A Card Table with these players seated (not playing on their own). */
export async function cardTable(url: string, names: string[]) {
  const r = await fetch(`${url}/api/v1/cards/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ settings: { endCondition: "none" } }),
  });
  const { roomId } = (await r.json()) as { roomId: string };
  const bots: CahBot[] = [];
  for (const name of names) {
    const bot = new CahBot(url, roomId, await seatToken(url, roomId, name), name);
    bot.auto = false;
    await bot.until("a seat", (s) => s.you !== null);
    bots.push(bot);
  }
  return { roomId, bots };
}

/**
 * One real change (away, then back) and its answer; the time it took, in ms. Every such
 * input changes the table, so each is counted as served.
 */
export async function roundTrip(bot: CahBot, i: number): Promise<{ ms: number; reply: { type: string } }> {
  const requestId = `rt${i}-${Math.random()}`;
  const started = performance.now();
  bot.socket.send({ type: "action", action: { type: "setPresence", presence: i % 2 ? "active" : "away" }, requestId });
  const reply = await bot.reply(requestId);
  return { ms: performance.now() - started, reply };
}

export interface FlooderTotals {
  tried: number;
  sent: number;
  cuts: number;
}

/**
 * The flooder (test/support/flooder.ts) in its own process, seated as a new player of the
 * room: 10,000 copies a second of a presence it already has (each valid, none a change),
 * coming back whenever it is cut off. Starts paused; `on()` and `off()` switch it.
 */
export async function startFlooder(url: string, roomId: string) {
  const token = await seatToken(url, roomId, "Mal");
  const flood = JSON.stringify({ type: "action", action: { type: "setPresence", presence: "active" } });
  const auth = JSON.stringify({ roomId, token, name: "Mal" });
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/support/flooder.ts", url, "/cards", auth, flood, "10000"],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let said = "";
  child.stdout.on("data", (d) => (said += d));
  child.stderr.on("data", (d) => (said += d));
  const exited = () => {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the flooder exited: ${said}`);
  };
  await until(
    "the flooder to be seated",
    () => {
      exited();
      return said.includes("seated");
    },
    { ms: 120_000, seen: () => said },
  );
  /** Its latest totals line (it prints one twice a second). */
  const totals = (): FlooderTotals => {
    const m = [...said.matchAll(/tried (\d+), sent (\d+), cut off (\d+) times/g)].at(-1);
    return { tried: Number(m?.[1] ?? 0), sent: Number(m?.[2] ?? 0), cuts: Number(m?.[3] ?? 0) };
  };
  return {
    on: () => child.stdin.write("on\n"),
    off: () => child.stdin.write("off\n"),
    totals,
    kill: () => child.kill("SIGKILL"),
  };
}

/** Card Table inputs the server accepted that changed something (no-ops are not counted), from its /metrics. */
export async function inputsServed(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/parlor_inputs_total\{game="card-table"\} (\d+)/.exec(text)?.[1] ?? 0);
}
