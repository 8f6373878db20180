import { z } from "zod";
import { CardPack } from "./content/schema";
import { GameDefinition } from "./definition";
import { builtinDefinition, DEFAULT_DEFINITION } from "./definitions/index";
import { applyPatch, SettingsPatch } from "./settings";
import { checkVariants } from "./validate";

/**
 * Room options: which game (a shipped definition's id, or a whole definition inline),
 * settings over that definition's defaults, and inline card packs (community imports)
 * that `settings.packIds` may name beside the shipped ones.
 */
export const CardTableOptions = z
  .object({
    definition: z.union([z.string().min(1), GameDefinition]).default(DEFAULT_DEFINITION),
    settings: SettingsPatch.default({}),
    packs: z.array(CardPack).max(50).default([]),
    /** Uploaded packs by id and version (RULINGS: content is referenced, not copied). */
    packRefs: z
      .array(z.object({ id: z.string().min(1).max(100), version: z.int().positive() }))
      .max(50)
      .default([]),
  })
  .superRefine((o, ctx) => {
    const def = typeof o.definition === "string" ? builtinDefinition(o.definition) : o.definition;
    if (!def) {
      ctx.addIssue({ code: "custom", path: ["definition"], message: `unknown game definition "${o.definition}"` });
      return;
    }
    let settings: ReturnType<typeof applyPatch>;
    try {
      settings = applyPatch(def.defaultSettings, o.settings);
    } catch (e) {
      ctx.addIssue({ code: "custom", path: ["settings"], message: e instanceof Error ? e.message : "bad settings" });
      return;
    }
    const bad = checkVariants(def, settings.activeVariants);
    if (bad) ctx.addIssue({ code: "custom", path: ["settings", "activeVariants"], message: bad.error.message });
    const ids = new Set<string>();
    for (const p of o.packs) {
      if (ids.has(p.id)) ctx.addIssue({ code: "custom", path: ["packs"], message: `pack ${p.id} appears twice` });
      ids.add(p.id);
    }
  });
export type CardTableOptions = z.infer<typeof CardTableOptions>;

export function resolveDefinition(o: CardTableOptions): GameDefinition {
  const def = typeof o.definition === "string" ? builtinDefinition(o.definition) : o.definition;
  if (!def) throw new Error(`card-table: unknown definition ${String(o.definition)}`);
  return def;
}
