import type { GameModule, ServiceModule } from "../engine/module";
import { cardTableModule } from "./card-table/index";
import { cricketBingoModule } from "./cricket-bingo/index";
import { outrankModule } from "./outrank/index";
import { serpentRaceModule } from "./serpent-race/index";
import { triviaModule } from "./trivia-duel/index";

/** Every game the server hosts. The platform and server know games only through this list. */
export const gameModules: GameModule[] = [triviaModule, cardTableModule, outrankModule, serpentRaceModule];

/** Games played over REST alone (no rooms). */
export const serviceModules: ServiceModule[] = [cricketBingoModule];
