import { z } from "zod";
import type { GameRules } from "../../../engine/rules";
import { SerpentOptions } from "../options";
import { createSerpentRaceRules } from "../rules";
import type { SerpentState } from "../state";
import type { Intent } from "../wire";
import { type DeckCache, DeckRef } from "./deck-cache";

/**
 * A hosted room's options: the race's options with its decks named by stored version
 * (`deckRefs`) instead of carried whole, so the room's log stays small and a replay reads
 * the very cards the game was created with.
 */
export const HostedOptions = SerpentOptions.omit({ decks: true }).extend({
  deckRefs: z.array(DeckRef).min(1).max(20),
});
export type HostedOptions = z.infer<typeof HostedOptions>;

/** The race's rules with decks read from the cache `prepareDecks` fills before setup. */
export function createHostedRules(decks: DeckCache): GameRules<SerpentState, Intent, HostedOptions> {
  const race = createSerpentRaceRules();
  return {
    ...race,
    options: HostedOptions,
    setup(args) {
      const { deckRefs, ...rest } = HostedOptions.parse(args.options);
      const loaded = deckRefs.map((ref) => {
        const deck = decks.get(ref);
        // prepareDecks runs first; a version missing here was deleted from the database by hand.
        if (!deck) throw new Error(`deck ${ref.id} version ${ref.version} is not loaded`);
        return deck;
      });
      return race.setup({ ...args, options: { ...rest, decks: loaded } });
    },
  };
}
