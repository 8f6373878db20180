/** Card Table (CAH) rooms for the benches: the seat bots (seat-bench-bot.ts) with the Card Table bot's moves. */
import { cardTablePacking } from "../src/games/card-table/packing";
import type { GameStateView } from "../src/games/card-table/view";
import { cardTableMove, stillListed } from "../test/support/bots";
import type { Rng } from "../test/support/bots/random";
import {
  createSeatRoom,
  type Msg,
  type SeatGame,
  type SeatMind,
  type SeatRecorder,
  SeatRoomRun,
} from "./seat-bench-bot";

export { THINK_MS } from "./seat-bench-bot";
export type CahRecorder = SeatRecorder;

/** A Card Table seat: the view it was last sent, the rounds it heard end, and the Card Table bot's move. */
class CahMind implements SeatMind {
  private view: GameStateView | null = null;
  private readonly roundsEnded = new Set<number>();

  constructor(
    private readonly rng: Rng,
    private readonly players: number,
  ) {}

  hear(m: Msg): void {
    if (m.type === "state") this.view = m.state as GameStateView;
    const e = m.type === "event" ? (m.event as { type: string; round?: unknown }) : null;
    if (e?.type === "roundEnded" && typeof e.round === "number") this.roundsEnded.add(e.round);
  }

  seated = () => Boolean(this.view?.you);
  paused = () => this.view?.status === "paused";
  ended = () => this.view?.status === "ended";
  rounds = () => this.roundsEnded.size;
  offers = (w: { action: Record<string, unknown> }) => stillListed(this.view, w.action);

  want() {
    const s = this.view;
    const action = s && cardTableMove(s, { startWith: this.players, rng: this.rng });
    return s && action ? { key: `${s.round} ${JSON.stringify(action)}`, action } : null;
  }
}

export const cardTableSeats: SeatGame = {
  ns: "cards",
  mind: (rng, players) => new CahMind(rng, players),
  packing: cardTablePacking,
};

/** Create a CAH room that ends after `rounds` judged rounds. */
export const createCahRoom = (url: string, rounds: number): Promise<string> =>
  createSeatRoom(url, cardTableSeats, { settings: { endCondition: "rounds", endValue: rounds } });

/** One CAH room played start to end by `players` bots over real sockets. */
export class CahRoomRun extends SeatRoomRun {
  constructor(url: string, roomId: string, players: number, rec: CahRecorder, clientAddress?: string, compact = false) {
    super(url, roomId, players, rec, cardTableSeats, clientAddress, compact);
  }
}
