import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { freePort, freePorts } from "./support/child-server";
import { describeWithHaproxy, describeWithPostgres, describeWithRedis, postgresUrl, redisUrl } from "./support/needs";
import { alive, socketOpens, until } from "./support/waits";

/** Through HAProxy: the status and the node that answered. */
async function readyz(url: string, query = "") {
  const r = await fetch(`${url}/readyz${query}`);
  await r.body?.cancel();
  return { status: r.status, node: r.headers.get("x-parlor-node") };
}

describeWithHaproxy("npm run cluster", () => {
  describeWithPostgres("on PostgreSQL", () => {
    describeWithRedis("and Redis: two nodes behind HAProxy", () => {
      // A database of its own, which the script creates because it is missing.
      const database = `parlor_cluster_${randomBytes(4).toString("hex")}`;
      // Worked out when the suite runs: its body is also read (and skipped) without DATABASE_URL.
      const admin = () => new URL(postgresUrl!);
      const databaseUrl = () => Object.assign(admin(), { pathname: `/${database}` }).toString();
      let script: ChildProcess | null = null;

      afterAll(async () => {
        // Only if the test failed before stopping it: the whole group, children included.
        if (script?.pid && script.exitCode === null && script.signalCode === null) process.kill(-script.pid, "SIGKILL");
        const client = new pg.Client({ connectionString: admin().toString() });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        await client.end();
      });

      it("starts both nodes and HAProxy, balances across them, outlives a killed node, and stops every child", async () => {
        // HAProxy on the port, the nodes on the two after it.
        const port = await freePorts(3);
        const statsPort = await freePort();
        let output = "";
        script = spawn(
          process.execPath,
          ["--import", "tsx", "src/cli/cluster.ts", "--nodes", "2", "--stats-port", String(statsPort), "--no-build"],
          {
            env: {
              ...process.env,
              PORT: String(port),
              HOST: "127.0.0.1",
              DATABASE_URL: databaseUrl(),
              REDIS_URL: redisUrl,
              // The name players would use: the script hands it to every node.
              PUBLIC_ORIGIN: "http://parlor.test",
            },
            stdio: ["ignore", "pipe", "pipe"],
            // Its own process group, as a terminal would give it (and so cleanup can reach all of it).
            detached: true,
          },
        );
        script.stdout?.on("data", (d) => (output += d));
        script.stderr?.on("data", (d) => (output += d));
        const exited = new Promise<number | null>((r) => script!.once("exit", (code) => r(code)));

        await until(
          "the cluster's banner",
          () => {
            if (script!.exitCode !== null) throw new Error(`the script exited:\n${output}`);
            return output.includes("Stop with Ctrl-C");
          },
          { ms: 120_000 },
        );
        expect(output).toContain(`created the database ${database}`);
        const pids = Object.fromEntries(
          [...output.matchAll(/^ {2}(node\d|HAProxy):.*\(pid (\d+)\)$/gm)].map((m) => [m[1]!, Number(m[2])]),
        );
        expect(Object.keys(pids).sort()).toEqual(["HAProxy", "node1", "node2"]);
        const front = `http://127.0.0.1:${port}`;

        // Round robin: both nodes answer through the one port.
        const seen = new Set<string | null>();
        for (let i = 0; i < 6; i++) {
          const r = await readyz(front);
          expect(r.status).toBe(200);
          seen.add(r.node);
        }
        expect([...seen].sort()).toEqual(["node1", "node2"]);
        // A request that names its room (as every socket of the web client does) goes to the
        // node the room's code hashes to, every time; codes spread over both nodes.
        const homes = new Map<string, Set<string | null>>();
        for (const code of ["ABCDEF", "QWERTY", "ZXCVBN", "PLMOKN", "HJKLUI", "TREWQA"])
          for (let i = 0; i < 4; i++) {
            const r = await readyz(front, `?room=${code}`);
            homes.set(code, (homes.get(code) ?? new Set()).add(r.node));
          }
        for (const [code, nodes] of homes) expect({ code, nodes: nodes.size }).toEqual({ code, nodes: 1 });
        expect(new Set([...homes.values()].flatMap((n) => [...n])).size).toBe(2);
        expect(await socketOpens(front)).toBe(true);
        expect(await socketOpens(front)).toBe(true);
        // Pages served through HAProxy connect: from the public origin every node was given, by
        // address and as localhost (on HAProxy's port, not a node's); a page on a name that only
        // matches the Host does not.
        const page = (origin: string, host: string) => socketOpens(front, "/cards", { origin, host });
        expect(await page("http://parlor.test", "parlor.test")).toBe(true);
        expect(await page(`http://localhost:${port}`, `localhost:${port}`)).toBe(true);
        expect(await page(front, `127.0.0.1:${port}`)).toBe(true);
        expect(await page(`http://rebound.example:${port}`, `rebound.example:${port}`)).toBe(false);
        expect((await fetch(`http://127.0.0.1:${statsPort}/`)).status).toBe(200);

        // kill -9 one node: the script says so and keeps the rest running; HAProxy answers from the other.
        process.kill(pids.node1!, "SIGKILL");
        await until("the script's word on node1", () => /node1 \(pid \d+\) exited \(signal SIGKILL\)/.test(output), {
          ms: 10_000,
        });
        for (let i = 0; i < 6; i++) expect(await readyz(front)).toEqual({ status: 200, node: "node2" });
        expect(await socketOpens(front)).toBe(true);
        expect(script.exitCode).toBeNull();
        expect(alive(pids.node2!) && alive(pids.HAProxy!)).toBe(true);

        // SIGTERM to the script: every child goes with it.
        script.kill("SIGTERM");
        expect(await exited).toBe(0);
        expect(output).toContain("cluster: stopped");
        for (const [name, pid] of Object.entries(pids))
          expect({ name, alive: alive(pid) }).toEqual({ name, alive: false });
      });
    });
  });
});
