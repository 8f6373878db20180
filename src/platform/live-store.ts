import type { RoomOrigin } from "../engine/replay";
import type { Seating } from "./membership";
import type { SentLog } from "./sent-log";

/** Everything the host keeps about a live room. Seating (credentials, devices) is never sent to anyone. */
export interface RoomRecord extends Seating {
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
  /**
   * Which steps sent something to whom, for answering resyncs (see sent-log.ts). Absent:
   * nothing is known before `seq` (a new room, a room rebuilt from its log).
   */
  sent?: SentLog;
}

/**
 * Live room state behind an interface (memory now; Redis in scale-out mode). Every method
 * is asynchronous, so a store across the network can implement it.
 */
export interface LiveStore {
  get(code: string): Promise<RoomRecord | null>;
  /** The stored version alone (null: absent), read without decoding the room. */
  version(code: string): Promise<number | null>;
  /** Store `next` only if the stored version is still `expected` (compare-and-set; null: absent). */
  cas(code: string, expected: number | null, next: RoomRecord): Promise<boolean>;
  delete(code: string): Promise<void>;
  has(code: string): Promise<boolean>;
  size(): Promise<number>;
  codes(): Promise<string[]>;
}

export class MemoryLiveStore implements LiveStore {
  private rooms = new Map<string, RoomRecord>();

  async get(code: string) {
    return this.rooms.get(code) ?? null;
  }

  async version(code: string) {
    return this.rooms.get(code)?.version ?? null;
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

  async has(code: string) {
    return this.rooms.has(code);
  }

  async size() {
    return this.rooms.size;
  }

  async codes() {
    return [...this.rooms.keys()];
  }

  /** For metrics gauges, which read synchronously; only the in-process store can answer this way. */
  sizeNow(): number {
    return this.rooms.size;
  }
}
