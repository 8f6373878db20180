/**
 * `npm run cluster -- --nodes N`: N Parlor nodes on the ports after PORT, against Redis and
 * PostgreSQL, behind HAProxy on PORT, for development and for the tests. Everything runs in
 * this process's group: Ctrl-C (or SIGTERM to this process) stops it all, each node
 * gracefully. A node that dies is reported and left dead, so an operator can `kill -9` one
 * and watch the others carry on; HAProxy dying ends the cluster, as nothing is reachable.
 *
 * Options: --nodes N (default 2), --stats-port P (default 8404), --no-build (serve the web
 * build already in WEB_DIR). See "Scale-out topology" in docs/operations.md.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import pg from "pg";
import { SHUTDOWN_DEADLINE_MS } from "../server/config";
import { DRAIN_DELAY_MS, HEALTH_PATH, haproxyConfig } from "./haproxy-config";

export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/parlor";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
export const DEFAULT_STATS_PORT = 8404;
const HAPROXY_CANDIDATES = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"];
/** A node cuts its own stop short at SHUTDOWN_DEADLINE_MS; what is left a little after that is killed. */
const STOP_DEADLINE_MS = SHUTDOWN_DEADLINE_MS + 5_000;

interface Member {
  name: string;
  proc: ChildProcess;
  url?: string;
}
const members: Member[] = [];
let stopping = false;

const { values: args } = parseArgs({
  options: {
    nodes: { type: "string", default: "2" },
    "stats-port": { type: "string", default: String(DEFAULT_STATS_PORT) },
    "no-build": { type: "boolean", default: false },
  },
});
const nodeCount = Number(args.nodes);
if (!Number.isInteger(nodeCount) || nodeCount < 1 || nodeCount > 16) fail("--nodes takes a whole number from 1 to 16");
const port = Number(process.env.PORT || 3000);
const statsPort = Number(args["stats-port"]);
const host = process.env.HOST || "0.0.0.0";
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;

/** Stop with a message; whatever was started so far is told to stop too. */
function fail(message: string): never {
  console.error(`cluster: ${message}`);
  for (const m of members) if (m.proc.exitCode === null && m.proc.signalCode === null) m.proc.kill("SIGTERM");
  process.exit(1);
}

function withoutPassword(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

function say(message: string) {
  console.log(`cluster: ${message}`);
}

/** The database named in `url`, created (from the server's `postgres` database) when missing. */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) fail(`DATABASE_URL names the database "${name}": use letters, digits and _`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (err) {
    fail(`PostgreSQL at ${target.host} does not answer (${(err as Error).message}); is it running?`);
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      say(`created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function checkRedis(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    fail(`Redis at ${url} does not answer (${(err as Error).message}); is it running?`);
  } finally {
    redis.disconnect();
  }
}

function haproxyBinary(): string {
  const found = HAPROXY_CANDIDATES.find((p) => existsSync(p));
  if (!found) fail("HAProxy is not installed: apt-get install -y haproxy (Debian's package)");
  return found;
}

/** Every line a child writes, prefixed with its name. */
function relay(name: string, child: ChildProcess) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) console.log(`[${name}] ${line}`);
    });
  }
}

async function waitReady(url: string, child: ChildProcess, name: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // Already reported, and the cluster is on its way down: let the stop finish.
      if (stopping) await new Promise(() => {});
      fail(`${name} exited while starting`);
    }
    const r = await fetch(`${url}${HEALTH_PATH}`).catch(() => null);
    if (r?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${name} was not ready within two minutes`);
}

const haproxy = haproxyBinary();
await checkRedis(redisUrl);
await ensureDatabase(databaseUrl);
if (!args["no-build"]) {
  say("building the web client once for every node (--no-build skips this)");
  const built = spawnSync("npm", ["run", "build:web"], { stdio: "inherit" });
  if (built.status !== 0) fail("the web build failed");
}

function startNode(i: number): Member {
  const name = `node${i}`;
  const nodePort = port + i;
  const proc = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(nodePort),
      // Only HAProxy (and the operator on this machine) reaches the nodes.
      HOST: "127.0.0.1",
      NODE_NAME: name,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      TRUST_PROXY: "127.0.0.1",
      // Browsers reach the nodes through HAProxy on PORT, not on each node's own port.
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://localhost:${port}`,
      DRAIN_DELAY_MS: process.env.DRAIN_DELAY_MS || String(DRAIN_DELAY_MS),
      // Health checks come every second; request lines would drown everything else.
      LOG_LEVEL: process.env.LOG_LEVEL || "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  relay(name, proc);
  return { name, proc, url: `http://127.0.0.1:${nodePort}` };
}

function watch(m: Member) {
  m.proc.once("exit", (code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (m.name === "haproxy") {
      say(`HAProxy exited (${how}): nothing is reachable, stopping the cluster`);
      void stop(1);
      return;
    }
    const left = members.filter((x) => x.name !== "haproxy" && x.proc.exitCode === null && x.proc.signalCode === null);
    say(
      `${m.name} (pid ${m.proc.pid}) exited (${how}); it is not restarted. ` +
        `${left.length} node(s) carry on behind HAProxy: ${left.map((x) => x.name).join(", ") || "none"}`,
    );
  });
}

async function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  say("stopping every node (gracefully) and HAProxy");
  const alive = members.filter((m) => m.proc.exitCode === null && m.proc.signalCode === null);
  const exits = alive.map((m) => new Promise((r) => m.proc.once("exit", r)));
  for (const m of alive) m.proc.kill("SIGTERM");
  const timer = setTimeout(() => {
    for (const m of alive) if (m.proc.exitCode === null && m.proc.signalCode === null) m.proc.kill("SIGKILL");
  }, STOP_DEADLINE_MS);
  await Promise.all(exits);
  clearTimeout(timer);
  rmSync(configDir, { recursive: true, force: true });
  say("stopped");
  process.exit(exitCode);
}

// Ctrl-C reaches every process in the group at once: the nodes start their own graceful
// stop, and the SIGTERM sent here on top would be their second signal, which cuts it
// short. So SIGINT only waits for them; SIGTERM (sent to this process alone) passes on.
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => {
  if (stopping) return;
  stopping = true;
  say("Ctrl-C: waiting for the nodes to stop");
  const timer = setTimeout(() => {
    for (const m of members) if (m.proc.exitCode === null && m.proc.signalCode === null) m.proc.kill("SIGKILL");
  }, STOP_DEADLINE_MS);
  void Promise.all(
    members.map((m) =>
      m.proc.exitCode !== null || m.proc.signalCode !== null ? null : new Promise((r) => m.proc.once("exit", r)),
    ),
  ).then(() => {
    clearTimeout(timer);
    rmSync(configDir, { recursive: true, force: true });
    say("stopped");
    process.exit(0);
  });
});

const configDir = mkdtempSync(join(tmpdir(), "parlor-cluster-"));
for (let i = 1; i <= nodeCount; i++) {
  const m = startNode(i);
  members.push(m);
  watch(m);
}
for (const m of members) await waitReady(m.url!, m.proc, m.name);

const configFile = join(configDir, "haproxy.cfg");
writeFileSync(
  configFile,
  haproxyConfig({
    bind: `${host === "0.0.0.0" ? "*" : host}:${port}`,
    statsBind: `127.0.0.1:${statsPort}`,
    nodes: members.map((m, i) => ({ name: m.name, address: `127.0.0.1:${port + i + 1}` })),
    comment: [`written by npm run cluster (pid ${process.pid}) for ${nodeCount} node(s)`],
  }),
);
// -db: stay in the foreground, in this process group.
const lb: Member = {
  name: "haproxy",
  proc: spawn(haproxy, ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] }),
};
relay("haproxy", lb.proc);
members.push(lb);
watch(lb);
const front = `http://127.0.0.1:${port}`;
await waitReady(front, lb.proc, "haproxy");

console.log(
  [
    "",
    `Parlor cluster: ${nodeCount} node(s) behind HAProxy`,
    `  play:      http://localhost:${port}`,
    `  HAProxy:   stats at http://127.0.0.1:${statsPort}/ (pid ${lb.proc.pid})`,
    ...members
      .filter((m) => m !== lb)
      .map((m) => `  ${m.name}:${" ".repeat(Math.max(1, 10 - m.name.length))}${m.url} (pid ${m.proc.pid})`),
    `  Redis:     ${redisUrl}`,
    `  Postgres:  ${withoutPassword(databaseUrl)}`,
    "Stop with Ctrl-C. kill -9 a node's pid to watch the others carry on.",
    "",
  ].join("\n"),
);
