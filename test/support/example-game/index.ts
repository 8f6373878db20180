import { envelopeWire } from "../../../src/engine/envelope-wire";
import type { GameModule } from "../../../src/engine/module";
import { REFUSALS } from "./codes";
import { raceRules } from "./rules";
import { RaceOptions } from "./state";

/**
 * What the server is handed for Race to 21 (a real game's src/games/<id>/index.ts, listed
 * once in src/games/registry.ts): its rules, its namespace, the action envelope Card Table
 * and Outrank speak, and how a room is made over REST.
 */
export const raceModule: GameModule = {
  title: "Race to 21",
  rules: raceRules,
  refusals: REFUSALS,
  namespace: "/race21",
  wire: envelopeWire,
  createRoom: { slug: "race21", body: RaceOptions, toOptions: (body) => RaceOptions.parse(body) },
};
