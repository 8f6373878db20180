import type { GameModule } from "../../engine/module";
import { buildCatalog } from "./catalog";
import { REFUSALS } from "./codes";
import { loadOutrankContent, OUTRANK_AS_OF } from "./content/index";
import { OutrankOptions } from "./options";
import { outrankWire } from "./protocol";
import { createOutrankRules } from "./rules";
import { CreateOutrankRoom } from "./wire";

export type * from "./wire";

/** The shipped tokens and challenges, read once here so the rules never touch the disk. */
export const outrankCatalog = buildCatalog(loadOutrankContent(), `builtin@${OUTRANK_AS_OF}`);

export const outrankRules = createOutrankRules(outrankCatalog);

export const outrankModule: GameModule = {
  refusals: REFUSALS,
  title: "Outrank",
  rules: outrankRules,
  namespace: "/outrank",
  wire: outrankWire,
  createRoom: {
    slug: "outrank",
    body: CreateOutrankRoom,
    toOptions: (body) => {
      const b = body as CreateOutrankRoom;
      return OutrankOptions.parse({ settings: b.settings ?? {}, mode: b.mode ?? "online" });
    },
  },
  seatTokens: "signed",
};
