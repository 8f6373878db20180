import { LogConflict, StorageUnavailable } from "../log-errors";
import { HostRefusal } from "./contract";
import type { HostCore } from "./core";

/**
 * One piece of work at a time per room: each room's work runs after the previous piece has
 * settled, whether it succeeded or failed. Rooms never wait on each other.
 */
export class RoomTurns {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(code: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(code) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const settled = next.catch(() => {});
    this.tails.set(code, settled);
    void settled.then(() => {
      if (this.tails.get(code) === settled) this.tails.delete(code);
    });
    return next;
  }

  /** Rooms with work queued or running. */
  busy(): number {
    return this.tails.size;
  }
}

/** This node lost a race for the room's next sequence number: the turn starts again on fresh state. */
class TurnConflict extends Error {}
/** A turn that keeps losing races this often gives up (another node is hammering the same room). */
const MAX_CONFLICTS = 100;

const STORAGE_DOWN = "The game's storage is not reachable right now; nothing was changed. Try again in a moment.";
export const storageDown = () => new HostRefusal("storage_unavailable", STORAGE_DOWN);

/**
 * The host's turns: one per room at a time and, shared with other nodes, the room's lock
 * across them and a fresh start whenever another node took the sequence number this turn
 * was writing (see `SharedMode`).
 */
export class HostTurns {
  private readonly turns = new RoomTurns();

  constructor(private readonly core: HostCore) {}

  /**
   * Run `fn` when the room's previous work is done: one input at a time per room. Shared,
   * the turn also holds the room's lock across nodes, and starts again from a fresh load
   * when another node took the sequence number it was writing.
   */
  run<T>(code: string, fn: () => Promise<T>): Promise<T> {
    const shared = this.core.deps.shared;
    if (!shared) return this.turns.run(code, fn);
    return this.turns.run(code, async () => {
      await shared.touch?.(code).catch((err) => this.core.onError(err, `touch ${code}`));
      const release = await shared.lock?.acquire(code);
      try {
        for (let conflicts = 0; ; conflicts++) {
          try {
            return await fn();
          } catch (err) {
            if (err instanceof StorageUnavailable) throw storageDown();
            if (!(err instanceof TurnConflict) || conflicts >= MAX_CONFLICTS) throw err;
          }
        }
      } finally {
        await release?.().catch((err) => this.core.onError(err, `unlock ${code}`));
      }
    });
  }

  /** Wait for an append; shared, a lost race restarts the turn and an unreachable log refuses the input. */
  async durable(appended: Promise<void>): Promise<void> {
    try {
      await appended;
    } catch (err) {
      if (!this.core.deps.shared) throw err;
      if (err instanceof LogConflict) throw new TurnConflict(err.message);
      if (err instanceof StorageUnavailable) throw storageDown();
      throw err;
    }
  }

  /** Rooms with work queued or running. */
  busy(): number {
    return this.turns.busy();
  }
}

/** Shared: an unreachable database is a refusal with its own code (storage_unavailable), not a crash. */
export async function refuseWhenDown<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof StorageUnavailable) throw storageDown();
    throw err;
  }
}
