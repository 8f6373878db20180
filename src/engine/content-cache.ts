/**
 * Stored content (packs, definitions, question sets) that rules read synchronously, by a
 * key naming one immutable version. A game's `prepare` fills it before its rules run.
 *
 * Two things keep memory bounded however many rooms name content:
 * - the most recently used entries are kept up to `limitBytes` (their stored JSON size),
 *   least recently used out first;
 * - an entry let go while rooms still hold it (their state points into it) is found again
 *   through a weak reference, so every room shares one copy of a version: a room costs a
 *   pointer to its content, and the content alive at once is at most what is stored.
 */
export class ContentCache<T extends object> {
  private readonly recent = new Map<string, { value: T; bytes: number }>();
  private readonly alive = new Map<string, { ref: WeakRef<T>; bytes: number }>();
  private readonly gone = new FinalizationRegistry<string>((key) => {
    if (this.alive.get(key)?.ref.deref() === undefined) this.alive.delete(key);
  });
  private bytes = 0;

  constructor(private readonly limitBytes: number) {}

  get(key: string): T | undefined {
    const hit = this.recent.get(key);
    if (hit) {
      this.recent.delete(key);
      this.recent.set(key, hit);
      return hit.value;
    }
    const held = this.alive.get(key);
    const value = held?.ref.deref();
    if (held && value) this.keep(key, value, held.bytes);
    return value;
  }

  /** Remember `value` under `key` (unless a copy is already known: then that copy is kept). */
  put(key: string, value: T, bytes: number): T {
    const known = this.get(key);
    if (known) return known;
    this.alive.set(key, { ref: new WeakRef(value), bytes });
    this.gone.register(value, key);
    this.keep(key, value, bytes);
    return value;
  }

  /** Entries held strongly now, and their bytes (tests, metrics). */
  held(): { entries: number; bytes: number } {
    return { entries: this.recent.size, bytes: this.bytes };
  }

  private keep(key: string, value: T, bytes: number): void {
    this.recent.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.recent) {
      if (this.bytes <= this.limitBytes || k === key) break;
      this.recent.delete(k);
      this.bytes -= e.bytes;
    }
  }
}
