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
