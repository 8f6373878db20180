import { z } from "zod";
import { type CardPack, PackId } from "./content/schema";
import type { GameDefinition } from "./definition";
import { builtinDefinition, DEFAULT_DEFINITION } from "./definitions/index";
import { upgradeLegacyDefinition } from "./legacy-definition";
import { applyPatch, SettingsPatch } from "./settings";
import { checkVariants } from "./validate";

/** A hash naming stored content (sha256, base64url): see ContentStore in src/engine/module.ts. */
export const ContentHash = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const StoredRef = z.object({ hash: ContentHash }).strict();

/**
 * Which game a room plays: a shipped definition's id or an uploaded one's (uploaded
 * definitions never change once stored), or a definition sent with the room, by the hash
 * it was stored under.
 */
export const DefinitionRef = z.union([z.string().min(1).max(64), StoredRef]);
export type DefinitionRef = z.infer<typeof DefinitionRef>;

/** Where the rules find a definition by its reference (shipped ones, and what `prepare` loaded). */
export type DefinitionLibrary = (ref: DefinitionRef) => GameDefinition | undefined;

export const shippedDefinitions: DefinitionLibrary = (ref) =>
  typeof ref === "string" ? builtinDefinition(ref) : undefined;

/**
 * Room options: which game, settings over that definition's defaults, and the packs beyond
 * the shipped ones that `settings.packIds` may name. Content is referenced, not copied
 * (docs/architecture.md, Decisions D6): uploaded packs by id and version, packs sent with
 * the room by the hash they were stored under, so a room costs a few bytes in memory and in
 * its log.
 */
export function cardTableOptions(definitions: DefinitionLibrary) {
  return z
    .object({
      definition: DefinitionRef.default(DEFAULT_DEFINITION),
      settings: SettingsPatch.default({}),
      /** Uploaded packs by id and version. */
      packRefs: z
        .array(z.object({ id: PackId, version: z.int().positive() }).strict())
        .max(50)
        .default([]),
      /** Packs sent with the room (imports, a web page's own deck), stored and named by hash. */
      inlineRefs: z
        .array(z.object({ id: PackId, hash: ContentHash }).strict())
        .max(10)
        .default([]),
    })
    .strict()
    .superRefine((o, ctx) => {
      const def = definitions(o.definition);
      if (!def) {
        ctx.addIssue({
          code: "custom",
          path: ["definition"],
          message: `unknown game definition ${describe(o.definition)}`,
        });
        return;
      }
      const bad = settingsProblem(def, o.settings);
      if (bad) ctx.addIssue({ code: "custom", path: ["settings"], message: bad });
      const ids = new Set<string>();
      for (const p of [...o.packRefs, ...o.inlineRefs]) {
        if (ids.has(p.id)) ctx.addIssue({ code: "custom", path: ["packRefs"], message: `pack ${p.id} appears twice` });
        ids.add(p.id);
      }
    });
}

/** The options' schema with the shipped definitions only (types, and tests without stored content). */
export const CardTableOptions = cardTableOptions(shippedDefinitions);
export type CardTableOptions = z.infer<typeof CardTableOptions>;

const describe = (ref: DefinitionRef) => (typeof ref === "string" ? `"${ref}"` : `stored as ${ref.hash}`);

/** Why `settings` do not fit `def` (bad values, variants it lacks or that exclude each other), or null. */
export function settingsProblem(def: GameDefinition, settings: SettingsPatch): string | null {
  let applied: ReturnType<typeof applyPatch>;
  try {
    applied = applyPatch(def.defaultSettings, settings);
  } catch (e) {
    return e instanceof Error ? e.message : "bad settings";
  }
  const bad = checkVariants(def, applied.activeVariants);
  return bad ? bad.error.message : null;
}

/**
 * Options as a room's log holds them. Rooms created before content was stored by reference
 * carried their definition and packs whole; replays of those still read them.
 */
export interface LoggedOptions extends Omit<CardTableOptions, "definition"> {
  definition: DefinitionRef | GameDefinition;
  packs?: CardPack[];
}

export function resolveDefinition(o: LoggedOptions, definitions: DefinitionLibrary): GameDefinition {
  const ref = o.definition;
  // A definition carried whole in an old log was never read by today's schema: read it into today's form.
  const def =
    typeof ref === "object" && "phases" in ref ? (upgradeLegacyDefinition(ref) as GameDefinition) : definitions(ref);
  if (!def) throw new Error(`card-table: definition ${JSON.stringify(ref)} is not loaded`);
  return def;
}
