import { hostname } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/server/config";
import { startServer, type TestServer } from "./support/server";

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe("NODE_NAME", () => {
  it("names the node on every response, in /healthz and in parlor_node_info", async () => {
    server = await startServer({ NODE_NAME: "node7" });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.headers.get("x-parlor-node")).toBe("node7");
    expect(await health.json()).toMatchObject({ node: "node7" });
    expect((await fetch(`${server.url}/api/v1/games`)).headers.get("x-parlor-node")).toBe("node7");
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toContain('parlor_node_info{node="node7"} 1');
  });

  it("unset: no header, and the host name labels the metrics", async () => {
    server = await startServer();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.headers.get("x-parlor-node")).toBeNull();
    expect(await health.json()).not.toHaveProperty("node");
    expect(await (await fetch(`${server.url}/metrics`)).text()).toContain(`parlor_node_info{node="${hostname()}"} 1`);
  });

  it("takes a plain name only", () => {
    expect(() => loadConfig({ NODE_NAME: "node 1" })).toThrow(/NODE_NAME/);
    expect(() => loadConfig({ NODE_NAME: "x".repeat(64) })).toThrow(/NODE_NAME/);
    expect(loadConfig({ NODE_NAME: "eu-1.node_2" }).NODE_NAME).toBe("eu-1.node_2");
  });
});
