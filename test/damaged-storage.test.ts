import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIZES_FILE } from "../src/platform/db/data-dir-check";
import { runUntilExit, spawnServer } from "./support/child-server";
import { until } from "./support/waits";

/**
 * A real PGlite data directory, made by the real server (started, given an open room, then
 * stopped gracefully), damaged the ways disks and hurried people damage them. The server
 * must refuse to start on it, saying which directory and what is wrong, and must change
 * nothing in it; a running server's health checks must fail when its files are cut short.
 */
const root = mkdtempSync(join(tmpdir(), "parlor-damaged-"));
const pristine = join(root, "pristine");
/** The rooms table's file, relative to the data directory (base/<db>/<relfilenode>). */
let roomsFile: string;
let roomCode: string;

async function stop(proc: import("node:child_process").ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (c) => resolve(c)));
  proc.kill(signal);
  return exited;
}

beforeAll(async () => {
  const first = await spawnServer({ DATA_DIR: pristine });
  const made = await fetch(`${first.url}/api/v1/trivia/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  roomCode = ((await made.json()) as { roomId: string }).roomId;
  expect(await stop(first.proc, "SIGTERM")).toBe(0);
  // Opening a data directory changes it, so the table's file is looked up in a copy.
  const probe = join(root, "probe");
  cpSync(pristine, probe, { recursive: true });
  const lite = await PGlite.create(probe);
  roomsFile = ((await lite.query("SELECT pg_relation_filepath('rooms') AS p")).rows[0] as { p: string }).p;
  await lite.close();
  rmSync(probe, { recursive: true, force: true });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A copy of the pristine directory, damaged by `how`. */
function damaged(name: string, how: (dir: string) => void): string {
  const dir = join(root, name);
  cpSync(pristine, dir, { recursive: true });
  how(dir);
  return dir;
}

/** Every file under `dir` with a hash of its content. */
function contents(dir: string, under = dir, out = new Map<string, string>()): Map<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) contents(full, under, out);
    else out.set(relative(under, full), createHash("sha256").update(readFileSync(full)).digest("hex"));
  }
  return out;
}

const cutShort = (dir: string, file: string, bytes: number) => truncateSync(join(dir, file), bytes);
const newestWalSegment = (dir: string) =>
  `pg_wal/${readdirSync(join(dir, "pg_wal"))
    .filter((f) => /^[0-9A-F]{24}$/.test(f))
    .sort()
    .at(-1)}`;

describe("a data directory the server cannot read", () => {
  it("is read as it was left: the undamaged copy starts, with its open room", async () => {
    const dir = damaged("untouched", () => {});
    const s = await spawnServer({ DATA_DIR: dir });
    try {
      const found = await fetch(`${s.url}/api/v1/rooms/${roomCode}`);
      expect(found.status).toBe(200);
    } finally {
      await stop(s.proc, "SIGKILL");
    }
  });

  const cases: [string, (dir: string) => string][] = [
    [
      "a table's file cut short",
      (dir) => {
        cutShort(dir, roomsFile, 0);
        return roomsFile;
      },
    ],
    [
      "a WAL segment cut short",
      (dir) => {
        const segment = newestWalSegment(dir);
        cutShort(dir, segment, statSync(join(dir, segment)).size / 2);
        return segment;
      },
    ],
    [
      "pg_control cut short",
      (dir) => {
        cutShort(dir, "global/pg_control", 100);
        return "global/pg_control";
      },
    ],
  ];
  for (const [what, damage] of cases)
    it(`${what}: exits with 1 naming the directory and the file, and writes nothing`, async () => {
      let file = "";
      const dir = damaged(what.replace(/\W+/g, "-"), (d) => {
        file = damage(d);
      });
      const before = contents(dir);
      const run = await runUntilExit({ DATA_DIR: dir });
      expect(run.code, run.output).toBe(1);
      expect(run.output).toContain(`The data directory ${dir} cannot be read`);
      expect(run.output).toContain(file);
      expect(run.output).toMatch(/truncated/);
      expect(run.output).not.toMatch(/Aborted\(\)/);
      expect(contents(dir)).toEqual(before);
    });

  it("a table's file cut short with no record of sizes (as after a crash) is found through its index", async () => {
    const dir = damaged("no-record", (d) => {
      rmSync(join(d, SIZES_FILE), { force: true });
      cutShort(d, roomsFile, 0);
    });
    const run = await runUntilExit({ DATA_DIR: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(`The data directory ${dir} cannot be read`);
    expect(run.output).toMatch(/the table rooms has rows its index \w+ names but its file does not hold/);
    // PostgreSQL had to open this one to look; the table's file itself is as it was left.
    expect(statSync(join(dir, roomsFile)).size).toBe(0);
  });
});

describe("storage damaged under a running server", () => {
  it("fails /healthz and /readyz with a reason naming the table's file", async () => {
    const dir = damaged("running", () => {});
    const s = await spawnServer({ DATA_DIR: dir });
    try {
      expect(await (await fetch(`${s.url}/healthz`)).json()).toMatchObject({ status: "ok" });
      cutShort(dir, roomsFile, 0);
      const health = await until(
        "a failing health check",
        async () => {
          const r = await fetch(`${s.url}/healthz`);
          return r.status === 503 ? ((await r.json()) as { status: string; error: string }) : null;
        },
        { ms: 10_000 },
      );
      expect(health.status).toBe("unavailable");
      expect(health.error).toContain(`rooms's file ${roomsFile}`);
      expect(health.error).toMatch(/storage cannot be read/);
      expect((await fetch(`${s.url}/readyz`)).status).toBe(503);
    } finally {
      await stop(s.proc, "SIGKILL");
    }
  });
});
