import type { GameModule } from "../../engine/module";
import { loadPacks } from "./content/index";
import { CardTableOptions } from "./options";
import { cardTableWire } from "./protocol";
import { createCardTableRules } from "./rules";

export { interpolatePrompt } from "./interpolate";
export type { GameStateView } from "./view";

/** The shipped packs, read once here so the rules themselves never touch the disk. */
const shipped = new Map(loadPacks().map((p) => [p.id, p]));

export const cardTableRules = createCardTableRules((id) => shipped.get(id));

export const cardTableModule: GameModule = {
  title: "Card Table",
  rules: cardTableRules,
  namespace: "/cards",
  wire: cardTableWire,
  createRoom: { slug: "cards", body: CardTableOptions, toOptions: (body) => body },
};
