import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ownerOf } from "../src/engine/owner";
import { ownerUsage } from "../src/games/card-table/service/pack-store";
import { PAGE_SIZES } from "../src/games/card-table/service/paging";
import { TEXT_LIMITS } from "../src/games/card-table/service/text-limits";
import { callAs } from "./support/cards-packs";
import { serverPerFile } from "./support/server";

/**
 * Every text an upload stores has a limit, every byte it stores counts toward its owner's
 * quota, and every listing of uploads comes a page at a time. Before, a pack's name had no
 * limit and did not count (a 1.1 MB name was charged 355 bytes), and the listing returned
 * every pack at once: after 15 uploads and 3 imports it was 27.9 MB a request.
 */
const OWNER = "upload-limits-owner-0001";
const OTHER = "upload-limits-other-0002";
const server = serverPerFile({ TIME_SCALE: "0.05" });

const call = (method: string, path: string, body?: unknown, owner = OWNER) =>
  callAs(server.url, owner, method, path, body);

function pack(id: string, extra: Record<string, unknown> = {}, card: Record<string, unknown> = {}) {
  return {
    id,
    name: `Pack ${id}`,
    official: false,
    cards: {
      white: Array.from({ length: 12 }, (_, i) => ({
        id: `${id}-w-${i}`,
        type: "white",
        properties: { text: `Answer ${i} of ${id}`, ...card },
      })),
      black: [{ id: `${id}-b-1`, type: "black", properties: { text: "Why _____?", pick: 1, blanks: 1 } }],
    },
    ...extra,
  };
}

const cahDefinition = () =>
  JSON.parse(readFileSync(new URL("../src/games/card-table/definitions/cah.json", import.meta.url), "utf8"));

const refusedAs = (code: string, field: RegExp) => ({
  status: 400,
  body: { error: { code, message: expect.stringMatching(field) } },
});

describe("text limits on every upload", () => {
  it("refuses a pack whose name, description, card text, extra card field or deck name is too long", async () => {
    const long = (n: number) => "x".repeat(n + 1);
    const cases: [unknown, RegExp][] = [
      [pack("long-name", { name: "n".repeat(1_100_000) }), /name has 1,100,000 characters; at most 100/],
      [pack("long-desc", { description: long(TEXT_LIMITS.description) }), /description has 501 characters/],
      [pack("long-mark", {}, { watermark: long(TEXT_LIMITS.other) }), /cards\.white\[0\]\.properties\.watermark/],
      [pack("long-key", {}, { [long(TEXT_LIMITS.key)]: "x" }), /a key in cards\.white\[0\]\.properties/],
      [pack("long-image", {}, { image: `https://example.com/${long(TEXT_LIMITS.image)}` }), /image has/],
      [pack("deep", {}, { nested: [[[[[[[[[[["x"]]]]]]]]]]] }), /Nested too deeply/],
    ];
    for (const [body, field] of cases) {
      const r = await call("POST", "/api/v1/cards/packs", body);
      const code = String(field).includes("Nested") ? "nested_too_deep" : "text_too_long";
      expect(r).toMatchObject(refusedAs(code, field));
    }
    // The same limits hold for a new version and for packs sent with a new table.
    expect((await call("POST", "/api/v1/cards/packs", pack("fine"))).status).toBe(201);
    expect(await call("PUT", "/api/v1/cards/packs/fine", pack("fine", { description: long(500) }))).toMatchObject(
      refusedAs("text_too_long", /description/),
    );
    expect(
      await call("POST", "/api/v1/cards/rooms", {
        settings: { packIds: ["sent"] },
        packs: [pack("sent", { name: long(100) })],
      }),
    ).toMatchObject(refusedAs("text_too_long", /packs\[0\]: name/));
    // Nothing refused was stored.
    const stored = await sql<{ id: string }>`SELECT id FROM card_packs WHERE owner IS NOT NULL ORDER BY id`.execute(
      server.db,
    );
    expect(stored.rows.map((r) => r.id)).toEqual(["fine"]);
  });

  it("refuses an import whose pack name or description is too long", async () => {
    const compact = (meta: Record<string, unknown>) => ({
      white: ["A cat.", "A dog."],
      black: [{ text: "Why _____?", pick: 1 }],
      packs: [
        { name: "Fine", white: [0], black: [0] },
        { white: [1], black: [0], ...meta },
      ],
    });
    expect(await call("POST", "/api/v1/cards/packs/import", compact({ name: "N".repeat(1_100_000) }))).toMatchObject(
      refusedAs("text_too_long", /imported pack 2: name has 1,100,000 characters/),
    );
    expect(
      await call("POST", "/api/v1/cards/packs/import", compact({ name: "Ok", description: "d".repeat(600) })),
    ).toMatchObject(refusedAs("text_too_long", /imported pack 2: description/));
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM card_packs WHERE name = 'Fine'`.execute(
      server.db,
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it("refuses a definition with an overlong string anywhere, and takes one only from an owner", async () => {
    const def = { ...cahDefinition(), id: "long-variant", name: "Long variant" };
    def.variants[0].description = "v".repeat(TEXT_LIMITS.description + 1);
    expect(await call("POST", "/api/v1/cards/definitions", def)).toMatchObject(
      refusedAs("text_too_long", /variants\[0\]\.description has 501 characters/),
    );
    const label = { ...cahDefinition(), id: "long-slot", name: "Long slot" };
    label.slots[0].name = "s".repeat(TEXT_LIMITS.name + 1);
    expect(await call("POST", "/api/v1/cards/definitions", label)).toMatchObject(
      refusedAs("text_too_long", /slots\[0\]\.name/),
    );
    const r = await fetch(`${server.url}/api/v1/cards/definitions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...cahDefinition(), id: "nobodys", name: "Nobody's" }),
    });
    expect(r.status).toBe(401);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("owner_required");
    // A definition sent with a new table has the same limits.
    expect(
      await call("POST", "/api/v1/cards/rooms", { definition: { ...def, id: "sent-def" }, settings: {} }),
    ).toMatchObject(refusedAs("text_too_long", /definition: variants\[0\]\.description/));
  });
});

describe("every stored byte counts toward the owner's quota", () => {
  it("counts a pack's name and description, and an uploaded definition", async () => {
    const owner = ownerOf({ headers: { "x-parlor-owner": OTHER } })!;
    const before = await ownerUsage(server.db, owner);
    const named = pack("named", { name: "N".repeat(100), description: "D".repeat(500) });
    expect((await call("POST", "/api/v1/cards/packs", named, OTHER)).status).toBe(201);
    const bytes = Buffer.byteLength(JSON.stringify(named));
    const row = await sql<{ bytes: number }>`SELECT bytes FROM card_packs WHERE id = 'named'`.execute(server.db);
    expect(row.rows[0]!.bytes).toBe(bytes);
    const def = { ...cahDefinition(), id: "counted", name: "Counted", description: "C".repeat(500) };
    expect((await call("POST", "/api/v1/cards/definitions", def, OTHER)).status).toBe(201);
    // The definition is stored as parsed (its settings' defaults filled in): at least what was sent.
    const stored = await sql<{ owner: string; bytes: number }>`SELECT owner, bytes FROM game_definitions
      WHERE id = 'counted'`.execute(server.db);
    expect(stored.rows).toEqual([{ owner, bytes: expect.any(Number) }]);
    expect(stored.rows[0]!.bytes).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(def)));
    const after = await ownerUsage(server.db, owner);
    expect(after.bytes - before.bytes).toBe(bytes + stored.rows[0]!.bytes);
  });
});

type Page = { packs: { id: string; source: string; mine?: boolean; cards?: unknown }[]; nextCursor: string | null };

describe("listings come a page at a time", () => {
  it("pages packs with limit and cursor, shipped first, every pack once, never a card", async () => {
    for (let i = 0; i < 5; i++)
      expect((await call("POST", "/api/v1/cards/packs", pack(`paged-${i}`))).status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const r = await call("GET", `/api/v1/cards/packs?limit=2${q}`);
      expect(r.status).toBe(200);
      const page = r.body as unknown as Page;
      expect(page.packs.length).toBeLessThanOrEqual(2);
      for (const p of page.packs) expect(p).not.toHaveProperty("cards");
      seen.push(...page.packs.map((p) => p.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 3).sort()).toEqual(["base", "office-life", "space-and-science"]);
    for (let i = 0; i < 5; i++) expect(seen).toContain(`paged-${i}`);
    expect(pages).toBe(Math.ceil(seen.length / 2));

    // One part at a time: the shipped packs, or the caller's own.
    const shipped = (await call("GET", "/api/v1/cards/packs?scope=shipped")).body as unknown as Page;
    expect(shipped.packs.map((p) => p.source)).toEqual(["shipped", "shipped", "shipped"]);
    expect(shipped.nextCursor).toBeNull();
    const mine = (await call("GET", "/api/v1/cards/packs?scope=mine&limit=100")).body as unknown as Page;
    expect(mine.packs.every((p) => p.mine)).toBe(true);
    expect(mine.packs.map((p) => p.id)).toEqual(expect.arrayContaining(["paged-0", "paged-4", "fine"]));
    const theirs = (await call("GET", "/api/v1/cards/packs?scope=mine", undefined, OTHER)).body as unknown as Page;
    expect(theirs.packs.map((p) => p.id)).not.toContain("paged-0");

    // The default page and the largest one are bounded; bad paging is refused.
    const all = (await call("GET", "/api/v1/cards/packs")).body as unknown as Page;
    expect(all.packs.length).toBeLessThanOrEqual(PAGE_SIZES.packs.default);
    for (const q of ["limit=0", `limit=${PAGE_SIZES.packs.max + 1}`, "limit=ten", "scope=everything"])
      expect(await call("GET", `/api/v1/cards/packs?${q}`)).toMatchObject({
        status: 400,
        body: { error: { code: "invalid_query" } },
      });
    expect(await call("GET", "/api/v1/cards/packs?cursor=nonsense")).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_cursor" } },
    });
  });

  it("pages definitions the same way, built in first, never their phases", async () => {
    for (let i = 0; i < 3; i++) {
      const def = { ...cahDefinition(), id: `paged-def-${i}`, name: `Paged ${i}` };
      expect((await call("POST", "/api/v1/cards/definitions", def)).status).toBe(201);
    }
    const seen: { id: string; source: string; phases?: unknown }[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const r = await call("GET", `/api/v1/cards/definitions?limit=1${q}`);
      expect(r.status).toBe(200);
      const page = r.body as { definitions: { id: string; source: string }[]; nextCursor: string | null };
      expect(page.definitions.length).toBe(1);
      seen.push(...page.definitions);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen.slice(0, 2).map((d) => d.source)).toEqual(["builtin", "builtin"]);
    expect(seen.map((d) => d.id)).toEqual(expect.arrayContaining(["cah", "paged-def-0", "paged-def-1", "paged-def-2"]));
    expect(new Set(seen.map((d) => d.id)).size).toBe(seen.length);
    for (const d of seen) expect(d).not.toHaveProperty("phases");
    expect(await call("GET", `/api/v1/cards/definitions?limit=${PAGE_SIZES.definitions.max + 1}`)).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_query" } },
    });
  });

  it("says so in the OpenAPI description", async () => {
    const api = (await (await fetch(`${server.url}/docs/json`)).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    for (const path of ["/api/v1/cards/packs", "/api/v1/cards/definitions"]) {
      const params = (api.paths[path]?.get?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      expect(params).toEqual(expect.arrayContaining(["limit", "cursor"]));
    }
  });
});
