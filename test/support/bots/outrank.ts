import { type Bot, Distributions, Memory, STRATEGIES, type StrategyName } from "../../../src/games/outrank/bots";
import { outrankCatalog } from "../../../src/games/outrank/index";
import type { Action, OutrankEvent, OutrankView } from "../../../src/games/outrank/wire";
import { type Rng, unit } from "./random";

export interface OutrankBotOptions {
  /** As the lead, start the game once this many players are here (unset: never start; a test starts it). */
  startWith?: number;
  /**
   * How it chooses challenges and plays its turns: one of the balance simulator's
   * strategies. The default, `random`, makes any legal move (a coin-flip call included), so
   * a few games cover every kind of move, and tokens keep leaving the pool; the thinking
   * strategies pass on poor odds, which on a small hand limit can pass every round forever.
   */
  strategy?: StrategyName;
}

/** Every table's odds come from the built-in category lists (public, like the rulebook). */
let dist: Distributions | null = null;

/**
 * An Outrank player over the socket protocol: it keeps the seat's latest view and the
 * values every seat has been shown, and plays its turns and challenges with a strategy of
 * src/games/outrank/bots.ts, the module the balance simulator and its benchmark play with,
 * so one set of decisions is tested at every scale. Around the strategy it does what a
 * person at a screen does: starts the game as the lead, says it is ready between rounds
 * (most of the time: the countdown ends the pause too), and as the First Guesser picks
 * early in the round-end pause now and then. In table mode one bot plays for the whole
 * table: its view's `you` is whoever acts now.
 */
export class OutrankPlayer {
  view: OutrankView | null = null;
  private readonly memory = new Memory();
  private readonly strategy: Bot;

  constructor(
    private readonly rng: Rng,
    private readonly options: OutrankBotOptions = {},
  ) {
    this.strategy = STRATEGIES[options.strategy ?? "random"];
  }

  /** A server message: a `state` replaces the view; an `event` may show a value. */
  hear(m: { type: string; state?: OutrankView; event?: OutrankEvent }): void {
    if (m.type === "state" && m.state) this.view = m.state;
    else if (m.type === "event" && m.event) this.memory.observe(m.event, this.view?.currentChallenge?.stat ?? null);
  }

  /** The next action (the `action` of an `action` message), or null to wait. */
  next(): Action | null {
    const s = this.view;
    if (!s || s.paused || s.you === null) return null;
    const me = s.players[s.you];
    if (!me) return null;
    if (s.phase === "lobby") {
      const here = s.players.filter((p) => p.presence === "active").length;
      const { startWith } = this.options;
      return startWith !== undefined && s.lead === s.seat && here >= startWith ? { type: "startGame" } : null;
    }
    const input = () => {
      dist ??= new Distributions(outrankCatalog);
      return { view: s, me: s.you as number, memory: this.memory, dist, rng: this.rng };
    };
    const chooser = s.firstGuesser === s.you && s.challenges.length > 0;
    if (s.phase === "challenge") return chooser ? this.strategy(input()) : null;
    if (s.phase === "roundEnd") {
      if (chooser && unit(this.rng) < 0.5) return this.strategy(input());
      return !me.ready && unit(this.rng) < 0.8 ? { type: "nextRound" } : null;
    }
    if (s.phase !== "drafting" || s.currentPlayer !== s.you) return null;
    return this.strategy(input());
  }
}
