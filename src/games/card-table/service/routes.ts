import { z } from "zod";
import { ApiRefusal, type RouteDef } from "../../../engine/module";
import { importCah } from "../content/cah-format";
import { loadPacks } from "../content/index";
import { CardPack } from "../content/schema";
import { GameDefinition } from "../definition";
import { builtinDefinitions } from "../definitions/index";
import { listDefinitions, listPacks, loadPack, saveDefinition, savePack } from "./store";

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

function summary(p: CardPack, source: "shipped" | "uploaded") {
  return {
    id: p.id,
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    official: p.official,
    source,
    counts: Object.fromEntries(Object.entries(p.cards).map(([deck, cards]) => [deck, cards.length])),
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

/** Card packs and game definitions: list, fetch, upload, and import community CAH JSON. */
export const cardTableRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/packs",
    summary: "List card packs (shipped and uploaded)",
    async handle({ db }) {
      const uploaded = await listPacks(db);
      return {
        status: 200,
        body: {
          packs: [...loadPacks().map((p) => summary(p, "shipped")), ...uploaded.map((p) => summary(p, "uploaded"))],
        },
      };
    },
  },
  {
    method: "GET",
    path: "/packs/:id",
    summary: "One card pack with its cards",
    async handle({ db }, { params }) {
      const id = params.id ?? "";
      const pack = loadPacks().find((p) => p.id === id) ?? (await loadPack(db, id));
      if (!pack) throw new ApiRefusal(404, "pack_not_found", `No card pack "${id}".`);
      return { status: 200, body: pack };
    },
  },
  {
    method: "POST",
    path: "/packs",
    summary: "Upload a card pack in the CardPack format",
    body: CardPack,
    bodyLimit: 8 * 1024 * 1024,
    async handle({ db }, { body }) {
      const pack = body as CardPack;
      if (shippedIds().has(pack.id) || !(await savePack(db, pack)))
        throw new ApiRefusal(409, "pack_exists", `A pack with id "${pack.id}" already exists.`);
      return { status: 201, body: summary(pack, "uploaded") };
    },
  },
  {
    method: "POST",
    path: "/packs/import",
    summary: "Import packs in the community CAH JSON format (compact or full per-pack form)",
    body: z.unknown(),
    bodyLimit: 16 * 1024 * 1024,
    async handle({ db }, { body }) {
      const taken = shippedIds();
      for (const p of await listPacks(db)) taken.add(p.id);
      const result = importCah(body, { onBadCard: "skip" });
      if (!result.ok) throw new ApiRefusal(400, result.error.code, result.error.message);
      const saved = [];
      for (const imported of result.packs) {
        const pack = withFreshId(imported, taken);
        taken.add(pack.id);
        if (!(await savePack(db, pack)))
          throw new ApiRefusal(409, "pack_exists", `A pack with id "${pack.id}" already exists.`);
        saved.push(summary(pack, "uploaded"));
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
    summary: "Upload a game definition (JSON): a new game with no new code",
    body: GameDefinition,
    bodyLimit: 2 * 1024 * 1024,
    async handle({ db }, { body }) {
      const def = body as GameDefinition;
      if (builtinDefinitions.has(def.id) || !(await saveDefinition(db, def)))
        throw new ApiRefusal(409, "definition_exists", `A definition with id "${def.id}" already exists.`);
      return { status: 201, body: defSummary(def, "uploaded") };
    },
  },
];
