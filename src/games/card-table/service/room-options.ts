import { z } from "zod";
import { ApiRefusal, type RouteInput, type ServiceContext } from "../../../engine/module";
import { ownerOf, requireOwner } from "../../../engine/owner";
import { CardPack } from "../content/schema";
import { shippedPacks } from "../content/shipped";
import { GameDefinition } from "../definition";
import { builtinDefinition, DEFAULT_DEFINITION } from "../definitions/index";
import type { CardTableOptions, DefinitionRef } from "../options";
import { settingsProblem } from "../options";
import { SettingsPatch } from "../settings";
import { PACK_LIMITS } from "./limits";
import { DEFINITION, GAME, PACK, type PackRef, rememberDefinition, rememberPack } from "./pack-cache";
import { latestPack, visibleTo } from "./pack-store";
import { admitContent } from "./quota";
import { loadDefinition } from "./store";
import { refuseOverlong, TEXT_LIMITS } from "./text-limits";

/**
 * The REST body for a new table. Unlike the rules' options it may carry content: packs
 * (community imports, a web page's own deck) and a whole definition. Those are
 * stored once, immutable, as the sender's (X-Parlor-Owner: counted against their quota and
 * the server's), and the room's options name them by hash; uploaded packs become their
 * current version. So a room costs a few bytes in memory and in its log, whatever it brought.
 */
export const CreateCardTable = z
  .object({
    definition: z.union([z.string().min(1).max(64), GameDefinition]).optional(),
    settings: SettingsPatch.optional(),
    packs: z.array(CardPack).max(10).optional(),
  })
  .strict();
export type CreateCardTable = z.infer<typeof CreateCardTable>;

const cardsIn = (p: CardPack) => Object.values(p.cards).reduce((n, c) => n + c.length, 0);
const bytesOf = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

export async function toCardTableOptions(
  body: unknown,
  ctx: ServiceContext,
  req: RouteInput,
): Promise<CardTableOptions> {
  const { db } = ctx;
  const b = body as CreateCardTable;
  const sent = [...(b.packs ?? [])];
  const ids = new Set<string>();
  for (const p of sent) {
    if (ids.has(p.id)) throw new ApiRefusal(400, "invalid_body", `Pack "${p.id}" is sent twice.`);
    ids.add(p.id);
  }
  if (bytesOf(sent) > PACK_LIMITS.inlineBytes)
    throw new ApiRefusal(
      413,
      "packs_too_large",
      `Packs sent with a new table may hold ${PACK_LIMITS.inlineBytes / 1024} KB; upload bigger ones first.`,
    );
  sent.forEach((p, i) => {
    refuseOverlong(p, `packs[${i}]`);
  });
  const inlineDefinition = typeof b.definition === "object" ? b.definition : null;
  if (inlineDefinition) refuseOverlong(inlineDefinition, "definition", TEXT_LIMITS.definitionDepth);
  if (inlineDefinition && bytesOf(inlineDefinition) > PACK_LIMITS.definitionBytes)
    throw new ApiRefusal(
      413,
      "definition_too_large",
      `A definition may take ${PACK_LIMITS.definitionBytes / 1024} KB.`,
    );
  // Content sent with a table is stored as the sender's: they must say who they are.
  const storeAs = sent.length > 0 || inlineDefinition ? requireOwner(req) : null;
  const owner = storeAs ?? ownerOf(req);

  let definition: GameDefinition;
  let definitionRef: DefinitionRef = DEFAULT_DEFINITION;
  if (inlineDefinition) {
    definition = inlineDefinition;
  } else {
    const id = (b.definition as string | undefined) ?? DEFAULT_DEFINITION;
    const found = builtinDefinition(id) ?? (await loadDefinition(db, id));
    if (!found) throw new ApiRefusal(400, "unknown_definition", `No game definition "${id}".`);
    definition = found;
    definitionRef = id;
    if (!builtinDefinition(id)) definition = rememberDefinition(id, found);
  }
  const bad = settingsProblem(definition, b.settings ?? {});
  if (bad) throw new ApiRefusal(400, "invalid_body", `settings: ${bad}`);

  const shipped = new Map(shippedPacks().map((p) => [p.id, p]));
  const packRefs: PackRef[] = [];
  let cards = sent.reduce((n, p) => n + cardsIn(p), 0);
  for (const id of new Set(b.settings?.packIds ?? [])) {
    if (ids.has(id)) continue;
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

  // Everything checked: store what was sent (once per distinct content) and name it.
  const inlineRefs: { id: string; hash: string }[] = [];
  if (storeAs) {
    const store = ctx.content;
    if (!store) throw new Error("card-table: tables with content need the platform's content store");
    const admit = (bytes: number) => admitContent(ctx, storeAs, bytes);
    for (const pack of sent) {
      const hash = await store.put({ game: GAME, kind: PACK, owner: storeAs, body: pack }, admit);
      rememberPack(pack.id, { hash }, pack);
      inlineRefs.push({ id: pack.id, hash });
    }
    if (inlineDefinition) {
      const hash = await store.put({ game: GAME, kind: DEFINITION, owner: storeAs, body: inlineDefinition }, admit);
      definitionRef = { hash };
      rememberDefinition(definitionRef, inlineDefinition);
    }
  }
  return {
    definition: definitionRef,
    settings: b.settings ?? {},
    packRefs,
    inlineRefs,
  };
}
