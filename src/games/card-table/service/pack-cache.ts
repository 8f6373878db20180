import { ContentCache } from "../../../engine/content-cache";
import type { ServiceContext } from "../../../engine/module";
import { CardPack } from "../content/schema";
import type { PackSource } from "../deck";
import { GameDefinition } from "../definition";
import { builtinDefinition } from "../definitions/index";
import type { DefinitionRef } from "../options";
import { loadPackVersion } from "./pack-store";
import { loadDefinition } from "./store";

export interface PackRef {
  id: string;
  version: number;
}

/** Content kinds this game stores in the platform's content store. */
export const GAME = "card-table";
export const PACK = "pack";
export const DEFINITION = "definition";

/**
 * Stored packs and definitions the rules read synchronously: uploaded pack versions (by id
 * and version), packs and definitions sent with a room (by hash), uploaded definitions (by
 * id: they never change once stored). `prepareCardContent` fills them before the rules run
 * (the room host calls it before every input, timer and replay).
 */
export const storedPacks = new ContentCache<CardPack>(96 * 1024 * 1024);
export const storedDefinitions = new ContentCache<GameDefinition>(16 * 1024 * 1024);

const packKey = (id: string, source: PackSource) => ("hash" in source ? `#${source.hash}` : `${source.version}@${id}`);
const definitionKey = (ref: DefinitionRef) => (typeof ref === "string" ? `id:${ref}` : `#${ref.hash}`);
const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

export const storedPack = (id: string, source: PackSource) => storedPacks.get(packKey(id, source));
export const storedDefinition = (ref: DefinitionRef) => storedDefinitions.get(definitionKey(ref));

/** Remember content just stored or loaded (the copy already known wins, so rooms share one). */
export const rememberPack = (id: string, source: PackSource, pack: CardPack) =>
  storedPacks.put(packKey(id, source), pack, size(pack.cards));
export const rememberDefinition = (ref: DefinitionRef, def: GameDefinition) =>
  storedDefinitions.put(definitionKey(ref), def, size(def));

interface Refs {
  definition?: unknown;
  packRefs?: PackRef[];
  inlineRefs?: { id: string; hash: string }[];
}

/** Load what a room's options name that is not in memory yet. */
export async function prepareCardContent(options: unknown, ctx: ServiceContext): Promise<void> {
  const o = (options ?? {}) as Refs;
  for (const ref of o.packRefs ?? []) {
    if (storedPack(ref.id, ref)) continue;
    const pack = await loadPackVersion(ctx.db, ref.id, ref.version);
    if (pack) rememberPack(ref.id, ref, pack);
  }
  for (const ref of o.inlineRefs ?? []) {
    if (storedPack(ref.id, ref)) continue;
    const body = await ctx.content?.get(GAME, PACK, ref.hash);
    if (body) rememberPack(ref.id, ref, CardPack.parse(body));
  }
  const def = o.definition;
  if (typeof def === "string" && !builtinDefinition(def) && !storedDefinition(def)) {
    const stored = await loadDefinition(ctx.db, def);
    if (stored) rememberDefinition(def, stored);
  } else if (def && typeof def === "object" && "hash" in def && typeof def.hash === "string") {
    const ref = { hash: def.hash };
    if (storedDefinition(ref)) return;
    const body = await ctx.content?.get(GAME, DEFINITION, ref.hash);
    if (body) rememberDefinition(ref, GameDefinition.parse(body));
  }
}
