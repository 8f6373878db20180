import { z } from "zod";
import { ContentCache } from "../../../engine/content-cache";
import type { ServiceContext } from "../../../engine/module";
import { RaceDeck } from "../options";
import { loadDeckVersion } from "./deck-store";

/** A game's deck: which stored version it was created with (versions never change). */
export const DeckRef = z.object({ id: z.string().min(1).max(200), version: z.number().int().min(1) });
export type DeckRef = z.infer<typeof DeckRef>;

/**
 * Stored deck versions the rules read synchronously: the engine's content cache, keyed by
 * deck version. `prepareDecks` loads a room's decks before its rules run (the room host
 * calls it before setup, every input, timer and replay), so a game's log holds a few bytes
 * per deck rather than its cards.
 */
export class DeckCache {
  private readonly versions: ContentCache<RaceDeck>;

  constructor(limitBytes: number) {
    this.versions = new ContentCache(limitBytes);
  }

  get(ref: DeckRef): RaceDeck | undefined {
    return this.versions.get(`${ref.version}@${ref.id}`);
  }

  put(ref: DeckRef, deck: RaceDeck, bytes: number): void {
    this.versions.put(`${ref.version}@${ref.id}`, deck, bytes);
  }
}

export const storedDecks = new DeckCache(64 * 1024 * 1024);

/** Load every deck version a room's options name that is not cached yet. */
export async function prepareDecks(options: unknown, { db }: ServiceContext): Promise<void> {
  const refs = (options as { deckRefs?: DeckRef[] } | null)?.deckRefs ?? [];
  for (const ref of refs) {
    if (storedDecks.get(ref)) continue;
    const stored = await loadDeckVersion(db, ref.id, ref.version);
    if (!stored) continue;
    const deck = RaceDeck.parse(stored);
    storedDecks.put(ref, deck, Buffer.byteLength(JSON.stringify(stored.cards)));
  }
}
