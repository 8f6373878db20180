import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnServer } from "./support/child-server";
import { until } from "./support/waits";

type Msg = Record<string, unknown> & { type: string };

/** A minimal bot: bets the smallest tier, matches anything, never buzzes. */
function bot(url: string, roomId: string) {
  const playerId = randomUUID();
  const inbox: Msg[] = [];
  let me: string | null = null;
  const socket: Socket = io(`${url}/trivia`, {
    transports: ["websocket"],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
  });
  socket.on("connect", () => socket.send({ type: "JOIN_ROOM", roomId, playerId }));
  socket.on("message", (m: Msg) => {
    inbox.push(m);
    if (m.type === "ROOM_STATE") me = m.you as string;
    const turn = (m.type === "PHASE_BETTING" || m.type === "BET_PLACED") && m.awaitingAction === me;
    const betting =
      m.type === "ROOM_STATE" &&
      (m.betting as { awaitingAction?: string } | null)?.awaitingAction === me &&
      m.phase === "BETTING";
    if (turn || betting) {
      const acts = (m.availableActions ?? (m.betting as { availableActions: string[] }).availableActions) as string[];
      socket.send(acts.includes("BET") ? { type: "BET", amount: 5 } : { type: "MATCH" });
    }
  });
  return { socket, inbox, playerId };
}

const dataDir = mkdtempSync(join(tmpdir(), "parlor-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("restart recovery", () => {
  it("a match survives kill -9: the log restores it, timers re-arm, clients reconnect and finish", async () => {
    const port = String(await freePort());
    // The embedded default: PGlite on disk, even when CI provides PostgreSQL.
    const env = { PORT: port, DATA_DIR: dataDir, TIME_SCALE: "0.1", DATABASE_URL: "" };
    let srv = await spawnServer(env);
    const res = await fetch(`${srv.url}/api/v1/trivia/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const { roomId } = (await res.json()) as { roomId: string };
    const a = bot(srv.url, roomId);
    const b = bot(srv.url, roomId);
    try {
      // Mid-match: the first clue is revealing (bets are in, acknowledged and durable).
      await until("first clue", () => a.inbox.some((m) => m.type === "PHASE_CLUE"), { ms: 30_000 });
      srv.proc.kill("SIGKILL");
      await new Promise((r) => srv.proc.once("exit", r));
      const beforeRestart = a.inbox.length;
      const beforeRestartB = b.inbox.length;
      srv = await spawnServer(env);
      await until("P1 resync", () => a.inbox.slice(beforeRestart).some((m) => m.type === "ROOM_STATE"), { ms: 30_000 });
      await until("P2 resync", () => b.inbox.slice(beforeRestartB).some((m) => m.type === "ROOM_STATE"), {
        ms: 30_000,
      });
      const resync = a.inbox.slice(beforeRestart).find((m) => m.type === "ROOM_STATE")!;
      const seatBefore = a.inbox.find((m) => m.type === "ROOM_STATE")!.you;
      expect(["P1", "P2"]).toContain(seatBefore);
      expect(resync).toMatchObject({ roomId, you: seatBefore });
      expect(resync.phase).not.toBe("WAITING");
      await until("match end", () => a.inbox.some((m) => m.type === "PHASE_COMPLETE"), { ms: 60_000 });
      const done = a.inbox.find((m) => m.type === "PHASE_COMPLETE")!;
      expect(done.forfeit).toBeUndefined();
      expect((done.recap as unknown[]).length).toBe(3);
      const fb = done.finalBalances as { P1: number; P2: number };
      expect(fb.P1 + fb.P2).toBe(1000);
    } catch (err) {
      // The restarted server's log says why, when the clients cannot.
      throw new Error(`${String(err)}\nserver output:\n${srv.output()}`);
    } finally {
      a.socket.close();
      b.socket.close();
      srv.proc.kill("SIGKILL");
    }
  });
});
