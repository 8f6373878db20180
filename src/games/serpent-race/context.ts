import { Context } from "../../engine/context";
import type { Audience } from "../../engine/rules";
import type { Player, SerpentState } from "./state";
import type { EmitData, ServerEventName } from "./wire";

export const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * One input or timer being applied (the engine's context): SerpentRace's messages are the
 * document's named events, each stamped with the time it happened at.
 */
export class Ctx extends Context<SerpentState> {
  constructor(s: SerpentState, now: number) {
    super(s, now, s.timeScale);
  }

  /** A named event with its payload; `timestamp` is added from the clock (the step's facts at its end: view.ts). */
  emit<E extends ServerEventName>(event: E, data: EmitData<E>, to: Audience = "all"): void {
    this.send({ event, data: { ...data, timestamp: iso(this.now) } }, to);
  }

  /** A `timeLimit` as shown to players: the seconds they really have. */
  limit(seconds: number): number {
    return this.ms(seconds) / 1000;
  }
}
