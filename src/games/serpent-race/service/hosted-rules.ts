import { z } from "zod";
import { withOldNames } from "../../../engine/renamed-keys";
import type { GameRules } from "../../../engine/rules";
import { OLD_NAMES, RaceOptions } from "../options";
import { createSerpentRaceRules } from "../rules";
import type { CardEntry, SerpentState } from "../state";
import type { Intent } from "../wire";
import { type DeckCache, DeckRef } from "./deck-cache";

/**
 * A hosted room's options: the race's options with its decks named by stored version
 * (`deckRefs`) instead of carried whole, so the room's log stays small and a replay reads
 * the very cards the game was created with.
 */
export const HostedOptions = withOldNames(
  OLD_NAMES,
  RaceOptions.omit({ decks: true }).extend({
    deckRefs: z.array(DeckRef).min(1).max(20),
    /**
     * The secret of the game's projector link (`/serpent/<code>/projector?key=…`), which only
     * the gamemaster is given: it lets a screen watch a PRIVATE or ORGANIZATION game. The
     * platform's, never the rules' (setup drops it, so no view can carry it).
     */
    watchKey: z.string().min(20).max(100).optional(),
  }),
);
export type HostedOptions = z.infer<typeof HostedOptions>;

/** The race's rules with decks read from the cache `prepareDecks` fills before setup. */
export function createHostedRules(decks: DeckCache): GameRules<SerpentState, Intent, HostedOptions> {
  const race = createSerpentRaceRules();
  return {
    ...race,
    options: HostedOptions,
    setup(args) {
      const { deckRefs, watchKey: _secret, ...rest } = HostedOptions.parse(args.options);
      const loaded = deckRefs.map((ref) => {
        const deck = decks.get(ref);
        // prepareDecks runs first; a version missing here was deleted from the database by hand.
        if (!deck) throw new Error(`deck ${ref.id} version ${ref.version} is not loaded`);
        return deck;
      });
      const state = race.setup({ ...args, options: { ...rest, decks: loaded } });
      return { ...state, cards: sharedCards(deckRefs, state.cards) };
    },
  };
}

/** Most deck combinations whose card lists are kept for sharing; beyond it, rooms keep their own. */
const SHARED_CARD_LISTS = 512;
const cardLists = new Map<string, readonly CardEntry[]>();

/**
 * One card list for every room over the same stored deck versions. Stored versions never
 * change, so rooms naming the same ones hold the very same cards: a classroom's games over a
 * 10,000-card selection then cost their piles, not a copy of every card each.
 */
function sharedCards(refs: readonly DeckRef[], built: readonly CardEntry[]): readonly CardEntry[] {
  const key = refs.map((r) => `${r.version}:${r.id}`).join("\n");
  const known = cardLists.get(key);
  if (known) {
    // Most recently used last, so the oldest goes first when full.
    cardLists.delete(key);
    cardLists.set(key, known);
    return known;
  }
  if (cardLists.size >= SHARED_CARD_LISTS) cardLists.delete(cardLists.keys().next().value as string);
  const frozen = Object.freeze([...built]);
  cardLists.set(key, frozen);
  return frozen;
}
