/** Outrank rooms for the benches: the seat bots (seat-bench-bot.ts) with the Outrank bot's decisions. */
import type { OutrankView } from "../src/games/outrank/wire";
import { OutrankPlayer } from "../test/support/bots";
import { createSeatRoom, type Msg, type SeatGame, type SeatMind, type Want } from "./seat-bench-bot";

/**
 * Where an Outrank seat stands: any move it makes (a draft, a pass, a call, a challenge
 * picked, saying it is ready) changes one of these, and so does a timer that overtakes it.
 */
function moment(s: OutrankView): string {
  const me = s.you === null ? undefined : s.players[s.you];
  return [
    s.phase,
    s.round,
    s.currentPlayer,
    s.firstGuesser,
    s.draftPool.length,
    s.challenges.length,
    me?.status,
    me?.ready,
    me?.hand.length,
    me?.thisRound.length,
  ].join(" ");
}

/** An Outrank seat: the Outrank bot (test/support/bots), the lead starting once every bot is here. */
class OutrankMind implements SeatMind {
  constructor(private readonly player: OutrankPlayer) {}

  hear(m: Msg): void {
    this.player.hear(m as Parameters<OutrankPlayer["hear"]>[0]);
  }

  private get view() {
    return this.player.view;
  }

  seated = () => (this.view?.seat ?? null) !== null;
  paused = () => Boolean(this.view?.paused);
  ended = () => this.view?.phase === "gameEnd";
  rounds = () => (this.view?.phase === "gameEnd" ? (this.view?.round ?? 0) : Math.max(0, (this.view?.round ?? 1) - 1));
  offers = (w: Want) => this.view !== null && w.key.startsWith(`${moment(this.view)}|`);

  want(): Want | null {
    const s = this.view;
    const action = s && this.player.next();
    return s && action ? { key: `${moment(s)}|${JSON.stringify(action)}`, action } : null;
  }
}

export const outrankSeats: SeatGame = {
  ns: "outrank",
  mind: (rng, players) => new OutrankMind(new OutrankPlayer(rng, { startWith: players })),
};

/** Create an online Outrank room that ends after `rounds` rounds. */
export const createOutrankRoom = (url: string, rounds: number): Promise<string> =>
  createSeatRoom(url, outrankSeats, { mode: "online", settings: { endCondition: "rounds", roundLimit: rounds } });
