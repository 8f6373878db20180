import type { GameModule } from "../../engine/module";
import { REFUSALS } from "./codes";
import { builtinDefinitions } from "./definitions/index";
import { cardTableWire } from "./protocol";
import { createCardTableRules } from "./rules";
import { cardLibrary, definitionLibrary } from "./service/card-library";
import { cardTableMigrations } from "./service/migrations";
import { prepareCardContent } from "./service/pack-cache";
import { purgeDeletedPacks, storedUploadBytes } from "./service/pack-store";
import { flushCardHistory, projectCardTable } from "./service/projection";
import { reportRoutes } from "./service/reports";
import { CreateCardTable, toCardTableOptions } from "./service/room-options";
import { cardTableRoutes } from "./service/routes";
import { saveDefinition } from "./service/store";

export { interpolatePrompt } from "./interpolate";
export type { GameStateView } from "./view";

export const cardTableRules = createCardTableRules(cardLibrary, definitionLibrary);

export const cardTableModule: GameModule = {
  refusals: REFUSALS,
  title: "Card Table",
  rules: cardTableRules,
  namespace: "/cards",
  wire: cardTableWire,
  createRoom: { slug: "cards", body: CreateCardTable, toOptions: toCardTableOptions },
  seatTokens: "signed",
  migrations: cardTableMigrations,
  routes: [...cardTableRoutes, ...reportRoutes],
  project: projectCardTable,
  prepare: prepareCardContent,
  storedBytes: ({ db }) => storedUploadBytes(db),
  close: ({ db }) => flushCardHistory(db),
  async init({ db }) {
    // The shipped definitions live in game_definitions too, so games rows can reference them.
    for (const def of builtinDefinitions.values()) await saveDefinition(db, def, { replace: true });
    // Deleted packs no open room can still name are forgotten at each start.
    await purgeDeletedPacks(db);
  },
};
