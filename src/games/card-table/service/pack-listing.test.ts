import type { KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import type { RouteInput } from "../../../engine/module";
import { ownerOf } from "../../../engine/owner";
import { memoryDb } from "../../../platform/db/test-db";
import { testPack } from "../test-packs";
import { cardTableMigrations } from "./migrations";
import { savePackVersion } from "./pack-store";
import { cardTableRoutes } from "./routes";

const database = memoryDb(cardTableMigrations);

/** The database, keeping the SQL of every statement it is given. */
function recording() {
  const statements: string[] = [];
  const executor = database().getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements.push(executor.compileQuery(args.node, args.queryId).sql.replace(/\s+/g, " "));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: database().withPlugin(plugin), statements };
}

const OWNER = "listing-owner-key-000001";
const request = (headers: Record<string, string> = {}): RouteInput => ({
  body: undefined,
  params: {},
  query: {},
  headers,
  client: "127.0.0.1",
});

describe("listing card packs", () => {
  it("reads names and counts from their columns, never a pack's cards", async () => {
    const hashed = ownerOf({ headers: { "x-parlor-owner": OWNER } })!;
    await savePackVersion(database(), testPack({ id: "listed-shared", whites: 500 }), null, true);
    await savePackVersion(database(), testPack({ id: "listed-mine", whites: 300 }), hashed, false);
    const list = cardTableRoutes.find((r) => r.method === "GET" && r.path === "/packs")!;
    const { db, statements } = recording();
    const reply = await list.handle({ db, now: () => 0 }, request({ "x-parlor-owner": OWNER }));
    const uploaded = (reply.body as { packs: { id: string; counts: Record<string, number> }[] }).packs.filter((p) =>
      p.id.startsWith("listed-"),
    );
    expect(uploaded).toEqual([
      expect.objectContaining({ id: "listed-mine", counts: { white: 300, black: 20 } }),
      expect.objectContaining({ id: "listed-shared", counts: { white: 500, black: 20 } }),
    ]);
    const reads = statements.filter((s) => /card_packs/.test(s));
    expect(reads.length).toBeGreaterThan(0);
    // Neither the cards column by name nor every column with `*`.
    for (const sql of reads) {
      expect(sql).not.toMatch(/\bcards\b/);
      expect(sql).not.toMatch(/select\s+(distinct\s+on\s*\([^)]*\)\s*)?\*/i);
    }
  });
});
