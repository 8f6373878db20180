import { GameDefinition } from "../definition";
import cahJson from "./cah.json";
import sandboxJson from "./dice-sandbox.json";

/** The shipped game definitions, validated at load: a broken JSON file fails loudly at start-up. */
export const builtinDefinitions: ReadonlyMap<string, GameDefinition> = new Map(
  [cahJson, sandboxJson].map((json) => {
    const def = GameDefinition.parse(json);
    return [def.id, def];
  }),
);

export const DEFAULT_DEFINITION = "cah";

export function builtinDefinition(id: string): GameDefinition | undefined {
  return builtinDefinitions.get(id);
}
