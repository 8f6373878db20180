import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { serverPerFile } from "./support/server";

/** How the built web client reaches browsers: compressed, cached, with a styled first paint. */
const webDir = inject("webDir");
const server = serverPerFile({ WEB_DIR: webDir });

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
