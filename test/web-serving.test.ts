import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb } from "./support/browser";
import { startServer, type TestServer } from "./support/server";

/** How the built web client reaches browsers: compressed, cached, with a styled first paint. */
let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = buildWeb();
  server = await startServer({ WEB_DIR: webDir });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("the web client as served", () => {
  it("sends hashed assets compressed and cached for a year, the page itself revalidated", async () => {
    const script = readdirSync(join(webDir, "assets")).find((f) => /^index-.*\.js$/.test(f))!;
    const br = await fetch(`${server.url}/assets/${script}`, { headers: { "accept-encoding": "br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const gz = await fetch(`${server.url}/assets/${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const page = await fetch(`${server.url}/trivia/ABC234`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("paints a styled shell before the app's script runs", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toMatch(/<style>[^<]*background:\s?#f6f4ef/);
    expect(html).toMatch(/<div id="root">\s*<div class="shell"/);
    expect(html).toContain("Loading…");
  });
});
