import { outrankWire } from "../../../src/games/outrank/protocol";
import type { OutrankEvent, OutrankView } from "../../../src/games/outrank/wire";
import { OutrankPlayer } from "../bots";
import { Bot, type BotContext, type Move } from "./bot";
import { createTokenRoom } from "./seats";

/** An online Outrank room that ends after `rounds` rounds (its reconnect grace the game's own unless given); its seat tokens, one per player. */
export function createOutrankRoom(ctx: BotContext, players: number, rounds = 2, graceSec?: number) {
  const settings = { endCondition: "rounds", roundLimit: rounds, ...(graceSec ? { graceSeconds: graceSec } : {}) };
  return createTokenRoom(ctx, "outrank", "Outrank", { mode: "online", settings }, players);
}

/**
 * An Outrank player acting from its own view (the whole view comes with every `state`, so
 * any `state` after a reconnect is a full re-sync). Its moves are the Outrank bot's
 * (test/support/bots), the lead starting once `players` are here. The game's end is the
 * `gameEnd` phase.
 */
export class OutrankBot extends Bot {
  private readonly player: OutrankPlayer;

  constructor(room: string, name: string, token: string, ctx: BotContext, players: number) {
    super("outrank", room, name, ctx, outrankWire, "/outrank", { roomId: room, token, name });
    this.player = new OutrankPlayer(ctx.rng, { startWith: players });
  }

  where(): string {
    const s = this.player.view;
    if (!s) return "no state yet";
    const players = s.players.map((p, i) => `${i}:${p.presence}`).join(" ");
    return (
      `phase ${s.phase}, round ${s.round}, paused ${s.paused ?? "no"}, you ${s.you}, turn ${s.currentPlayer}, ` +
      `players ${players}, pool ${s.draftPool.length}`
    );
  }

  protected onServer(_event: string, m: { type: string; state?: OutrankView; event?: OutrankEvent }): void {
    this.player.hear(m);
    if (m.type !== "state" || !m.state) return;
    this.seat = m.state.seat;
    if (this.seat !== null) this.markSynced();
    const result = m.state.result;
    if (m.state.phase === "gameEnd") this.finish(`${result?.reason}, winners ${result?.winners.join(" ")}`);
  }

  private seq = 0;
  private action(action: Record<string, unknown>): Move {
    return { event: "message", payload: { type: "action", action, requestId: `${this.name}-${++this.seq}` } };
  }

  protected decide(): Move | null {
    const action = this.player.next();
    return action && this.action(action);
  }
}
