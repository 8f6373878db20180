import { z } from "zod";
import { ApiRefusal, type RouteDef, type RouteInput, type ServiceContext } from "../../../engine/module";
import { ownerOf, requireOwner } from "../../../engine/owner";
import { importCah } from "../content/cah-format";
import { loadPacks } from "../content/index";
import { CardPack } from "../content/schema";
import { GameDefinition } from "../definition";
import { builtinDefinitions } from "../definitions/index";
import { PACK_LIMITS } from "./limits";
import {
  deletePack,
  latestPack,
  listVisiblePacks,
  loadPackVersion,
  type PackRow,
  packBytes,
  packCardCount,
  packCounts,
  savePackVersion,
  setShared,
  visibleTo,
} from "./pack-store";
import { admitContent } from "./quota";
import { listDefinitions, saveDefinition } from "./store";

const shippedIds = () => new Set(loadPacks().map((p) => p.id));

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

function defSummary(d: GameDefinition, source: "builtin" | "uploaded") {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    minPlayers: d.minPlayers,
    maxPlayers: d.maxPlayers,
    variants: d.variants,
    defaultSettings: d.defaultSettings,
    source,
  };
}

/** Size and count limits on each pack, then the owner's and the server's quotas. */
async function admit(ctx: ServiceContext, owner: string, packs: CardPack[]): Promise<void> {
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
    summary: "List card packs: shipped, shared, and your own (with X-Parlor-Owner); counts only, no cards",
    async handle({ db }, req) {
      const owner = ownerOf(req);
      const uploaded = await listVisiblePacks(db, owner);
      return {
        status: 200,
        body: {
          packs: [...loadPacks().map(shippedSummary), ...uploaded.map((p) => uploadedSummary(p, owner))],
        },
      };
    },
  },
  {
    method: "GET",
    path: "/packs/:id",
    summary: "One card pack with its cards (shipped, shared, or your own)",
    async handle({ db }, req) {
      const id = req.params.id ?? "";
      const shipped = loadPacks().find((p) => p.id === id);
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
      const taken = shippedIds();
      for (const p of await listVisiblePacks(ctx.db, null)) taken.add(p.id);
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
    summary: "List game definitions (built in and uploaded)",
    async handle({ db }) {
      const uploaded = (await listDefinitions(db)).filter((d) => !builtinDefinitions.has(d.id));
      return {
        status: 200,
        body: {
          definitions: [
            ...[...builtinDefinitions.values()].map((d) => defSummary(d, "builtin")),
            ...uploaded.map((d) => defSummary(d, "uploaded")),
          ],
        },
      };
    },
  },
  {
    method: "POST",
    path: "/definitions",
    summary: "Upload a game definition (JSON, at most 64 KB): a new game with no new code",
    body: GameDefinition,
    bodyLimit: PACK_LIMITS.definitionBytes,
    perMinute: PACK_LIMITS.uploadsPerMinute,
    async handle({ db }, { body }) {
      const def = body as GameDefinition;
      if (builtinDefinitions.has(def.id) || !(await saveDefinition(db, def)))
        throw new ApiRefusal(409, "definition_exists", `A definition with id "${def.id}" already exists.`);
      return { status: 201, body: defSummary(def, "uploaded") };
    },
  },
];
