/** One timer per room at due(state), behind an interface (in-process now; BullMQ at scale). */
export interface Scheduler {
  /**
   * Fire the room's timer at `at` (null: none), replacing any earlier one. `seq` is the log
   * position of the state `at` came from: a scheduler shared by nodes ignores an arm older
   * than the one it holds, so a slow node cannot put back a timer the room moved past.
   */
  arm(code: string, at: number | null, seq?: number): void;
  /** Stop firing on this node. A shared scheduler leaves the timers to the other nodes. */
  cancelAll(): void;
}

// setTimeout overflows past 2^31-1 ms; re-arm in steps for far deadlines.
const MAX_DELAY = 2 ** 31 - 1;

/** Rooms fired in one turn of the event loop, at most (each starts its turn; most of it runs after). */
export const ROOMS_PER_TURN = 16;

/**
 * Timers in this process. A room's timer that comes due is queued, and the queue fires up to
 * `ROOMS_PER_TURN` rooms per turn of the event loop (`setImmediate`): when many deadlines
 * fall due together (a loop that was busy for a while, thousands of rooms on the same clock),
 * Node would otherwise run every room's turn back to back in one timers phase, and every
 * socket's input waited behind the whole burst. Between two batches, the input that arrived
 * meanwhile is read. Not one room a turn: with thousands of sockets a turn of the loop reads
 * a lot of input, and deadlines queued one a turn fell hundreds of milliseconds late (1,040 of
 * 35,074 at 5,000 players; docs/benchmarks.md).
 */
export class InProcessScheduler implements Scheduler {
  private timers = new Map<string, { at: number; handle: NodeJS.Timeout }>();
  /** Rooms due and not fired yet, in the order their timers came due. */
  private readonly due = new Map<string, number>();
  private draining: NodeJS.Immediate | null = null;

  constructor(
    private readonly fire: (code: string) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  arm(code: string, at: number | null): void {
    const cur = this.timers.get(code);
    if (cur && cur.at === at) return;
    if (cur) clearTimeout(cur.handle);
    // A new time replaces one already due and not yet fired, as it replaces a pending timer.
    this.due.delete(code);
    if (at === null) {
      this.timers.delete(code);
      return;
    }
    const delay = Math.min(MAX_DELAY, Math.max(0, at - this.clock()));
    const handle = setTimeout(() => {
      if (this.clock() < at) {
        this.timers.delete(code);
        this.arm(code, at);
        return;
      }
      // Still listed (with its time) until it fires, so arming the same time again is a no-op.
      this.due.set(code, at);
      this.draining ??= setImmediate(() => this.drain());
    }, delay);
    this.timers.set(code, { at, handle });
  }

  /** Fire the first rooms due, then give the event loop back before the next ones. */
  private drain(): void {
    this.draining = null;
    try {
      for (let n = 0; n < ROOMS_PER_TURN; n++) {
        const next = this.due.keys().next();
        if (next.done) return;
        const code = next.value;
        this.due.delete(code);
        this.timers.delete(code);
        this.fire(code);
      }
    } finally {
      // Queued after whatever the rooms' turns queued, and after the I/O that arrives meanwhile.
      if (this.due.size > 0) this.draining ??= setImmediate(() => this.drain());
    }
  }

  cancelAll(): void {
    for (const t of this.timers.values()) clearTimeout(t.handle);
    this.timers.clear();
    this.due.clear();
    if (this.draining) clearImmediate(this.draining);
    this.draining = null;
  }
}
