import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameModules } from "../src/games/registry";
import { testBank } from "../src/games/trivia-duel/fixtures";
import { triviaModule } from "../src/games/trivia-duel/index";
import { createTriviaRules } from "../src/games/trivia-duel/rules";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { connectDb, type DbHandle } from "../src/platform/db/connect";
import { migrate } from "../src/platform/db/migrations";
import { InputLog } from "../src/platform/input-log";
import { MemoryLiveStore } from "../src/platform/live-store";
import { CodeTaken, LogConflict } from "../src/platform/log-errors";
import { recoverRooms } from "../src/platform/recovery";
import { type Publisher, RoomHost } from "../src/platform/room-host";
import { describeWithPostgres, postgresUrl } from "./support/needs";
import { freshDatabase } from "./support/pg-database";

const backends: { name: string; url?: string; thread?: "main" | "worker" }[] = [
  { name: "PGlite (embedded, main thread)", thread: "main" },
  { name: "PGlite (embedded, worker thread)", thread: "worker" },
];
// CI sets DATABASE_URL, so these suites run against the real server there.
backends.push({ name: "PostgreSQL", url: postgresUrl });

/** Trivia Duel on the tests' own question bank. */
const game = { ...triviaModule, rules: createTriviaRules(testBank) };
const quietPublisher: Publisher = { publish() {}, publishViews() {} };

/** A new log over the database with one empty room in it. */
async function freshLog(h: DbHandle, code: string) {
  const log = new InputLog(h.db);
  const uid = randomUUID();
  await log.createRoom({ uid, code, game: "g", options: {}, seed: "s", timeScale: 1, createdAt: 1 });
  return { log, uid };
}

const tickRow = (seq: number, at: number) => ({
  seq,
  at,
  kind: "tick" as const,
  actor: null,
  intent: null,
  meta: null,
});

/** A fresh host (as after a restart) over the same database, on a test clock; `recover` rebuilds its rooms. */
function hostOn(h: DbHandle, clock: () => number, games = [game]) {
  const log = new InputLog(h.db);
  const host = new RoomHost({
    games,
    live: new MemoryLiveStore(),
    log,
    publisher: quietPublisher,
    timeScale: 1,
    clock,
  });
  return Object.assign(host, { recover: () => recoverRooms(host, log, { now: clock }) });
}

for (const backend of backends) {
  (backend.name === "PostgreSQL" ? describeWithPostgres : describe)(`durable input log on ${backend.name}`, () => {
    let h: DbHandle;
    let dropDatabase: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      let databaseUrl: string | undefined;
      if (backend.url) {
        const fresh = await freshDatabase("durable");
        databaseUrl = fresh.url;
        dropDatabase = fresh.drop;
      }
      h = await connectDb({ databaseUrl, dataDir: "memory://", pgliteThread: backend.thread });
      // Every game's migrations too, twice: running them again must change nothing.
      const all = Object.assign({}, ...gameModules.map((g) => g.migrations ?? {}));
      await migrate(h.db as never, all);
      await migrate(h.db as never, all);
    });
    afterAll(async () => {
      await h?.close();
      await dropDatabase?.();
    });

    it("appends in order with group commit and reads back exactly", async () => {
      const log = new InputLog(h.db);
      const uid = randomUUID();
      const room = {
        uid,
        code: "ABC234",
        game: "g",
        options: { a: 1 },
        seed: "s",
        timeScale: 0.5,
        createdAt: 1_700_000_000_000,
      };
      await log.createRoom(room);
      const batchesBefore = log.batches;
      await Promise.all(
        Array.from({ length: 250 }, (_, i) =>
          log.append(uid, {
            seq: i + 1,
            at: 1_700_000_000_000 + i,
            kind: i % 5 ? "act" : "tick",
            actor: i % 5 ? "P1" : null,
            intent: i % 5 ? { type: "X", n: i } : null,
            meta: i === 3 ? { join: "h" } : null,
          }),
        ),
      );
      expect(log.batches - batchesBefore).toBeLessThan(5);
      const rows = await log.inputs(uid);
      expect(rows).toHaveLength(250);
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
      expect(rows[1]).toEqual({
        seq: 2,
        at: 1_700_000_000_001,
        kind: "act",
        actor: "P1",
        intent: { type: "X", n: 1 },
        meta: null,
      });
      expect(rows[3]!.meta).toEqual({ join: "h" });
      expect(rows[0]).toMatchObject({ kind: "tick", actor: null, intent: null });
      const open = await log.openRooms({ after: null, limit: 100_000 });
      expect(open.find((r) => r.uid === uid)).toEqual(room);
      await log.close(uid, Date.now());
      expect(await log.openRoomByCode("ABC234").then((r) => r?.uid === uid)).toBe(false);
    });

    it("writes lazy tick rows within moments, ahead of the next input, in order", async () => {
      const { log, uid } = await freshLog(h, "LZY234");
      void log.append(uid, tickRow(1, 1), true);
      void log.append(uid, tickRow(2, 2), true);
      await log.append(uid, { seq: 3, at: 3, kind: "act", actor: "P1", intent: { n: 1 }, meta: null });
      expect((await log.inputs(uid)).map((r) => r.seq)).toEqual([1, 2, 3]);
      void log.append(uid, tickRow(4, 4), true);
      await log.drain();
      expect((await log.inputs(uid)).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    });

    it("after a failed write it refuses every later append, so the log has no gaps", async () => {
      const { log, uid } = await freshLog(h, "GAP234");
      await log.append(uid, tickRow(1, 1));
      await expect(log.append(uid, tickRow(1, 2))).rejects.toThrow();
      expect(log.broken).not.toBeNull();
      await expect(log.append(uid, tickRow(2, 3))).rejects.toThrow();
      expect((await log.inputs(uid)).map((r) => r.seq)).toEqual([1]);
    });

    it("shared by nodes: a taken sequence number fails its row alone, and the log stays open", async () => {
      const { uid } = await freshLog(h, "SHR234");
      const other = await freshLog(h, "SHR235");
      const log = new InputLog(h.db, { shared: true });
      await log.append(uid, tickRow(1, 1));
      // One batch: a row another node already wrote, and rows of this and another room.
      const results = await Promise.allSettled([
        log.append(uid, tickRow(1, 2)),
        log.append(uid, tickRow(2, 3)),
        log.append(other.uid, tickRow(1, 4)),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
      expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(LogConflict);
      expect(log.broken).toBeNull();
      await log.append(uid, tickRow(3, 5));
      expect((await log.inputs(uid)).map((r) => [r.seq, r.at])).toEqual([
        [1, 1],
        [2, 3],
        [3, 5],
      ]);
      expect((await log.tail(uid, 1)).map((r) => r.seq)).toEqual([2, 3]);
      // A code an open room has is refused as such.
      await expect(
        log.createRoom({
          uid: randomUUID(),
          code: "SHR234",
          game: "g",
          options: {},
          seed: "s",
          timeScale: 1,
          createdAt: 1,
        }),
      ).rejects.toBeInstanceOf(CodeTaken);
    });

    it("refuses a duplicate sequence number (the log never forks)", async () => {
      const { log, uid } = await freshLog(h, "DUP234");
      await log.append(uid, tickRow(1, 1));
      await expect(log.append(uid, tickRow(1, 2))).rejects.toThrow();
    });

    it("a host rebuilt from the log recovers rooms, seats and timers", async () => {
      let now = 1_800_000_000_000;
      const clock = () => now;
      const mk = () => hostOn(h, clock);
      const first = mk();
      const code = await first.createRoom("trivia-duel", {});
      const p1 = await first.join("trivia-duel", code, { credential: "secret-one-111" });
      const p2 = await first.join("trivia-duel", code, { credential: "secret-two-222" });
      expect([p1.seat, p2.seat]).toEqual(["P1", "P2"]);
      now += 3000;
      await first.fire(code);
      expect(
        (await first.input(code, { seat: "P1", credential: "secret-one-111" }, { type: "BET", amount: 25 })).ok,
      ).toBe(true);
      expect(
        (await first.input(code, { seat: "P2", credential: "secret-two-222" }, { type: "BET", amount: 25 })).ok,
      ).toBe(false);
      const before = (await first.exists(code))!.state as TriviaState;
      expect(before.phase).toBe("BETTING");

      const second = mk();
      expect(await second.recover()).toBeGreaterThanOrEqual(1);
      const after = (await second.exists(code))!.state as TriviaState;
      expect(after.betting).toEqual(before.betting);
      expect(after.balances).toEqual({ P1: 475, P2: 500 });
      expect(after.players.P1.presence).toBe("disconnected");
      // The same secret retakes the same seat; a new one is refused a seat.
      expect((await second.join("trivia-duel", code, { credential: "secret-two-222" })).seat).toBe("P2");
      expect((await second.join("trivia-duel", code, { credential: "someone-else-333" })).seat).toBeNull();
      // The duel's clock stands still until both are back (docs/games/trivia-duel.md, Decisions D8).
      expect(await second.input(code, { seat: "P2", credential: "secret-two-222" }, { type: "MATCH" })).toMatchObject({
        ok: false,
        code: "clock_stopped",
      });
      expect((await second.join("trivia-duel", code, { credential: "secret-one-111" })).seat).toBe("P1");
      expect((await second.input(code, { seat: "P2", credential: "secret-two-222" }, { type: "MATCH" })).ok).toBe(true);
      expect(((await second.exists(code))!.state as TriviaState).phase).toBe("CLUE");
    });

    it("a Card Table room comes back from the log with hands, prompt and seats intact", async () => {
      let now = 2_000_000_000_000;
      const clock = () => now;
      const cards = gameModules.find((g) => g.rules.id === "card-table")!;
      const mk = () => hostOn(h, clock, [cards]);
      const creds: Record<string, string> = { P1: "ann-credential-1", P2: "bo-credential-2", P3: "cy-credential-3" };
      const as = (seat: string) => ({ seat, credential: creds[seat]! });
      const first = mk();
      const code = await first.createRoom("card-table", { settings: { packIds: ["base"] } });
      for (const who of ["ann-credential-1", "bo-credential-2", "cy-credential-3"])
        expect((await first.join("card-table", code, { credential: who, name: who.slice(0, 3) })).seat).not.toBeNull();
      expect((await first.input(code, as("P1"), { type: "startGame" })).ok).toBe(true);
      now += 1000;
      const before = (await first.exists(code))!.state as { roles: { judge: string }; currentPhase: string };
      expect(
        (await first.input(code, as(before.roles.judge), { type: "draw", deckId: "black", count: 1, toZone: "prompt" }))
          .ok,
      ).toBe(true);
      const live = (await first.exists(code))!.state;
      const second = mk();
      await second.recover();
      const back = (await second.exists(code))!.state as typeof live & { players: { presence: string }[] };
      // Everyone is marked disconnected on recovery; apart from presence the table is the same.
      const strip = (x: unknown) =>
        JSON.parse(JSON.stringify(x), (k, v) =>
          ["presence", "lastSeen", "absentSince", "history", "timers", "pause", "status"].includes(k) ? undefined : v,
        );
      expect(strip(back)).toEqual(strip(live));
      expect(back.players.every((p) => p.presence === "disconnected")).toBe(true);
      // With nobody connected the table pauses for want of players, and resumes as they return.
      expect((back as unknown as { status: string }).status).toBe("paused");
      expect((await second.join("card-table", code, { credential: "bo-credential-2" })).seat).toBe("P2");
      await second.join("card-table", code, { credential: "ann-credential-1" });
      await second.join("card-table", code, { credential: "cy-credential-3" });
      expect(((await second.exists(code))!.state as { status: string }).status).toBe("playing");
    });

    it("closes idle rooms, which then stay closed across a restart", async () => {
      let now = 1_900_000_000_000;
      const clock = () => now;
      const mk = () => hostOn(h, clock);
      const host = mk();
      const code = await host.createRoom("trivia-duel", {});
      await host.join("trivia-duel", code, { credential: "lonely-player-1" });
      now += 60_000;
      expect(await host.closeIdle({ playingMs: 120_000, quietMs: 120_000 })).toBe(0);
      now += 120_000;
      expect(await host.closeIdle({ playingMs: 120_000, quietMs: 120_000 })).toBeGreaterThanOrEqual(1);
      expect(await host.exists(code)).toBeNull();
      const again = mk();
      await again.recover();
      expect(await again.exists(code)).toBeNull();
    });
  });
}
