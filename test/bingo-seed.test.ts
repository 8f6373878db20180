import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { generateDaily } from "../src/games/cricket-bingo/generate";
import { dailySeed, utcDate } from "../src/games/cricket-bingo/seed";
import { connectDb } from "../src/platform/db/connect";
import { migrate } from "../src/platform/db/migrations";
import { DeploymentSecrets } from "../src/platform/deployment-secrets";
import { startServer, type TestServer } from "./support/server";

/**
 * The daily deck cannot be worked out offline: the date seed mixes in a secret of the
 * deployment (DAILY_SEED_SECRET, or one generated at first start and kept in the
 * database), so the open source and the date alone do not give today's deck, while every
 * player of one deployment still gets the same puzzle.
 */
const today = utcDate(Date.now());
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function start(env: Record<string, string> = {}) {
  const s = await startServer(env);
  servers.push(s);
  return s;
}

async function firstCard(url: string) {
  const r = await fetch(`${url}/api/v1/bingo/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ gridSize: 3 }),
  });
  const body = (await r.json()) as { state: { grid: { id: string }[]; currentPlayer: { id: string } } };
  return { grid: body.state.grid.map((c) => c.id), card: body.state.currentPlayer.id };
}
const dayFace = (secret?: string) => {
  const day = generateDaily(today, 3, secret === undefined ? {} : { secret });
  return { grid: day.grid.map((c) => c.id), card: day.dailyDeck[0]!.id };
};

describe("Cricket Bingo's date seed", () => {
  it("mixes in a secret: another secret, another deck; the same secret, the same day", () => {
    const a = generateDaily("2027-06-01", 4, { secret: "one deployment's secret" });
    expect(generateDaily("2027-06-01", 4, { secret: "one deployment's secret" })).toEqual(a);
    const b = generateDaily("2027-06-01", 4, { secret: "another deployment's secret" });
    const open = generateDaily("2027-06-01", 4);
    for (const other of [b, open]) {
      expect(other.seed).not.toBe(a.seed);
      expect(other.dailyDeck.map((p) => p.id)).not.toEqual(a.dailyDeck.map((p) => p.id));
    }
    expect(a.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(a.seed).not.toBe(dailySeed("2027-06-01"));
  });

  it("without DAILY_SEED_SECRET, a server makes one at first start, keeps it, and deals from it", async () => {
    const s = await start();
    const kept = await sql<{ value: string }>`SELECT value FROM parlor_settings
      WHERE key = 'secret:daily-seed'`.execute(s.db);
    expect(kept.rows).toHaveLength(1);
    const secret = kept.rows[0]!.value;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const dealt = await firstCard(s.url);
    expect(dealt).toEqual(dayFace(secret));
    // The date and the open source alone do not give it.
    expect(dealt).not.toEqual(dayFace());
    const daily = (await (await fetch(`${s.url}/api/v1/bingo/daily?size=3`)).json()) as { grid: { id: string }[] };
    expect(daily.grid.map((c) => c.id)).toEqual(dealt.grid);
  });

  it("with DAILY_SEED_SECRET, deals from that and stores none", async () => {
    const secret = "an operator's own daily seed secret";
    const s = await start({ DAILY_SEED_SECRET: secret });
    expect(await firstCard(s.url)).toEqual(dayFace(secret));
    const kept = await sql`SELECT value FROM parlor_settings WHERE key = 'secret:daily-seed'`.execute(s.db);
    expect(kept.rows).toHaveLength(0);
  });

  it("a kept secret is the same for every later start on the same database", async () => {
    const h = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
    try {
      await migrate(h.db as never, {});
      const first = await new DeploymentSecrets(h.db as never, {}).get("daily-seed");
      const again = await new DeploymentSecrets(h.db as never, {}).get("daily-seed");
      expect(again).toBe(first);
      expect(await new DeploymentSecrets(h.db as never, {}).get("other")).not.toBe(first);
      const configured = new DeploymentSecrets(h.db as never, { "daily-seed": "from the environment, 16+" });
      expect(await configured.get("daily-seed")).toBe("from the environment, 16+");
    } finally {
      await h.close();
    }
  });
});
