import { type ChildProcess, spawn } from "node:child_process";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LogEntry } from "../src/engine/replay";
import { replay } from "../src/engine/replay";
import type { AnyRules, From } from "../src/engine/rules";
import { gameModules } from "../src/games/registry";
import { connectDb, type DbHandle } from "../src/platform/db/connect";
import { InputLog } from "../src/platform/input-log";
import { RedisLiveStore } from "../src/platform/redis-live-store";
import { freePort, freePorts } from "./support/child-server";
import { ackedInputsMissingFromLog, type Fleet, type FleetGame, startFleet } from "./support/cluster-bots";
import { describeWithHaproxy, describeWithPostgres, describeWithRedis, postgresUrl, redisUrl } from "./support/needs";
import { freshDatabase } from "./support/pg-database";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";
import { alive, until } from "./support/waits";

/**
 * `kill -9` of one of two nodes behind HAProxy (started by `npm run cluster`, as an operator
 * would) while 30 games are being played through HAProxy on both: every game still ends,
 * nothing acknowledged is lost, nothing is applied twice, every timer fires once, and the
 * dead node's players come back through HAProxy to the seats they had.
 *
 * Every room game plays. Each room's clients come from an address of their own (the nodes
 * trust HAProxy and the loopback, as `npm run cluster` sets them up), so the per-address
 * allowances of the routes that seat players count per room, as for players at home.
 */
/** Every game kind several times over, on both nodes: enough for the kill to cut dozens of games short. */
const GAMES = 30;
const MIX: Partial<Record<FleetGame, number>> = { "trivia-duel": 2, "card-table": 1, outrank: 1, "serpent-race": 1 };
const PLAYERS: Partial<Record<FleetGame, number>> = { "card-table": 3, outrank: 2, "serpent-race": 2 };
/** Trivia's reconnect grace is 30 s × this: 7.5 s, well past HAProxy's ~2 s to mark a node down plus a reconnect. */
const TIME_SCALE = 0.25;
const RAISED = "100000";

const prefix = testPrefix("failover");
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let script: ChildProcess | null = null;
let output = "";
let db: DbHandle | undefined;
let redis: Redis | undefined;

beforeAll(async () => {
  if (!postgresUrl || !redisUrl) return;
  database = await freshDatabase("failover");
  redis = redisClient();
});

afterAll(async () => {
  if (script?.pid && script.exitCode === null && script.signalCode === null) {
    const exited = new Promise((r) => script!.once("exit", r));
    script.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (script.exitCode === null && script.signalCode === null) process.kill(-script.pid, "SIGKILL");
  }
  await db?.close();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
  await database?.drop();
});

/** Start `npm run cluster -- --nodes 2` on free ports; the pids it prints. */
async function startCluster(port: number): Promise<Record<string, number>> {
  script = spawn(
    process.execPath,
    ["--import", "tsx", "src/cli/cluster.ts", "--nodes", "2", "--stats-port", String(await freePort()), "--no-build"],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database!.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        TIME_SCALE: String(TIME_SCALE),
        // Every bot reaches the nodes from HAProxy's one address.
        SOCKET_JOINS_PER_MINUTE: RAISED,
        ROOMS_PER_MINUTE: RAISED,
        REST_PER_MINUTE: RAISED,
        AUTH_PER_MINUTE: RAISED,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  script.stdout?.on("data", (d) => (output += d));
  script.stderr?.on("data", (d) => (output += d));
  await until(
    "the cluster's banner",
    () => {
      if (script!.exitCode !== null) throw new Error(`the script exited:\n${output}`);
      return output.includes("Stop with Ctrl-C");
    },
    { ms: 90_000 },
  );
  return Object.fromEntries(
    [...output.matchAll(/^ {2}(node\d|HAProxy):.*\(pid (\d+)\)$/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
}

/** Each room's log against its final live state: gap-free, replays to it, no tick that changes nothing. */
async function checkRoom(live: RedisLiveStore, log: InputLog, code: string) {
  const rec = await live.get(code);
  if (!rec) return { code, problem: "not in the live store" };
  const game = gameModules.find((g) => g.rules.id === rec.game)!;
  await game.prepare?.(rec.origin.options, { db: db!.db, now: Date.now });
  const rows = await log.inputs(rec.uid);
  const problems: string[] = [];
  if (rows.some((r, i) => r.seq !== i + 1)) problems.push(`seqs ${rows.map((r) => r.seq).join(",")}`);
  if (rec.seq !== rows.length) problems.push(`live seq ${rec.seq}, ${rows.length} rows`);
  const rules = game.rules as AnyRules;
  let state = replay<unknown>(rules, rec.origin, []);
  for (const row of rows) {
    const entry: LogEntry =
      row.kind === "tick"
        ? { kind: "tick", at: row.at }
        : { kind: "act", from: row.actor as From, intent: row.intent, at: row.at };
    const before = JSON.stringify(state);
    state = step(rules, state, entry);
    if (row.kind === "tick" && JSON.stringify(state) === before) problems.push(`tick ${row.seq} changed nothing`);
  }
  if (JSON.stringify(JSON.parse(JSON.stringify(state))) !== JSON.stringify(rec.state))
    problems.push("replay differs from the live state");
  return {
    code,
    problem: problems.join("; ") || null,
    rows: rows.length,
    ticks: rows.filter((r) => r.kind === "tick").length,
  };
}

function step(rules: AnyRules, state: unknown, entry: LogEntry): unknown {
  if (entry.kind === "tick") return rules.tick(state, entry.at).state;
  const s = rules.act(state, entry.from, entry.intent, entry.at);
  if ("error" in s) throw new Error(`logged input refused on replay: ${s.error.code}`);
  return s.state;
}

describeWithHaproxy("kill -9 of a node behind HAProxy", () => {
  describeWithPostgres("on PostgreSQL", () => {
    describeWithRedis("and Redis", () => {
      it(`${GAMES} games through HAProxy on two nodes outlive one of them`, async () => {
        // HAProxy on the port, the nodes on the two after it.
        const port = await freePorts(3);
        const pids = await startCluster(port);
        expect(Object.keys(pids).sort()).toEqual(["HAProxy", "node1", "node2"]);
        const front = `http://127.0.0.1:${port}`;

        const startedAt = Date.now();
        const fleet: Fleet = startFleet({
          baseUrl: front,
          games: GAMES,
          mix: MIX,
          players: PLAYERS,
          timeScale: TIME_SCALE,
          setupConcurrency: 8,
          seed: 14,
          addressPerRoom: true,
        });
        await fleet.seated;
        const seatedAt = Date.now();
        // Play under way in half the rooms or more, then the node goes, mid-game for most.
        await until(
          "play under way",
          () => {
            const rooms = fleet.progress();
            return rooms.filter((p) => p.acked > 0 || p.finished).length >= rooms.length * 0.5;
          },
          { ms: 30_000 },
        );
        const liveAtKill = fleet.progress().filter((p) => !p.finished).length;
        const ackedAtKill = fleet.progress().reduce((n, p) => n + p.acked, 0);
        const killedAt = Date.now();
        process.kill(pids.node1!, "SIGKILL");
        await until("the script's word on node1", () => /node1 \(pid \d+\) exited \(signal SIGKILL\)/.test(output), {
          ms: 10_000,
        });

        // When each bot that lost its socket was seated again (ms after the kill).
        const backAfter: number[] = [];
        const counted = new Map<unknown, number>();
        const watch = setInterval(() => {
          for (const b of fleet.bots()) {
            if (b.reconnects > (counted.get(b) ?? 0)) backAfter.push(Date.now() - killedAt);
            counted.set(b, b.reconnects);
          }
        }, 50);
        const summary = await fleet.done;
        clearInterval(watch);

        const bots = fleet.bots();
        const movedBots = bots.filter((b) => b.reconnects > 0).length;
        console.log(
          `failover: seated ${seatedAt - startedAt} ms after the start; ${GAMES} games (${JSON.stringify(summary.planned)}), ${liveAtKill} live at the kill ` +
            `(${ackedAtKill} inputs acked by then); inputs ${JSON.stringify(summary.inputs)}; ` +
            `${movedBots} of ${bots.length} bots reconnected (${summary.reconnects} times), seated again ` +
            `${backAfter.sort((x, y) => x - y)[Math.floor(backAfter.length / 2)]} ms (median) and ` +
            `${backAfter.at(-1)} ms (last) after the kill; fleet ${summary.durationMs} ms`,
        );

        // Every game finished, as its own rules end it: no forfeit, no bot gave up.
        if (summary.unfinished.length)
          console.log(
            output
              .split("\n")
              .filter((l) => /died|resent|error|warn/i.test(l))
              .join("\n"),
          );
        expect(summary.unfinished).toEqual([]);
        expect(summary.finished).toEqual(summary.planned);
        expect(bots.filter((b) => b.failed || /forfeit/i.test(b.outcome ?? ""))).toEqual([]);
        // The kill came mid-game, and the dead node's players were seated again through HAProxy.
        expect(liveAtKill).toBeGreaterThan(GAMES / 2);
        expect(movedBots).toBeGreaterThan(bots.length / 4);
        // The survivors and HAProxy carried on.
        expect(alive(pids.node2!) && alive(pids.HAProxy!)).toBe(true);

        // Every acknowledged input is in the log, each matched to its own row.
        db = await connectDb({ databaseUrl: database!.url, dataDir: "unused" });
        expect(summary.acked.length).toBe(summary.inputs.acked);
        expect(await ackedInputsMissingFromLog(db.db, summary.acked)).toEqual([]);

        // Once node2 has noticed the death (its presence sweep drops node1 from the set of
        // nodes after resyncing every room node1 worked on, which applies any row node1
        // logged but never stored), each room's log is one gap-free sequence that replays
        // to its live state, with no tick a second firing of a timer would have left.
        await until("node2 noticing node1's death", async () => (await redis!.scard(`${prefix}nodes`)) === 1, {
          ms: 60_000,
        });
        const live = new RedisLiveStore(redis!, prefix);
        const log = new InputLog(db.db, { shared: true });
        const checks = [];
        for (const r of summary.rooms) checks.push(await checkRoom(live, log, r.room));
        expect(checks.filter((c) => c.problem)).toEqual([]);
        expect(checks.reduce((n, c) => n + (c.ticks ?? 0), 0)).toBeGreaterThan(GAMES);
      });
    });
  });
});
