import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBank } from "../src/games/trivia-duel/fixtures";
import { triviaModule } from "../src/games/trivia-duel/index";
import { createTriviaRules } from "../src/games/trivia-duel/rules";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { connectDb, type DbHandle } from "../src/platform/db/connect";
import { migrate } from "../src/platform/db/migrations";
import { InputLog, type InputRow } from "../src/platform/input-log";
import { Journal } from "../src/platform/journal";
import { MemoryLiveStore } from "../src/platform/live-store";
import { recoverRooms } from "../src/platform/recovery";
import { type Publisher, RoomHost } from "../src/platform/room-host";
import { JOURNAL_FILE } from "../src/server/app";
import { spawnServer } from "./support/child-server";
import { until } from "./support/waits";

/** Trivia Duel on the tests' own question bank. */
const game = { ...triviaModule, rules: createTriviaRules(testBank) };
const quietPublisher: Publisher = { publish() {}, publishViews() {} };
const act = (seq: number, n = seq): InputRow => ({
  seq,
  at: 1000 + seq,
  kind: "act",
  actor: "P1",
  intent: { type: "X", n },
  meta: null,
});

describe("the embedded input journal", () => {
  let h: DbHandle;
  let dir: string;
  beforeAll(async () => {
    h = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
    await migrate(h.db as never);
    dir = mkdtempSync(join(tmpdir(), "parlor-journal-"));
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const journalPath = () => join(dir, `${randomUUID()}.ndjson`);
  async function roomIn(log: InputLog) {
    const uid = randomUUID();
    // Open rooms' codes are unique: each test's room has its own.
    const code = `J${uid.slice(0, 5).toUpperCase()}`;
    await log.createRoom({ uid, code, game: "g", options: {}, seed: "s", timeScale: 1, createdAt: 1 });
    return uid;
  }

  /** A log journaled to a file of its own (`opts` as InputLog takes them) and a room in it. */
  async function journaled(opts: { copyMs?: number } = {}) {
    const path = journalPath();
    const log = new InputLog(h.db, { journal: Journal.open(path), ...opts });
    return { path, log, uid: await roomIn(log) };
  }

  it("acknowledges a row once it is in the file, then copies it to the database and empties the file", async () => {
    const { path, log, uid } = await journaled();
    await log.append(uid, act(1));
    await log.append(uid, act(2));
    // Acknowledged: on disk already, in order, whatever the database has done so far.
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).row.seq)).toEqual([1, 2]);
    await log.drain();
    expect((await log.inputs(uid)).map((r) => r.intent)).toEqual([
      { type: "X", n: 1 },
      { type: "X", n: 2 },
    ]);
    expect(statSync(path).size).toBe(0);
    await log.shutdown();
  });

  it("after a crash, a restart copies the journal in, skipping rows the database already had and a torn last line", async () => {
    // The background copy waits longer than this test, as if the process died first.
    const { path, log: first, uid } = await journaled({ copyMs: 600_000 });
    await first.append(uid, act(1));
    await first.drain(); // row 1 reached the database; the file is empty again
    await first.append(uid, act(2));
    await first.append(uid, act(3));
    // The process dies here: rows 2 and 3 are only in the journal, and a write was cut short.
    appendFileSync(path, '{"roomUid":"');
    expect((await first.inputs(uid)).map((r) => r.seq)).toEqual([1]);

    const second = new InputLog(h.db, { journal: Journal.open(path) });
    expect(await second.restoreJournal()).toMatchObject({ restored: 2, setAside: 1 });
    expect((await second.inputs(uid)).map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(statSync(path).size).toBe(0);
    // Restoring twice (a crash during the first restore) changes nothing.
    appendFileSync(path, `${JSON.stringify({ roomUid: uid, row: act(2, 99) })}\n`);
    expect(await second.restoreJournal()).toEqual({ restored: 1, setAside: 0, setAsideFile: null });
    expect((await second.inputs(uid)).map((r) => r.intent)).toEqual([
      { type: "X", n: 1 },
      { type: "X", n: 2 },
      { type: "X", n: 3 },
    ]);
    await second.shutdown();
  });

  it("restores every readable row around a damaged middle line and a row the database refuses, and sets both aside", async () => {
    const { path, log, uid } = await journaled({ copyMs: 600_000 });
    await log.append(uid, act(1));
    appendFileSync(path, "#### a line a disk error garbled ####\n");
    await log.append(uid, act(2));
    // Well-formed, but its room is in no catalogue: the database refuses it (foreign key).
    appendFileSync(path, `${JSON.stringify({ roomUid: "no-such-room", row: act(1) })}\n`);
    appendFileSync(path, `${JSON.stringify({ roomUid: uid, row: { seq: "three" } })}\n`);
    await log.append(uid, act(3));

    const restart = new InputLog(h.db, { journal: Journal.open(path) });
    const r = await restart.restoreJournal(42);
    expect(r).toMatchObject({ restored: 3, setAside: 3 });
    expect((await restart.inputs(uid)).map((x) => x.seq)).toEqual([1, 2, 3]);
    const aside = readFileSync(r.setAsideFile!, "utf8").trim().split("\n");
    expect(aside).toHaveLength(3);
    expect(aside.join("\n")).toContain("a disk error garbled");
    expect(aside.join("\n")).toContain("no-such-room");
    expect(statSync(path).size).toBe(0);
    await restart.shutdown();
  });

  it("refuses every append once the file cannot be written, so nothing is acknowledged unlogged", async () => {
    const journal = Journal.open(journalPath());
    const log = new InputLog(h.db, { journal });
    const uid = await roomIn(log);
    await log.append(uid, act(1));
    journal.close(); // the descriptor is gone: the next write fails
    await expect(log.append(uid, act(2))).rejects.toThrow();
    expect(log.broken).not.toBeNull();
    await expect(log.append(uid, act(3))).rejects.toThrow();
    await log.drain();
    expect((await log.inputs(uid)).map((r) => r.seq)).toEqual([1]);
  });

  it("a room whose last inputs were only journaled comes back whole after a crash", async () => {
    const path = journalPath();
    let now = 2_100_000_000_000;
    const clock = () => now;
    const host = (log: InputLog) =>
      new RoomHost({ games: [game], live: new MemoryLiveStore(), log, publisher: quietPublisher, timeScale: 1, clock });
    const first = host(new InputLog(h.db, { journal: Journal.open(path), copyMs: 600_000 }));
    const code = await first.createRoom("trivia-duel", {});
    await first.join("trivia-duel", code, { credential: "journal-one-111" });
    await first.join("trivia-duel", code, { credential: "journal-two-222" });
    now += 3000;
    await first.fire(code);
    expect(
      (await first.input(code, { seat: "P1", credential: "journal-one-111" }, { type: "BET", amount: 50 })).ok,
    ).toBe(true);
    const before = (await first.exists(code))!.state as TriviaState;
    // Killed before the background copy ran: the database lacks the newest rows.
    const log = new InputLog(h.db, { journal: Journal.open(path) });
    expect((await log.restoreJournal()).restored).toBeGreaterThan(0);
    const second = host(log);
    expect(await recoverRooms(second, log, { now: clock })).toBeGreaterThanOrEqual(1);
    const after = (await second.exists(code))!.state as TriviaState;
    expect(after.betting).toEqual(before.betting);
    expect(after.balances).toEqual({ P1: 450, P2: 500 });
    expect((await second.join("trivia-duel", code, { credential: "journal-two-222" })).seat).toBe("P2");
    expect((await second.join("trivia-duel", code, { credential: "journal-one-111" })).seat).toBe("P1");
    expect((await second.input(code, { seat: "P2", credential: "journal-two-222" }, { type: "MATCH" })).ok).toBe(true);
    await log.shutdown();
  });
});

describe("a journal deleted after a crash", () => {
  const dir = mkdtempSync(join(tmpdir(), "parlor-journal-lost-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const stop = (proc: import("node:child_process").ChildProcess, signal: NodeJS.Signals) => {
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (c) => resolve(c)));
    proc.kill(signal);
    return exited;
  };
  const health = async (url: string) => (await (await fetch(`${url}/healthz`)).json()) as { warnings?: string[] };
  /** The error-level log lines (pino level 50) a server printed. */
  const errors = (output: string) =>
    output
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: number; msg: string; file?: string })
      .filter((l) => l.level >= 50);

  it("is reported at the next start, in the log at error level and in /healthz; a graceful stop's is not", async () => {
    const first = await spawnServer({ DATA_DIR: dir });
    const made = await fetch(`${first.url}/api/v1/trivia/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const { roomId } = (await made.json()) as { roomId: string };
    await stop(first.proc, "SIGKILL");
    const journal = join(dir, JOURNAL_FILE);
    expect(existsSync(journal)).toBe(true);
    rmSync(journal);

    const second = await spawnServer({ DATA_DIR: dir });
    const said = await until(
      "the error line",
      () => (errors(second.output()).length ? errors(second.output()) : null),
      { ms: 10_000 },
    );
    expect(said).toHaveLength(1);
    expect(said[0]!.file).toBe(journal);
    expect(said[0]!.msg).toContain(journal);
    expect(said[0]!.msg).toMatch(/inputs acknowledged .* are lost/);
    expect(said[0]!.msg).toContain(roomId);
    expect((await health(second.url)).warnings).toEqual([said[0]!.msg]);
    // Stopped gracefully, every row is in the database: a journal deleted now loses nothing.
    expect(await stop(second.proc, "SIGTERM")).toBe(0);
    rmSync(journal);
    const third = await spawnServer({ DATA_DIR: dir });
    expect(errors(third.output())).toEqual([]);
    expect((await health(third.url)).warnings).toBeUndefined();
    await stop(third.proc, "SIGKILL");
  }, 300_000); // three servers start one after another
});
