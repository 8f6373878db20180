import { loadDeckPacks } from "./decks";
import { loadPacks } from "./index";
import type { CardPack } from "./schema";

/** Every pack the server ships: the CAH answer packs, then the card decks (decks.ts). */
export function shippedPacks(): CardPack[] {
  return [...loadPacks(), ...loadDeckPacks()];
}
