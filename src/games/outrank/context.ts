import type { Audience, Outbound, Step } from "../../engine/rules";
import type { Catalog } from "./catalog";
import type { OutrankState } from "./state";
import type { OutrankEvent } from "./wire";

/**
 * One input or timer being applied: the working copy, the clock, the catalog, and the
 * messages it produces. `now` moves when a timer fires, so each timer acts at its own time.
 */
export class Ctx {
  readonly out: Outbound[] = [];

  constructor(
    readonly s: OutrankState,
    public now: number,
    readonly catalog: Catalog,
  ) {}

  emit(event: OutrankEvent, to: Audience = "all"): void {
    this.out.push({ to, msg: { type: "event", event } });
  }

  /** Seconds of game time as milliseconds of room time. */
  ms(seconds: number): number {
    return scaledMs(this.s.timeScale, seconds);
  }

  /** Events first, then every seat's new view. */
  step(): Step<OutrankState> {
    this.out.push({ to: "all", view: true });
    return { state: this.s, out: this.out };
  }
}

/** Never 0: a timer due the instant it is armed would fire again and again. */
export function scaledMs(timeScale: number, seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000 * timeScale));
}
