import { z } from "zod";
import { ApiRefusal, type RouteInput, type ServiceContext } from "../../../engine/module";
import { loadPacks } from "../content/index";
import { CardPack } from "../content/schema";
import { GameDefinition } from "../definition";
import { builtinDefinition, DEFAULT_DEFINITION } from "../definitions/index";
import { CardTableOptions } from "../options";
import { SettingsPatch } from "../settings";
import { PACK_LIMITS } from "./limits";
import { ownerOf } from "./owner";
import type { PackRef } from "./pack-cache";
import { latestPack, visibleTo } from "./pack-store";
import { loadDefinition } from "./store";

/**
 * The REST body for a new table. Unlike the rules' options it may name uploaded packs and
 * definitions by id. Packs become references to their current version (the room's log
 * stores a few bytes per pack, and a replay finds the same cards); an uploaded definition
 * (at most 64 KB) is copied into the options.
 */
export const CreateCardTable = z
  .object({
    definition: z.union([z.string().min(1), GameDefinition]).optional(),
    settings: SettingsPatch.optional(),
    packs: z.array(CardPack).max(10).optional(),
  })
  .strict();
export type CreateCardTable = z.infer<typeof CreateCardTable>;

const cardsIn = (p: CardPack) => Object.values(p.cards).reduce((n, c) => n + c.length, 0);

export async function toCardTableOptions(
  body: unknown,
  { db }: ServiceContext,
  req: RouteInput,
): Promise<CardTableOptions> {
  const b = body as CreateCardTable;
  let definition: string | GameDefinition = b.definition ?? DEFAULT_DEFINITION;
  if (typeof definition === "string" && !builtinDefinition(definition)) {
    const stored = await loadDefinition(db, definition);
    if (!stored) throw new ApiRefusal(400, "unknown_definition", `No game definition "${definition}".`);
    definition = stored;
  }
  const packs = [...(b.packs ?? [])];
  if (Buffer.byteLength(JSON.stringify(packs)) > PACK_LIMITS.inlineBytes)
    throw new ApiRefusal(
      413,
      "packs_too_large",
      `Packs sent with a new table may hold ${PACK_LIMITS.inlineBytes / 1024} KB; upload bigger ones first.`,
    );
  const shipped = new Map(loadPacks().map((p) => [p.id, p]));
  const inline = new Set(packs.map((p) => p.id));
  const owner = ownerOf(req);
  const packRefs: PackRef[] = [];
  let cards = packs.reduce((n, p) => n + cardsIn(p), 0);
  for (const id of new Set(b.settings?.packIds ?? [])) {
    if (inline.has(id)) continue;
    const own = shipped.get(id);
    if (own) {
      cards += cardsIn(own);
      continue;
    }
    const stored = await latestPack(db, id);
    if (!stored || !visibleTo(stored, owner)) throw new ApiRefusal(400, "unknown_pack", `No card pack "${id}".`);
    packRefs.push({ id, version: stored.version });
    cards += stored.cardCount;
  }
  if (packRefs.length > PACK_LIMITS.roomPacks)
    throw new ApiRefusal(400, "too_many_packs", `A table may use at most ${PACK_LIMITS.roomPacks} uploaded packs.`);
  if (cards > PACK_LIMITS.roomCards)
    throw new ApiRefusal(
      400,
      "too_many_cards",
      `Those packs hold ${cards} cards; a table may use at most ${PACK_LIMITS.roomCards}.`,
    );
  return CardTableOptions.parse({ definition, settings: b.settings ?? {}, packs, packRefs });
}
