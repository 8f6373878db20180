import type { GameModule } from "../../engine/module";
import { loadPacks } from "./content/index";
import { builtinDefinitions } from "./definitions/index";
import { cardTableWire } from "./protocol";
import { createCardTableRules } from "./rules";
import { cardTableMigrations } from "./service/migrations";
import { prepareCardContent, storedDefinition, storedPack } from "./service/pack-cache";
import { purgeDeletedPacks, storedPackBytes } from "./service/pack-store";
import { flushCardHistory, projectCardTable } from "./service/projection";
import { CreateCardTable, toCardTableOptions } from "./service/room-options";
import { cardTableRoutes } from "./service/routes";
import { saveDefinition } from "./service/store";

export { interpolatePrompt } from "./interpolate";
export type { GameStateView } from "./view";

/**
 * The shipped packs, read once here so the rules themselves never touch the disk; stored
 * packs and definitions come from the caches `prepareCardContent` fills before the rules run.
 */
const shipped = new Map(loadPacks().map((p) => [p.id, p]));

export const cardTableRules = createCardTableRules(
  (id, source) => (source === undefined ? shipped.get(id) : storedPack(id, source)),
  (ref) => (typeof ref === "string" ? (builtinDefinitions.get(ref) ?? storedDefinition(ref)) : storedDefinition(ref)),
);

export const cardTableModule: GameModule = {
  title: "Card Table",
  rules: cardTableRules,
  namespace: "/cards",
  wire: cardTableWire,
  createRoom: { slug: "cards", body: CreateCardTable, toOptions: toCardTableOptions },
  seatTokens: "signed",
  migrations: cardTableMigrations,
  routes: cardTableRoutes,
  project: projectCardTable,
  prepare: prepareCardContent,
  storedBytes: ({ db }) => storedPackBytes(db),
  close: ({ db }) => flushCardHistory(db),
  async init({ db }) {
    // The shipped definitions live in game_definitions too, so games rows can reference them.
    for (const def of builtinDefinitions.values()) await saveDefinition(db, def, true);
    // Deleted packs no open room can still name are forgotten at each start.
    await purgeDeletedPacks(db);
  },
};
