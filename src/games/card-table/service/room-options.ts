import { z } from "zod";
import { ApiRefusal, type ServiceContext } from "../../../engine/module";
import { loadPacks } from "../content/index";
import { CardPack } from "../content/schema";
import { GameDefinition } from "../definition";
import { builtinDefinition, DEFAULT_DEFINITION } from "../definitions/index";
import { CardTableOptions } from "../options";
import { SettingsPatch } from "../settings";
import { loadDefinition, loadPack } from "./store";

/**
 * The REST body for a new table. Unlike the rules' options it may name uploaded
 * definitions and packs by id; they are looked up here and written into the room's
 * options, so the rules (and any replay) never need the database.
 */
export const CreateCardTable = z
  .object({
    definition: z.union([z.string().min(1), GameDefinition]).optional(),
    settings: SettingsPatch.optional(),
    packs: z.array(CardPack).max(50).optional(),
  })
  .strict();
export type CreateCardTable = z.infer<typeof CreateCardTable>;

export async function toCardTableOptions(body: unknown, { db }: ServiceContext): Promise<CardTableOptions> {
  const b = body as CreateCardTable;
  let definition: string | GameDefinition = b.definition ?? DEFAULT_DEFINITION;
  if (typeof definition === "string" && !builtinDefinition(definition)) {
    const stored = await loadDefinition(db, definition);
    if (!stored) throw new ApiRefusal(400, "unknown_definition", `No game definition "${definition}".`);
    definition = stored;
  }
  const packs = [...(b.packs ?? [])];
  const have = new Set([...loadPacks().map((p) => p.id), ...packs.map((p) => p.id)]);
  for (const id of b.settings?.packIds ?? []) {
    if (have.has(id)) continue;
    const stored = await loadPack(db, id);
    if (!stored) throw new ApiRefusal(400, "unknown_pack", `No card pack "${id}".`);
    packs.push(stored);
    have.add(id);
  }
  return CardTableOptions.parse({ definition, settings: b.settings ?? {}, packs });
}
