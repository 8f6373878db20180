import type { Audience, Outbound, Step } from "../../engine/rules";
import type { Player, SerpentState } from "./state";
import type { ServerEventData, ServerEventName } from "./wire";

export const iso = (ms: number): string => new Date(ms).toISOString();

/** Never 0: a timer due the instant it is armed would fire again and again. */
export function scaledMs(timeScale: number, seconds: number): number {
  return Math.max(1, Math.round(seconds * 1000 * timeScale));
}

/**
 * One input or timer being applied: the working copy, the clock and the messages it makes.
 * `now` moves when timers fire, so each timer acts (and stamps its events) at its own time.
 */
export class Ctx {
  readonly out: Outbound[] = [];

  constructor(
    readonly s: SerpentState,
    public now: number,
  ) {}

  /** A named event with its payload; `timestamp` is added from the clock. */
  emit<E extends ServerEventName>(event: E, data: Omit<ServerEventData<E>, "timestamp">, to: Audience = "all"): void {
    this.out.push({ to, msg: { event, data: { ...data, timestamp: iso(this.now) } } });
  }

  /** Seconds of game time as milliseconds of room time. */
  ms(seconds: number): number {
    return scaledMs(this.s.timeScale, seconds);
  }

  /** A `timeLimit` as shown to players: the seconds they really have. */
  limit(seconds: number): number {
    return this.ms(seconds) / 1000;
  }

  step(): Step<SerpentState> {
    return { state: this.s, out: this.out };
  }
}

export function playerOf(s: SerpentState, seat: string): Player | undefined {
  return s.players.find((p) => p.seat === seat);
}

/** The player whose turn it is (during the race). */
export function currentPlayer(s: SerpentState): Player | undefined {
  const seat = s.sequence[s.current];
  return seat === undefined ? undefined : playerOf(s, seat);
}

export const who = (p: Player) => ({ playerId: p.seat, playerName: p.name });
