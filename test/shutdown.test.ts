import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectDb } from "../src/platform/db/connect";
import { CahBot, seatToken } from "./support/cah-bot";
import { spawnServer } from "./support/child-server";
import { socketOpens, until } from "./support/waits";

const dataDir = mkdtempSync(join(tmpdir(), "parlor-shutdown-"));
/** Every server started here, so a failed test leaves none behind. */
const started: { kill(signal: NodeJS.Signals): boolean; exitCode: number | null; signalCode: string | null }[] = [];
afterAll(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});
async function spawn(env: Record<string, string>) {
  const srv = await spawnServer(env);
  started.push(srv.proc);
  return srv;
}

type Proc = Awaited<ReturnType<typeof spawnServer>>["proc"];
const exited = (proc: Proc) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null)
      return resolve({ code: proc.exitCode, signal: proc.signalCode });
    proc.once("exit", (code, signal) => resolve({ code, signal }));
  });

async function newTable(url: string) {
  const r = await fetch(`${url}/api/v1/cards/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parlor-owner": "shutdown-test-owner-0123" },
    body: JSON.stringify({ settings: { activeVariants: ["judgeRotate"], endCondition: "rounds", endValue: 3 } }),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { roomId: string }).roomId;
}

describe("graceful shutdown", () => {
  it("SIGTERM: /readyz says draining at once, new sockets are refused, connected ones are closed, the process exits 0 and an acknowledged input is in the log", async () => {
    // The embedded default on disk, as `npm start` runs it.
    // Draining as long as the server allows, for the checks below to run while it lasts.
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", DRAIN_DELAY_MS: "5000" };
    let srv = await spawn(env);
    const roomId = await newTable(srv.url);
    const names = ["Ada", "Bo", "Cy"];
    const tokens: string[] = [];
    const bots: CahBot[] = [];
    for (const name of names) {
      tokens.push(await seatToken(srv.url, roomId, name));
      const bot = new CahBot(srv.url, roomId, tokens.at(-1)!, name);
      bot.auto = false;
      await bot.until("seat", (s) => s.you !== null, 10_000);
      bots.push(bot);
    }
    const lead = bots[0]!;
    const disconnected = new Promise<string>((resolve) => lead.socket.once("disconnect", (reason) => resolve(reason)));
    expect((await lead.reply(lead.action({ type: "startGame" }))).type).toBe("ack");

    const gone = exited(srv.proc);
    expect(srv.proc.kill("SIGTERM")).toBe(true);
    const readyz = await until(
      "/readyz to say 503",
      async () => {
        const r = await fetch(`${srv.url}/readyz`).catch(() => null);
        return r?.status === 503 ? { status: r.status, body: (await r.json()) as Record<string, unknown> } : null;
      },
      { everyMs: 10 },
    );
    expect(readyz).toMatchObject({ status: 503, body: { status: "draining" } });
    // While it drains, the sockets it has still play, but a new one is turned away.
    expect(await socketOpens(srv.url)).toBe(false);
    // Closed by the server's going, not told to stay away: a client reconnects (elsewhere).
    expect(await disconnected).toBe("transport close");
    expect(await gone).toEqual({ code: 0, signal: null });
    for (const b of bots) b.close();

    // Same data directory: the started game is there, from the log (paused: the others are away).
    srv = await spawn(env);
    const back = new CahBot(srv.url, roomId, tokens[0]!, "Ada");
    back.auto = false;
    const state = await back.until("seat again", (s) => s.you !== null, 10_000);
    expect(["playing", "paused"]).toContain(state.status);
    back.close();
    const again = exited(srv.proc);
    srv.proc.kill("SIGTERM");
    expect(await again).toEqual({ code: 0, signal: null });

    // And the row itself, read from the stopped server's database.
    const dbh = await connectDb({ dataDir, pgliteThread: "main" });
    try {
      const room = await dbh.db.selectFrom("rooms").select("uid").where("code", "=", roomId).executeTakeFirstOrThrow();
      const rows = await dbh.db.selectFrom("room_inputs").selectAll().where("room_uid", "=", room.uid).execute();
      expect(rows.some((r) => JSON.stringify(r.intent).includes("startGame"))).toBe(true);
    } finally {
      await dbh.close();
    }
  });

  it("a second signal ends a stop that is still draining, with a failure code", async () => {
    // The longest drain the server allows: the second signal ends it early.
    const srv = await spawn({ DATA_DIR: "memory://", DRAIN_DELAY_MS: "5000" });
    const gone = exited(srv.proc);
    srv.proc.kill("SIGTERM");
    await until("/readyz to say draining", async () => (await fetch(`${srv.url}/readyz`)).status === 503, {
      everyMs: 10,
    });
    srv.proc.kill("SIGTERM");
    expect(await gone).toEqual({ code: 1, signal: null });
  });
});
