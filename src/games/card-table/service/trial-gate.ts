import { ApiRefusal } from "../../../engine/module";

/**
 * Trial games of uploaded definitions share the event loop with every room the server runs:
 * each gives it back every few moves, but ten at once would still take ten slices a turn. So a
 * server runs few of them at once and keeps a short line; an upload past the line is refused
 * (503 `trials_busy`, try again shortly) rather than waiting without end. The gate is the
 * process's own, as the event loop it protects is.
 */
export class TrialGate {
  private active = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    private readonly running = 1,
    // One in line: its answer comes within two trial budgets (20 s), inside a proxy's usual
    // 30 s (deploy/haproxy.cfg); more would wait past it and be answered to nobody.
    private readonly waiting = 1,
  ) {}

  /** Trials running now and waiting in line. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.line.length };
  }

  async run<T>(trial: () => Promise<T>): Promise<T> {
    if (this.active < this.running) this.active++;
    else {
      if (this.line.length >= this.waiting)
        throw new ApiRefusal(
          503,
          "trials_busy",
          "The server is trying out other uploaded definitions; send this one again in a few seconds.",
        );
      // The finishing trial hands its place straight to the next in line (`active` unchanged).
      await new Promise<void>((resolve) => this.line.push(resolve));
    }
    try {
      return await trial();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** This server's gate for definition uploads. */
export const trialGate = new TrialGate();
