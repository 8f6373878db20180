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

export class InProcessScheduler implements Scheduler {
  private timers = new Map<string, { at: number; handle: NodeJS.Timeout }>();

  constructor(
    private readonly fire: (code: string) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  arm(code: string, at: number | null): void {
    const cur = this.timers.get(code);
    if (cur && cur.at === at) return;
    if (cur) clearTimeout(cur.handle);
    if (at === null) {
      this.timers.delete(code);
      return;
    }
    const delay = Math.min(MAX_DELAY, Math.max(0, at - this.clock()));
    const handle = setTimeout(() => {
      this.timers.delete(code);
      if (this.clock() >= at) this.fire(code);
      else this.arm(code, at);
    }, delay);
    this.timers.set(code, { at, handle });
  }

  cancelAll(): void {
    for (const t of this.timers.values()) clearTimeout(t.handle);
    this.timers.clear();
  }
}
