import type { Audience, Outbound, Step } from "./rules";

/**
 * Seconds of game time as milliseconds of room time. Never below 1: a deadline due the
 * instant it is armed would fire again and again, and a time scale of 0.001 must still
 * leave every timer some time.
 */
export function scaledMs(timeScale: number, seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000 * timeScale));
}

/**
 * One input or deadline being applied: the working copy of the state, the room's clock and
 * the messages the step produces. `now` moves forward while deadlines fire, so each fires
 * (and stamps what it says) at its own time. Games extend it for their own message shapes.
 */
export class Context<S> {
  readonly out: Outbound[] = [];
  private closes = false;

  constructor(
    readonly s: S,
    public now: number,
    readonly timeScale: number,
  ) {}

  /** A ready-made message for an audience. */
  send(msg: unknown, to: Audience = "all"): void {
    this.out.push({ to, msg });
  }

  /** Each member of the audience gets its own view of the state as it is after the step. */
  views(to: Audience = "all"): void {
    this.out.push({ to, view: true });
  }

  /** Seconds of game time as milliseconds of room time (see `scaledMs`). */
  ms(seconds: number): number {
    return scaledMs(this.timeScale, seconds);
  }

  /** The step ends the room once its messages are out (see `Step.closes`). */
  closeRoom(): void {
    this.closes = true;
  }

  step(): Step<S> {
    return this.closes ? { state: this.s, out: this.out, closes: true } : { state: this.s, out: this.out };
  }
}
