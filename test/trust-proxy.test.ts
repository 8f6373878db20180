import { afterEach, describe, expect, it } from "vitest";
import { withDateFrozen } from "./support/frozen-date";
import { startServer, type TestServer } from "./support/server";
import { socketOpens } from "./support/waits";

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const fromClient = (xff: string) => ({ "x-forwarded-for": xff });

/** Statuses of one REST request per X-Forwarded-For value, in order (no allowance refilled meanwhile). */
async function restStatuses(url: string, forwarded: string[]) {
  const out: number[] = [];
  await withDateFrozen(async () => {
    for (const xff of forwarded) out.push((await fetch(`${url}/api/v1/games`, { headers: fromClient(xff) })).status);
  });
  return out;
}

/** Whether each of these socket handshakes is let in, in order. */
async function socketsLetIn(url: string, forwarded: string[]) {
  const out: boolean[] = [];
  for (const xff of forwarded) {
    out.push(await socketOpens(url, "/cards", fromClient(xff)));
  }
  return out;
}

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `198.51.100.${i + 1}`);

describe("client addresses behind a proxy", () => {
  it("by default X-Forwarded-For is ignored: spoofed addresses share the sender's REST and socket allowances", async () => {
    // The socket bucket's burst is at least 10 whatever the rate (socket-server.ts).
    server = await startServer({ REST_PER_MINUTE: "3", SOCKET_JOINS_PER_MINUTE: "1" });
    expect(await restStatuses(server.url, addresses(4))).toEqual([200, 200, 200, 429]);
    const sockets = await socketsLetIn(server.url, addresses(11));
    expect(sockets.slice(0, 10).every(Boolean)).toBe(true);
    expect(sockets[10]).toBe(false);
  });

  it("a peer outside TRUST_PROXY is not believed either", async () => {
    server = await startServer({ TRUST_PROXY: "10.0.0.0/8", REST_PER_MINUTE: "3", SOCKET_JOINS_PER_MINUTE: "1" });
    expect(await restStatuses(server.url, addresses(4))).toEqual([200, 200, 200, 429]);
    expect((await socketsLetIn(server.url, addresses(11)))[10]).toBe(false);
  });

  it("through a trusted proxy, each client behind it has its own allowance, and only the last one runs out", async () => {
    server = await startServer({ TRUST_PROXY: "127.0.0.1/32", REST_PER_MINUTE: "3", SOCKET_JOINS_PER_MINUTE: "1" });
    expect(await restStatuses(server.url, addresses(4))).toEqual([200, 200, 200, 200]);
    expect(await restStatuses(server.url, ["203.0.113.5", "203.0.113.5", "203.0.113.5", "203.0.113.5"])).toEqual([
      200, 200, 200, 429,
    ]);
    expect((await socketsLetIn(server.url, addresses(11))).every(Boolean)).toBe(true);
    expect((await socketsLetIn(server.url, Array(11).fill("203.0.113.5"))).at(-1)).toBe(false);
  });

  it("/metrics through a trusted proxy answers the client's address, not the proxy's", async () => {
    server = await startServer({ TRUST_PROXY: "127.0.0.1/32" });
    expect((await fetch(`${server.url}/metrics`, { headers: fromClient("203.0.113.9") })).status).toBe(403);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
    expect((await fetch(`${server.url}/metrics`, { headers: fromClient("127.0.0.1") })).status).toBe(200);
  });
});
