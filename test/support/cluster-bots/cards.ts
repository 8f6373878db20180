import { cardTableWire } from "../../../src/games/card-table/protocol";
import type { GameStateView } from "../../../src/games/card-table/view";
import { cardTableMove } from "../bots";
import { Bot, type BotContext, type Move } from "./bot";
import { createTokenRoom } from "./seats";

/** A CAH table that ends after `rounds` judged rounds; its seat tokens, one per player. */
export function createCardsRoom(ctx: BotContext, players: number, rounds = 3) {
  const settings = { endCondition: "rounds", endValue: rounds, handSize: 5 };
  return createTokenRoom(ctx, "cards", "Cards", { settings }, players);
}

/**
 * A Card Table (CAH) player. Its seat token goes in the handshake, so every reconnect
 * retakes the seat and brings a full `state`. Its moves are the Card Table bot's
 * (test/support/bots): the lead starts once `players` are at the table, then each seat
 * plays one of its legal actions at random. The game's end is `status: "ended"`.
 */
export class CardsBot extends Bot {
  private state: GameStateView | null = null;

  constructor(
    room: string,
    name: string,
    token: string,
    ctx: BotContext,
    private readonly players: number,
  ) {
    super("card-table", room, name, ctx, cardTableWire, "/cards", { roomId: room, token, name });
  }

  where(): string {
    const s = this.state;
    return s ? `status ${s.status}, phase ${s.currentPhase}, round ${s.round}` : "no state yet";
  }

  protected onServer(
    _event: string,
    m: { type: string; state?: GameStateView; event?: { type: string; winner?: string } },
  ): void {
    if (m.type === "event" && m.event?.type === "gameEnded") this.finish(`winner ${m.event.winner ?? "none"}`);
    if (m.type !== "state" || !m.state) return;
    this.state = m.state;
    this.seat = m.state.you ?? null;
    if (this.seat !== null) this.markSynced();
    if (m.state.status === "ended") this.finish("ended");
  }

  private seq = 0;
  private action(action: Record<string, unknown>): Move {
    return { event: "message", payload: { type: "action", action, requestId: `${this.name}-${++this.seq}` } };
  }

  protected decide(): Move | null {
    const action = cardTableMove(this.state, { startWith: this.players, rng: this.ctx.rng });
    return action && this.action(action);
  }
}
