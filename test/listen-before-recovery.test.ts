import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { triviaRules } from "../src/games/trivia-duel/index";
import { CODE_ALPHABET } from "../src/platform/codes";
import { connectDb } from "../src/platform/db/connect";
import { migrate } from "../src/platform/db/migrations";
import { spawnServer } from "./support/child-server";
import { until } from "./support/waits";

/**
 * A server restarting on a data directory with many open rooms listens at once and
 * restores them in the background: before, its port stayed closed until the last room was
 * back (30 s and more with 17,000 rooms).
 */
const ROOMS = 6000;
const dir = mkdtempSync(join(tmpdir(), "parlor-listen-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const codeOf = (n: number) =>
  Array.from(
    { length: 6 },
    (_, i) => CODE_ALPHABET[Math.floor(n / CODE_ALPHABET.length ** i) % CODE_ALPHABET.length],
  ).join("");

describe("a restart with many open rooms", () => {
  it("answers at once, says it is recovering, and is ready when every room is back", async () => {
    // The rooms an earlier run left open, written straight into its data directory.
    const h = await connectDb({ dataDir: dir });
    await migrate(h.db as never);
    const options = JSON.stringify(triviaRules.options.parse({}));
    for (let i = 0; i < ROOMS; i += 1000) {
      const rows = Array.from({ length: 1000 }, (_, k) => ({
        uid: randomUUID(),
        code: codeOf(i + k),
        game: "trivia-duel",
        options,
        seed: `seed-${i + k}`,
        time_scale: 1,
        created_at: Date.now(),
        status: "open",
        updated_at: Date.now(),
      }));
      await h.db.insertInto("rooms").values(rows).execute();
    }
    await h.close();

    const server = await spawnServer({ DATA_DIR: dir });
    children.push(server.proc);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { status: string; liveRooms: number };
    expect(health.status).toBe("recovering");
    expect(health.liveRooms).toBeLessThan(ROOMS);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    // A room the loop has not reached yet is there when someone asks for it.
    const last = codeOf(ROOMS - 1);
    expect((await fetch(`${server.url}/api/v1/rooms/${last}`)).status).toBe(200);

    await until("/readyz to say ready", async () => (await fetch(`${server.url}/readyz`)).status === 200, {
      ms: 120_000,
      everyMs: 100,
    });
    const after = (await (await fetch(`${server.url}/healthz`)).json()) as { status: string; liveRooms: number };
    expect(after).toMatchObject({ status: "ok", liveRooms: ROOMS });
  });
});
