import type { GameModule } from "../../engine/module";
import { REFUSALS } from "./codes";
import { loadSerpentDecks } from "./content/index";
import { serpentWire } from "./protocol";
import { SERPENT_RACE_ID } from "./rules";
import { prepareDecks, storedDecks } from "./service/deck-cache";
import { deckRoutes } from "./service/deck-routes";
import { installBuiltinDecks } from "./service/deck-store";
import { projectSerpentRace } from "./service/game-projection";
import { gameRoutes } from "./service/game-routes";
import { latestOpenGame } from "./service/game-store";
import { createHostedRules, HostedOptions } from "./service/hosted-rules";
import { serpentMigrations } from "./service/migrations";
import { mayWatch } from "./service/watching";
import { GM_SEAT } from "./state";

export const serpentRaceRules = createHostedRules(storedDecks);

/**
 * SerpentRace on the platform: games are created, joined and started over the document's
 * REST (/api/v1/game/…), decks kept under /api/v1/decks, and the race played over named
 * Socket.IO events in namespace /game.
 */
export const serpentRaceModule: GameModule = {
  refusals: REFUSALS,
  title: "SerpentRace",
  slug: "serpent",
  rules: serpentRaceRules,
  namespace: "/game",
  wire: {
    ...serpentWire,
    joins: {
      // The game's creator is its gamemaster (docs/games/serpent-race.md, Decisions D10),
      // proven by their access token.
      accountSeat: (options, userId) => (HostedOptions.safeParse(options).data?.createdBy === userId ? GM_SEAT : null),
      accountRoom: async (userId, { db }) => (await latestOpenGame(db, userId))?.code ?? null,
      mayWatch,
    },
  },
  seatTokens: "signed",
  migrations: serpentMigrations,
  routes: [...gameRoutes, ...deckRoutes],
  prepare: prepareDecks,
  project: projectSerpentRace,
  async init({ db, now }) {
    await installBuiltinDecks(db, loadSerpentDecks(), now());
  },
};

export { SERPENT_RACE_ID };
