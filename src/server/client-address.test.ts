import { describe, expect, it } from "vitest";
import { clientAddress, entryProblem, trustedHops, trustNoHop } from "./client-address";
import { loadConfig } from "./config";

describe("TRUST_PROXY entries", () => {
  it("takes addresses and CIDR blocks of both families", () => {
    for (const e of ["127.0.0.1", "127.0.0.1/32", "10.0.0.0/8", "0.0.0.0/0", "::1", "fd00::/8", "::/0"])
      expect(entryProblem(e)).toBeNull();
  });

  it("refuses what is neither, naming the entry", () => {
    for (const e of ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/", "10.0.0.0/8/8", "1.2.3", "10.0.0.0/-1", ""])
      expect(entryProblem(e)).toContain(`"${e}"`);
  });

  it("is a comma-separated list in the configuration, empty by default, and a bad entry stops the start", () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: " 127.0.0.1/32 , 10.0.0.0/8" }).TRUST_PROXY).toEqual([
      "127.0.0.1/32",
      "10.0.0.0/8",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "127.0.0.1,proxy.local" })).toThrow(/TRUST_PROXY.*proxy\.local/);
  });

  it("matches addresses inside the blocks only, IPv4 also in its IPv6-mapped form", () => {
    const trusted = trustedHops(["127.0.0.1/32", "10.1.0.0/16", "fd00::/8"]);
    expect(trusted("127.0.0.1")).toBe(true);
    expect(trusted("::ffff:127.0.0.1")).toBe(true);
    expect(trusted("127.0.0.2")).toBe(false);
    expect(trusted("10.1.200.3")).toBe(true);
    expect(trusted("10.2.0.1")).toBe(false);
    expect(trusted("fd12::1")).toBe(true);
    expect(trusted("fe80::1")).toBe(false);
    expect(trusted("not an address")).toBe(false);
    expect(trustedHops([])).toBe(trustNoHop);
  });

  it("throws on a bad entry when built directly", () => {
    expect(() => trustedHops(["10.0.0.0/40"])).toThrow(/TRUST_PROXY/);
  });
});

describe("the client behind proxies", () => {
  const proxy = trustedHops(["127.0.0.1/32", "10.0.0.0/8"]);

  it("ignores X-Forwarded-For from a peer that is not trusted (a spoofed header)", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", proxy)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", "127.0.0.1", proxy)).toBe("203.0.113.7");
    expect(clientAddress("127.0.0.1", "198.51.100.1", trustNoHop)).toBe("127.0.0.1");
  });

  it("takes the address a trusted peer wrote, and the peer itself when it wrote none", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", proxy)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.1", proxy)).toBe("198.51.100.1");
    expect(clientAddress("127.0.0.1", undefined, proxy)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "", proxy)).toBe("127.0.0.1");
  });

  it("walks back through trusted hops only: what a client wrote before our proxies counts for nothing", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; HAProxy appended the address it saw.
    expect(clientAddress("127.0.0.1", "1.1.1.1, 198.51.100.1", proxy)).toBe("198.51.100.1");
    // Two of our proxies in a row: the first untrusted hop is the client.
    expect(clientAddress("127.0.0.1", "1.1.1.1, 198.51.100.1, 10.0.0.5", proxy)).toBe("198.51.100.1");
    // Every hop ours: the farthest one is the client.
    expect(clientAddress("127.0.0.1", "10.0.0.9, 10.0.0.5", proxy)).toBe("10.0.0.9");
    // Repeated headers count as one list, in order.
    expect(clientAddress("127.0.0.1", ["1.1.1.1", "198.51.100.1"], proxy)).toBe("198.51.100.1");
  });

  it("stops at the proxy that passed on something that is not an address", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1, garbage", proxy)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "garbage, 10.0.0.5", proxy)).toBe("10.0.0.5");
  });
});
