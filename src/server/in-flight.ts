/**
 * Counts the promises an object's methods return while they run, so shutdown can wait for
 * work already begun (an input inside its room's turn, a timer's tick, a REST call that
 * acts) before it drains the log and closes the database.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** The number of calls still running. */
  get size(): number {
    return this.running.size;
  }

  /** Follow `p` until it settles; returns it unchanged. */
  track<T>(p: Promise<T>): Promise<T> {
    const settled = p.then(
      () => {},
      () => {},
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return p;
  }

  /**
   * `target` with every method call that returns a promise tracked. Methods run on the
   * target itself, so its private state is untouched.
   */
  wrap<T extends object>(target: T): T {
    return new Proxy(target, {
      get: (t, prop) => {
        const value = Reflect.get(t, prop, t);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const out = value.apply(t, args);
          return out instanceof Promise ? this.track(out) : out;
        };
      },
    });
  }

  /** Resolves once nothing tracked is running, including work that began while waiting. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
