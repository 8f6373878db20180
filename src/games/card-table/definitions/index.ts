import { GameDefinition } from "../definition";
import applesJson from "./apples-to-apples.json";
import blackjackJson from "./blackjack.json";
import cahJson from "./cah.json";
import crazyEightsJson from "./crazy-eights.json";
import sandboxJson from "./dice-sandbox.json";
import ohHellJson from "./oh-hell.json";
import pigJson from "./pig.json";

/** The shipped game definitions, validated at load: a broken JSON file fails loudly at start-up. */
export const builtinDefinitions: ReadonlyMap<string, GameDefinition> = new Map(
  [cahJson, applesJson, sandboxJson, pigJson, crazyEightsJson, blackjackJson, ohHellJson].map((json) => {
    const def = GameDefinition.parse(json);
    return [def.id, def];
  }),
);

export const DEFAULT_DEFINITION = "cah";

export function builtinDefinition(id: string): GameDefinition | undefined {
  return builtinDefinitions.get(id);
}
