import everydayJson from "./decks/everyday-things.json";
import jokersJson from "./decks/jokers.json";
import standardJson from "./decks/standard-52.json";
import { CardPack } from "./schema";

/**
 * Card decks for games other than CAH, shipped like the answer packs and named the same
 * way in `settings.packIds`: the standard 52-card deck ("standard-52", card type
 * "standard") and two jokers for it ("jokers"). Each card carries `suit`, `rank`, `value`
 * (ace 1 with `altValue` 11; jacks, queens and kings 10), `order` (two low, ace high: 14;
 * jokers 15), `color` and a `text` to show ("A♠").
 */
export const STANDARD_DECK = "standard-52";
export const JOKERS = "jokers";
/** Qualities and things to match them with (card types "quality" and "thing"), for the Apples to Apples definition. */
export const EVERYDAY_THINGS = "everyday-things";

let cache: CardPack[] | null = null;

/** The shipped decks, validated (a broken file fails loudly at start-up). */
export function loadDeckPacks(): CardPack[] {
  cache ??= [standardJson, jokersJson, everydayJson].map((json) => CardPack.parse(json));
  return cache;
}
