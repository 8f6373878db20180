import type { ServiceContext } from "../../../engine/module";
import type { CardPack } from "../content/schema";
import { loadPackVersion } from "./pack-store";

export interface PackRef {
  id: string;
  version: number;
}

/**
 * Uploaded pack versions the rules read synchronously by id and version. `preparePacks`
 * loads a room's packs before its rules run (the room host calls it before every input,
 * timer and replay); a version never changes once stored, so whatever is cached is right.
 * Bounded by bytes, least recently used out first, so many rooms naming many packs cost
 * one copy of each pack, not one per room.
 */
export class PackCache {
  private readonly entries = new Map<string, { pack: CardPack; bytes: number }>();
  private bytes = 0;

  constructor(private readonly limitBytes: number) {}

  get(id: string, version: number): CardPack | undefined {
    const key = `${version}@${id}`;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.pack;
  }

  put(id: string, version: number, pack: CardPack, bytes: number): void {
    const key = `${version}@${id}`;
    if (this.entries.has(key)) return;
    this.entries.set(key, { pack, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.limitBytes || k === key) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }
}

export const uploadedPacks = new PackCache(96 * 1024 * 1024);

/** Load every uploaded pack a room's options name that is not cached yet. */
export async function preparePacks(options: unknown, { db }: ServiceContext): Promise<void> {
  const refs = (options as { packRefs?: PackRef[] } | null)?.packRefs ?? [];
  for (const ref of refs) {
    if (uploadedPacks.get(ref.id, ref.version)) continue;
    const pack = await loadPackVersion(db, ref.id, ref.version);
    if (pack) uploadedPacks.put(ref.id, ref.version, pack, Buffer.byteLength(JSON.stringify(pack.cards)));
  }
}
