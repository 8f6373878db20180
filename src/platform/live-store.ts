import type { RoomOrigin } from "../engine/replay";

/** Everything the host keeps about a live room. */
export interface RoomRecord {
  uid: string;
  code: string;
  game: string;
  origin: RoomOrigin;
  state: unknown;
  version: number;
  /** Log sequence of the last accepted input. */
  seq: number;
  /** When the room last accepted an input or ran a timer (for closing idle rooms). */
  touchedAt: number;
  /** Seat credentials (hashed) → seat. Never sent to anyone. */
  members: Record<string, string>;
  /** Credentials (hashed) that gave their seat up with LEAVE → the seat they had. */
  retired: Record<string, string>;
}

/** Live room state behind an interface (memory now; Redis in scale-out mode). */
export interface LiveStore {
  get(code: string): Promise<RoomRecord | null>;
  /** Store `next` only if the stored version is still `expected` (compare-and-set). */
  cas(code: string, expected: number | null, next: RoomRecord): Promise<boolean>;
  delete(code: string): Promise<void>;
  has(code: string): boolean;
  size(): number;
  codes(): string[];
}

export class MemoryLiveStore implements LiveStore {
  private rooms = new Map<string, RoomRecord>();

  async get(code: string) {
    return this.rooms.get(code) ?? null;
  }

  async cas(code: string, expected: number | null, next: RoomRecord) {
    const cur = this.rooms.get(code);
    if ((cur?.version ?? null) !== expected) return false;
    this.rooms.set(code, next);
    return true;
  }

  async delete(code: string) {
    this.rooms.delete(code);
  }

  has(code: string) {
    return this.rooms.has(code);
  }

  size() {
    return this.rooms.size;
  }

  codes() {
    return [...this.rooms.keys()];
  }
}
