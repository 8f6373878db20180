import { readFileSync } from "node:fs";
import { BlockList } from "node:net";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  COMPOSE_NODE_PORT,
  COMPOSE_PORT,
  COMPOSE_STATS_PORT,
  composeHaproxyConfig,
  DRAIN_DELAY_MS,
  HEALTH_PATH,
} from "../src/cli/haproxy-config";
import { Config, loadConfig, SHUTDOWN_DEADLINE_MS } from "../src/server/config";

/**
 * deploy/ is for operators and is not run here (no Docker on this machine): these checks
 * keep it saying what the tested `npm run cluster` does.
 */
const compose = parse(readFileSync("deploy/compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, Record<string, unknown>>;
  networks: Record<string, { ipam: { config: { subnet: string }[] } }>;
};
const haproxyCfg = readFileSync("deploy/haproxy.cfg", "utf8");
const dockerfile = readFileSync("deploy/Dockerfile", "utf8");
const settings = new Set(Object.keys(Config.shape));
const nodeNames = Object.keys(compose.services).filter((s) => /^node\d+$/.test(s));
const nodeEnv = (name: string) => compose.services[name]!.environment as Record<string, string>;
const seconds = (d: string) => Number(d.match(/^(\d+)s$/)![1]);

describe("deploy/ agrees with the code and with npm run cluster", () => {
  it("has several nodes, and haproxy.cfg is what the cluster script's generator writes for them", () => {
    expect(nodeNames.length).toBeGreaterThanOrEqual(2);
    expect(haproxyCfg).toBe(composeHaproxyConfig(nodeNames));
    expect(haproxyCfg).toContain(`http-check send meth GET uri ${HEALTH_PATH}`);
    for (const n of nodeNames) expect(haproxyCfg).toContain(`server ${n} ${n}:${COMPOSE_NODE_PORT}`);
  });

  it("gives every node only settings config.ts knows, valid ones, its own name and the node port", () => {
    for (const n of nodeNames) {
      const env = nodeEnv(n);
      for (const key of Object.keys(env)) expect({ n, key, known: settings.has(key) }).toEqual({ n, key, known: true });
      const config = loadConfig(env);
      expect(config.NODE_NAME).toBe(n);
      expect(config.PORT).toBe(COMPOSE_NODE_PORT);
      expect(config.DATABASE_URL).toBeDefined();
      expect(config.REDIS_URL).toBeDefined();
      expect(config.DRAIN_DELAY_MS).toBe(DRAIN_DELAY_MS);
    }
  });

  it("points the nodes at the compose PostgreSQL and Redis with the credentials PostgreSQL is given", () => {
    const pg = compose.services.postgres!.environment as Record<string, string>;
    for (const n of nodeNames) {
      const db = new URL(nodeEnv(n).DATABASE_URL!);
      expect([db.hostname, db.username, db.password, db.pathname]).toEqual([
        "postgres",
        pg.POSTGRES_USER,
        pg.POSTGRES_PASSWORD,
        `/${pg.POSTGRES_DB}`,
      ]);
      expect(new URL(nodeEnv(n).REDIS_URL!).hostname).toBe("redis");
    }
  });

  it("trusts X-Forwarded-For from HAProxy's fixed address only, inside the compose network", () => {
    const haproxy = compose.services.haproxy!;
    const address = (haproxy.networks as Record<string, { ipv4_address: string }>).parlor!.ipv4_address;
    const [net, bits] = compose.networks.parlor!.ipam.config[0]!.subnet.split("/") as [string, string];
    const subnet = new BlockList();
    subnet.addSubnet(net, Number(bits), "ipv4");
    expect(subnet.check(address, "ipv4")).toBe(true);
    for (const n of nodeNames) expect(nodeEnv(n).TRUST_PROXY).toBe(`${address}/32`);
  });

  it("publishes HAProxy's player and statistics ports, and mounts the checked configuration", () => {
    const haproxy = compose.services.haproxy!;
    expect(haproxy.ports).toEqual([
      `${COMPOSE_PORT}:${COMPOSE_PORT}`,
      `127.0.0.1:${COMPOSE_STATS_PORT}:${COMPOSE_STATS_PORT}`,
    ]);
    expect(haproxy.volumes).toEqual(["./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro"]);
    expect([...(haproxy.depends_on as string[])].sort()).toEqual([...nodeNames].sort());
  });

  it("checks node health on /healthz at the node port, and lets a stopping node finish before Docker kills it", () => {
    for (const n of nodeNames) {
      const svc = compose.services[n]!;
      expect((svc.healthcheck as { test: string[] }).test.join(" ")).toContain(
        `http://127.0.0.1:${COMPOSE_NODE_PORT}/healthz`,
      );
      expect(seconds(svc.stop_grace_period as string) * 1000).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
      expect((svc.build as { dockerfile: string }).dockerfile).toBe("deploy/Dockerfile");
    }
  });

  it("builds an image that serves the node port and starts the server as npm start does", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    const start = pkg.scripts.start!.split("&&").at(-1)!.trim().split(/\s+/);
    const cmd = JSON.parse(dockerfile.match(/^CMD (\[.*\])$/m)![1]!) as string[];
    expect(cmd).toEqual(start);
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${COMPOSE_NODE_PORT}$`, "m"));
    expect(dockerfile).toMatch(new RegExp(`PORT=${COMPOSE_NODE_PORT}\\b`));
    expect(dockerfile).toContain("RUN npm run build:web");
    for (const m of dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=/gm))
      if (m[1] !== "NODE_ENV") expect(settings.has(m[1]!)).toBe(true);
  });
});
