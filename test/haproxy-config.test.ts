import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHECK_FALL,
  CHECK_INTERVAL_S,
  DRAIN_DELAY_MS,
  type HaproxyOptions,
  HEALTH_PATH,
  haproxyConfig,
} from "../src/cli/haproxy-config";
import { describeWithHaproxy, HAPROXY } from "./support/needs";

const local: HaproxyOptions = {
  bind: "127.0.0.1:3000",
  statsBind: "127.0.0.1:8404",
  nodes: [
    { name: "node1", address: "127.0.0.1:3001" },
    { name: "node2", address: "127.0.0.1:3002" },
    { name: "node3", address: "127.0.0.1:3003" },
  ],
  comment: ["for the test"],
};
const docker: HaproxyOptions = {
  bind: "*:3000",
  statsBind: "*:8404",
  resolver: "127.0.0.11:53",
  nodes: [{ name: "node1", address: "node1:3000" }],
};

/** The lines of a section (`frontend players`, `backend nodes`, …), trimmed. */
function section(cfg: string, header: string): string[] {
  const lines = cfg.split("\n");
  const start = lines.indexOf(header);
  expect(start).toBeGreaterThanOrEqual(0);
  const out: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (!l.startsWith("  ")) break;
    out.push(l.trim());
  }
  return out;
}

describe("the HAProxy configuration", () => {
  it("balances players over every node, the sockets of a room by its code, checked on /readyz", () => {
    const cfg = haproxyConfig(local);
    expect(cfg.startsWith("# for the test\n")).toBe(true);
    expect(section(cfg, "frontend players")).toEqual(["bind 127.0.0.1:3000", "default_backend nodes"]);
    const backend = section(cfg, "backend nodes");
    // A socket that names its room (?room=CODE) goes by a consistent hash of it; without one
    // HAProxy falls back to round robin.
    expect(backend).toContain("balance url_param room");
    expect(backend).toContain("hash-type consistent");
    expect(backend).toContain("option httpchk");
    expect(backend).toContain(`http-check send meth GET uri ${HEALTH_PATH}`);
    expect(HEALTH_PATH).toBe("/readyz");
    expect(backend).toContain("http-check expect status 200");
    expect(backend.filter((l) => l.startsWith("server "))).toEqual([
      "server node1 127.0.0.1:3001",
      "server node2 127.0.0.1:3002",
      "server node3 127.0.0.1:3003",
    ]);
    expect(backend).toContain(`default-server check inter ${CHECK_INTERVAL_S}s fall ${CHECK_FALL} rise 2`);
    // No stickiness: any node serves any websocket.
    expect(cfg).not.toMatch(/^\s*(cookie|stick|balance source)/m);
  });

  it("forwards the client's address, keeps websockets open as tunnels, and retries a refused connection elsewhere", () => {
    const defaults = section(haproxyConfig(local), "defaults");
    expect(defaults).toContain("mode http");
    expect(defaults).toContain("option forwardfor");
    expect(defaults).toContain("option redispatch");
    expect(defaults).toContain("timeout tunnel 1h");
    // A client's timeout above Socket.IO's ping interval (10 s) plus its timeout (5 s).
    const client = defaults.find((l) => l.startsWith("timeout client "))!;
    expect(Number(client.match(/(\d+)s$/)![1])).toBeGreaterThan(15);
  });

  it("serves its statistics on their own address", () => {
    expect(section(haproxyConfig(local), "frontend stats")).toEqual([
      "bind 127.0.0.1:8404",
      "stats enable",
      "stats uri /",
      "stats refresh 2s",
    ]);
  });

  it("with a resolver, looks node names up while running and starts even when one is not there yet", () => {
    const cfg = haproxyConfig(docker);
    expect(section(cfg, "resolvers dns")).toContain("nameserver dns1 127.0.0.11:53");
    expect(section(cfg, "backend nodes")).toContain(
      `default-server check inter ${CHECK_INTERVAL_S}s fall ${CHECK_FALL} rise 2 resolvers dns init-addr last,libc,none`,
    );
    expect(haproxyConfig(local)).not.toContain("resolvers");
  });

  it("a stopping node's drain outlasts the checks that take it out", () => {
    expect(DRAIN_DELAY_MS).toBeGreaterThan(CHECK_FALL * CHECK_INTERVAL_S * 1000);
  });

  it("refuses no nodes, and two nodes of one name", () => {
    expect(() => haproxyConfig({ ...local, nodes: [] })).toThrow(/at least one node/);
    expect(() =>
      haproxyConfig({ ...local, nodes: [local.nodes[0]!, { name: "node1", address: "127.0.0.1:3009" }] }),
    ).toThrow(/differ/);
  });
});

describeWithHaproxy("HAProxy itself", () => {
  it("accepts both configurations (haproxy -c)", () => {
    const dir = mkdtempSync(join(tmpdir(), "parlor-haproxy-"));
    try {
      for (const [name, options] of Object.entries({ local, docker })) {
        const file = join(dir, `${name}.cfg`);
        writeFileSync(file, haproxyConfig(options));
        const r = spawnSync(HAPROXY, ["-c", "-f", file], { encoding: "utf8" });
        expect({ name, status: r.status, out: r.status ? r.stdout + r.stderr : "" }).toEqual({
          name,
          status: 0,
          out: "",
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
