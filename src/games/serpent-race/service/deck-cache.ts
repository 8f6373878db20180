import { z } from "zod";
import type { ServiceContext } from "../../../engine/module";
import { RaceDeck } from "../options";
import { loadDeckVersion } from "./deck-store";

/** A game's deck: which stored version it was created with (versions never change). */
export const DeckRef = z.object({ id: z.string().min(1).max(200), version: z.number().int().min(1) });
export type DeckRef = z.infer<typeof DeckRef>;

/**
 * Stored deck versions the rules read synchronously. `prepareDecks` loads a room's decks
 * before its rules run (the room host calls it before setup, every input, timer and
 * replay), so a game's log holds a few bytes per deck rather than its cards. Bounded by
 * bytes, least recently used out first.
 */
export class DeckCache {
  private readonly entries = new Map<string, { deck: RaceDeck; bytes: number }>();
  private bytes = 0;

  constructor(private readonly limitBytes: number) {}

  get(ref: DeckRef): RaceDeck | undefined {
    const key = `${ref.version}@${ref.id}`;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.deck;
  }

  put(ref: DeckRef, deck: RaceDeck, bytes: number): void {
    const key = `${ref.version}@${ref.id}`;
    if (this.entries.has(key)) return;
    this.entries.set(key, { deck, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.limitBytes || k === key) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
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
