import { shippedPacks } from "../content/shipped";
import type { PackLibrary } from "../deck";
import { builtinDefinitions } from "../definitions/index";
import type { DefinitionLibrary } from "../options";
import { storedDefinition, storedPack } from "./pack-cache";

/**
 * The shipped packs (CAH's and the card decks), read once here so the rules themselves never touch the disk; stored
 * packs and definitions come from the caches `prepareCardContent` fills before the rules run.
 */
const shipped = new Map(shippedPacks().map((p) => [p.id, p]));

export const cardLibrary: PackLibrary = (id, source) =>
  source === undefined ? shipped.get(id) : storedPack(id, source);

export const definitionLibrary: DefinitionLibrary = (ref) =>
  typeof ref === "string" ? (builtinDefinitions.get(ref) ?? storedDefinition(ref)) : storedDefinition(ref);
