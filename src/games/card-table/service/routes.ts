import { z } from "zod";
import { ApiRefusal, type RouteDef, type RouteInput, type ServiceContext } from "../../../engine/module";
import { ownerOf, requireOwner } from "../../../engine/owner";
import { importCah } from "../content/cah-format";
import { loadPacks } from "../content/index";
import { CardPack } from "../content/schema";
import { shippedPacks } from "../content/shipped";
import { GameDefinition } from "../definition";
import { builtinDefinitions } from "../definitions/index";
import { standInPacks, type TrialTable, trialGame } from "../trial";
import { PACK_LIMITS } from "./limits";
import {
  deletePack,
  latestPack,
  listPacksPage,
  loadPackVersion,
  type PackRow,
  type PackScope,
  packBytes,
  packCardCount,
  packCounts,
  savePackVersion,
  setShared,
  visibleTo,
} from "./pack-store";
import { PAGE_SIZES, pageOf, pageOver, pageParams } from "./paging";
import { admitContent } from "./quota";
import { type DefinitionRow, definitionBytes, definitionExists, listDefinitionsPage, saveDefinition } from "./store";
import { refuseOverlong, TEXT_LIMITS } from "./text-limits";
import { trialGate } from "./trial-gate";

const shippedIds = () => new Set(shippedPacks().map((p) => p.id));

/** An imported pack whose id is taken gets the next free "-2", "-3"… and its card ids follow. */
function withFreshId(pack: CardPack, taken: Set<string>): CardPack {
  if (!taken.has(pack.id)) return pack;
  let n = 2;
  while (taken.has(`${pack.id}-${n}`)) n++;
  const id = `${pack.id}-${n}`;
  const cards = Object.fromEntries(
    Object.entries(pack.cards).map(([deck, list]) => [
      deck,
      list.map((c) => ({
        ...c,
        id: c.id.startsWith(`${pack.id}-`) ? `${id}-${c.id.slice(pack.id.length + 1)}` : `${id}-${c.id}`,
      })),
    ]),
  );
  return { ...pack, id, cards };
}

function shippedSummary(p: CardPack) {
  return {
    id: p.id,
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    official: p.official,
    source: "shipped" as const,
    counts: packCounts(p),
  };
}

function uploadedSummary(p: PackRow, owner: string | null) {
  return {
    id: p.id,
    version: p.version,
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    official: p.official,
    source: "uploaded" as const,
    shared: p.shared,
    mine: owner !== null && p.owner === owner,
    counts: p.counts,
  };
}

function defSummary(d: Omit<DefinitionRow, "owner">, source: "builtin" | "uploaded", mine = false) {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    minPlayers: d.minPlayers,
    maxPlayers: d.maxPlayers,
    variants: d.variants,
    defaultSettings: d.defaultSettings,
    source,
    ...(source === "uploaded" ? { mine } : {}),
  };
}

/** Which packs a listing shows (`?scope=`): everything you may use, or one part of it. */
const SCOPES = ["all", "shipped", "uploaded", "mine", "shared"] as const;
type Scope = (typeof SCOPES)[number];
const STORED_SCOPE: Record<Exclude<Scope, "shipped">, PackScope> = {
  all: "visible",
  uploaded: "visible",
  mine: "mine",
  shared: "shared",
};

const PackSummary = z.object({
  id: z.string(),
  version: z.int().optional().describe("uploaded packs: the version a new table would use"),
  name: z.string(),
  description: z.string().optional(),
  official: z.boolean(),
  source: z.enum(["shipped", "uploaded"]),
  shared: z.boolean().optional(),
  mine: z.boolean().optional(),
  counts: z.record(z.string(), z.int()).describe("cards per deck; a listing never carries the cards"),
});
const DefinitionSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  minPlayers: z.int(),
  maxPlayers: z.int(),
  variants: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() }).loose()),
  defaultSettings: z.record(z.string(), z.unknown()),
  source: z.enum(["builtin", "uploaded"]),
  mine: z.boolean().optional(),
});
const NextCursor = z.string().nullable().describe("pass as ?cursor= for the next page; null on the last");
const PacksQuery = z.object({
  ...pageParams(PAGE_SIZES.packs),
  scope: z
    .enum(SCOPES)
    .optional()
    .describe("all (default): shipped first, then uploads you may use; or shipped, uploaded, mine, shared"),
});
const DefinitionsQuery = z.object(pageParams(PAGE_SIZES.definitions));

/** Size and count limits on each pack, then the owner's and the server's quotas. */
async function admit(ctx: ServiceContext, owner: string, packs: CardPack[], what = "the pack"): Promise<void> {
  packs.forEach((pack, i) => {
    refuseOverlong(pack, packs.length > 1 ? `imported pack ${i + 1}` : what);
  });
  for (const pack of packs) {
    if (packCardCount(pack) > PACK_LIMITS.packCards)
      throw new ApiRefusal(
        413,
        "pack_too_large",
        `A pack may hold ${PACK_LIMITS.packCards} cards; ${pack.id} has more.`,
      );
    if (packBytes(pack) > PACK_LIMITS.packBytes)
      throw new ApiRefusal(
        413,
        "pack_too_large",
        `A pack may take ${PACK_LIMITS.packBytes / 1024} KB; ${pack.id} is bigger.`,
      );
  }
  await admitContent(
    ctx,
    owner,
    packs.reduce((n, p) => n + packBytes(p), 0),
    packs.length,
  );
}

/** The pack for its owner, or a refusal that does not tell others whether it exists. */
async function ownPack(ctx: ServiceContext, req: RouteInput): Promise<{ row: PackRow; owner: string }> {
  const owner = requireOwner(req);
  const id = req.params.id ?? "";
  const row = await latestPack(ctx.db, id);
  if (!row || !visibleTo(row, owner)) throw new ApiRefusal(404, "pack_not_found", `No card pack "${id}".`);
  if (row.owner !== owner) throw new ApiRefusal(403, "not_owner", "Only whoever uploaded a pack may change it.");
  return { row, owner };
}

const ShareBody = z.object({ shared: z.boolean() }).strict();

/**
 * Card packs and game definitions: list, fetch, upload, share, delete, and import
 * community CAH JSON. Uploads belong to an owner key and are private until shared.
 */
export const cardTableRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/packs",
    summary:
      "List card packs, a page at a time: shipped, shared, and your own (with X-Parlor-Owner); counts only, never cards",
    query: PacksQuery,
    responses: { 200: z.object({ packs: z.array(PackSummary), nextCursor: NextCursor }) },
    refusals: [400],
    async handle({ db }, req) {
      const owner = ownerOf(req);
      const { limit, cursor } = pageOf(req.query, PAGE_SIZES.packs);
      const scope = (req.query.scope ?? "all") as Scope;
      if (!SCOPES.includes(scope)) throw new ApiRefusal(400, "invalid_query", `scope is one of ${SCOPES.join(", ")}.`);
      // The answer packs: the card decks (standard-52, jokers) are fetched by id by the games built on them.
      const shipped =
        scope === "all" || scope === "shipped" ? loadPacks().map((p) => ({ id: p.id, item: shippedSummary(p) })) : [];
      const stored =
        scope === "shipped"
          ? null
          : async (after: string | null, want: number) =>
              (await listPacksPage(db, { owner, scope: STORED_SCOPE[scope], after, limit: want })).map((p) => ({
                id: p.id,
                item: uploadedSummary(p, owner),
              }));
      const page = await pageOver({ limit, cursor, shipped, stored });
      return { status: 200, body: { packs: page.items, nextCursor: page.nextCursor } };
    },
  },
  {
    method: "GET",
    path: "/packs/:id",
    summary: "One card pack with its cards (shipped, shared, or your own)",
    async handle({ db }, req) {
      const id = req.params.id ?? "";
      const shipped = shippedPacks().find((p) => p.id === id);
      if (shipped) return { status: 200, body: shipped };
      const row = await latestPack(db, id);
      const pack = row && visibleTo(row, ownerOf(req)) ? await loadPackVersion(db, id, row.version) : null;
      if (!pack) throw new ApiRefusal(404, "pack_not_found", `No card pack "${id}".`);
      return { status: 200, body: { ...pack, version: row!.version } };
    },
  },
  {
    method: "POST",
    path: "/packs",
    summary: "Upload a card pack (CardPack format); it is yours (X-Parlor-Owner) and private until shared",
    body: CardPack,
    bodyLimit: PACK_LIMITS.uploadBody,
    perMinute: PACK_LIMITS.uploadsPerMinute,
    async handle(ctx, req) {
      const owner = requireOwner(req);
      const pack = req.body as CardPack;
      if (shippedIds().has(pack.id) || (await latestPack(ctx.db, pack.id)))
        throw new ApiRefusal(409, "pack_exists", `A pack with id "${pack.id}" already exists.`);
      await admit(ctx, owner, [pack]);
      const version = await savePackVersion(ctx.db, pack, owner, false);
      return { status: 201, body: uploadedSummary({ ...(await latestPack(ctx.db, pack.id))!, version }, owner) };
    },
  },
  {
    method: "PUT",
    path: "/packs/:id",
    summary: "Store a new version of your pack (tables already using it keep the version they started with)",
    body: CardPack,
    bodyLimit: PACK_LIMITS.uploadBody,
    perMinute: PACK_LIMITS.uploadsPerMinute,
    async handle(ctx, req) {
      const { row, owner } = await ownPack(ctx, req);
      const pack = req.body as CardPack;
      if (pack.id !== row.id) throw new ApiRefusal(400, "id_mismatch", "The body's id must match the pack's.");
      await admit(ctx, owner, [pack]);
      const version = await savePackVersion(ctx.db, pack, owner, row.shared);
      return { status: 200, body: uploadedSummary({ ...(await latestPack(ctx.db, pack.id))!, version }, owner) };
    },
  },
  {
    method: "POST",
    path: "/packs/:id/share",
    summary: "Share your pack with everyone (`{ shared: true }`) or make it private again",
    body: ShareBody,
    async handle(ctx, req) {
      const { row, owner } = await ownPack(ctx, req);
      const { shared } = req.body as z.infer<typeof ShareBody>;
      await setShared(ctx.db, row.id, shared);
      return { status: 200, body: uploadedSummary({ ...row, shared }, owner) };
    },
  },
  {
    method: "DELETE",
    path: "/packs/:id",
    summary: "Delete your pack: gone from lists and new tables (tables in progress keep their cards)",
    async handle(ctx, req) {
      const { row } = await ownPack(ctx, req);
      await deletePack(ctx.db, row.id, ctx.now());
      return { status: 200, body: { deleted: row.id } };
    },
  },
  {
    method: "POST",
    path: "/packs/import",
    summary: "Import packs in the community CAH JSON format (compact or full per-pack form); yours and private",
    body: z.unknown(),
    bodyLimit: PACK_LIMITS.importBody,
    perMinute: PACK_LIMITS.uploadsPerMinute,
    async handle(ctx, req) {
      const owner = requireOwner(req);
      const result = importCah(req.body, { onBadCard: "skip" });
      if (!result.ok) throw new ApiRefusal(400, result.error.code, result.error.message);
      if (result.packs.length > PACK_LIMITS.importPacks)
        throw new ApiRefusal(413, "too_many_packs", `One import may create ${PACK_LIMITS.importPacks} packs.`);
      // Taken ids are found one by one below: the import never reads a listing.
      const taken = shippedIds();
      const packs: CardPack[] = [];
      for (const imported of result.packs) {
        let pack = withFreshId(imported, taken);
        while (await latestPack(ctx.db, pack.id)) {
          taken.add(pack.id);
          pack = withFreshId(imported, taken);
        }
        taken.add(pack.id);
        packs.push(pack);
      }
      await admit(ctx, owner, packs);
      const saved = [];
      for (const pack of packs) {
        await savePackVersion(ctx.db, pack, owner, false);
        saved.push(uploadedSummary((await latestPack(ctx.db, pack.id))!, owner));
      }
      return { status: 201, body: { packs: saved, skipped: result.skipped.length } };
    },
  },
  {
    method: "GET",
    path: "/definitions",
    summary: "List game definitions, a page at a time (built in first, then uploaded): never their phases or decks",
    query: DefinitionsQuery,
    responses: { 200: z.object({ definitions: z.array(DefinitionSummary), nextCursor: NextCursor }) },
    refusals: [400],
    async handle({ db }, req) {
      const owner = ownerOf(req);
      const { limit, cursor } = pageOf(req.query, PAGE_SIZES.definitions);
      const builtin = [...builtinDefinitions.values()];
      const page = await pageOver({
        limit,
        cursor,
        shipped: builtin.map((d) => ({ id: d.id, item: defSummary(d, "builtin") })),
        stored: async (after, want) =>
          (await listDefinitionsPage(db, { after, limit: want, except: builtin.map((d) => d.id) })).map((d) => ({
            id: d.id,
            item: defSummary(d, "uploaded", owner !== null && d.owner === owner),
          })),
      });
      return { status: 200, body: { definitions: page.items, nextCursor: page.nextCursor } };
    },
  },
  {
    method: "POST",
    path: "/definitions",
    summary:
      "Upload a game definition (JSON, at most 64 KB): a new game with no new code; yours (X-Parlor-Owner), listed for everyone",
    body: GameDefinition,
    refusals: [409, 413, 422, 503],
    bodyLimit: PACK_LIMITS.definitionBytes,
    perMinute: PACK_LIMITS.uploadsPerMinute,
    async handle(ctx, req) {
      const owner = requireOwner(req);
      const def = req.body as GameDefinition;
      refuseOverlong(def, "the definition", TEXT_LIMITS.definitionDepth);
      if (builtinDefinitions.has(def.id) || (await definitionExists(ctx.db, def.id)))
        throw new ApiRefusal(409, "definition_exists", `A definition with id "${def.id}" already exists.`);
      await admitContent(ctx, owner, definitionBytes(def));
      const table = await trialTable(ctx.db, def, owner);
      const trial = await trialGate.run(() => trialGame(def, table, def.id));
      if (!trial.ok)
        throw new ApiRefusal(
          422,
          "definition_unplayable",
          `A trial game of bots choosing random legal actions did not finish: ${trial.why}.`,
        );
      if (!(await saveDefinition(ctx.db, def, { owner })))
        throw new ApiRefusal(409, "definition_exists", `A definition with id "${def.id}" already exists.`);
      return { status: 201, body: defSummary(def, "uploaded", true) };
    },
  },
];

/**
 * What a definition's trial game deals from: its default packs, shipped or uploaded ones the
 * uploader may use (the newest version of each), as a table with its defaults would; or,
 * when it names none, plain stand-in cards for its decks.
 */
async function trialTable(db: ServiceContext["db"], def: GameDefinition, owner: string): Promise<TrialTable> {
  const ids = def.defaultSettings.packIds ?? [];
  if (ids.length === 0) {
    const standIns = new Map(standInPacks(def).map((p) => [p.id, p]));
    return { packs: (id) => standIns.get(id), settings: { packIds: [...standIns.keys()] } };
  }
  const shipped = new Map(shippedPacks().map((p) => [p.id, p]));
  const found = new Map<string, CardPack>();
  for (const id of ids) {
    const own = shipped.get(id);
    if (own) {
      found.set(id, own);
      continue;
    }
    const row = await latestPack(db, id);
    const pack = row && visibleTo(row, owner) ? await loadPackVersion(db, id, row.version) : null;
    if (pack) found.set(id, pack);
  }
  return { packs: (id) => found.get(id) };
}
