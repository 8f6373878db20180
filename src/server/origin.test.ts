import { describe, expect, it } from "vitest";
import { loadConfig, publicOrigin } from "./config";
import { originAllowed } from "./origin";

describe("which pages may open a socket", () => {
  const own = "https://games.example";
  it("lets programs (no Origin), the public origin and listed origins in, whatever the Host", () => {
    expect(originAllowed(undefined, "anything", own, [])).toBe(true);
    expect(originAllowed(own, "10.0.0.5:3001", own, [])).toBe(true);
    expect(originAllowed("https://friends.example", "games.example", own, ["https://friends.example"])).toBe(true);
  });

  it("refuses a name that only agrees with the Host header: DNS can point any name here", () => {
    expect(originAllowed("http://rebound.example:3000", "rebound.example:3000", own, [])).toBe(false);
    expect(originAllowed("https://games.example.evil", "games.example.evil", own, [])).toBe(false);
    expect(originAllowed("not a url", "not a url", own, [])).toBe(false);
  });

  it("lets in pages served by this server by address or as localhost, which no DNS answer can re-point", () => {
    expect(originAllowed("http://192.168.1.20:3000", "192.168.1.20:3000", own, [])).toBe(true);
    expect(originAllowed("http://[::1]:3000", "[::1]:3000", own, [])).toBe(true);
    expect(originAllowed("http://localhost:3000", "localhost:3000", own, [])).toBe(true);
    // The same address in the Origin but another host asked for: not this server's page.
    expect(originAllowed("http://192.168.1.20:3000", "games.example", own, [])).toBe(false);
    expect(originAllowed("http://192.168.1.20:3000", "192.168.1.20:4000", own, [])).toBe(false);
  });

  it("PUBLIC_ORIGIN defaults to localhost on the port listened on, and must be an origin", () => {
    expect(publicOrigin(loadConfig({}))).toBe("http://localhost:3000");
    expect(publicOrigin(loadConfig({ PORT: "0" }), 41234)).toBe("http://localhost:41234");
    expect(publicOrigin(loadConfig({ PUBLIC_ORIGIN: "https://Games.Example/" }))).toBe("https://games.example");
    expect(() => loadConfig({ PUBLIC_ORIGIN: "https://games.example/play" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: "ftp://games.example" })).toThrow(/PUBLIC_ORIGIN/);
  });
});
