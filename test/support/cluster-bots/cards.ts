import { cardTableWire } from "../../../src/games/card-table/protocol";
import { Bot, type BotContext, type Move } from "./bot";
import { pick } from "./rng";
import { createTokenRoom } from "./seats";

// biome-ignore lint/suspicious/noExplicitAny: the seat's view is read structurally, as a client would
type View = any;

/** A CAH table that ends after `rounds` judged rounds; its seat tokens, one per player. */
export function createCardsRoom(ctx: BotContext, players: number, rounds = 3) {
  const settings = { endCondition: "rounds", endValue: rounds, handSize: 5 };
  return createTokenRoom(ctx, "cards", "Cards", { settings }, players);
}

/**
 * A Card Table (CAH) player. Its seat token goes in the handshake, so every reconnect
 * retakes the seat and brings a full `state`. The lead starts once `players` are at the
 * table; the judge draws the prompt and picks a random answer; the others answer with
 * random cards from their hand. The game's end is `status: "ended"`.
 */
export class CardsBot extends Bot {
  private state: View = null;

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

  protected onServer(_event: string, m: { type: string; state?: View; event?: View }): void {
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
    const s = this.state;
    const me = this.seat;
    if (!s || !me) return null;
    const r = this.ctx.random;
    const mine = s.players.find((p: View) => p.id === me);
    if (s.status === "lobby") {
      const here = s.players.filter((p: View) => !p.virtual && p.presence === "active").length;
      return mine?.isLead && here >= this.players ? this.action({ type: "startGame" }) : null;
    }
    if (s.status !== "playing") return null;
    const judge = s.roles.judge === me;
    if (s.currentPhase === "PROMPT" && judge && (s.globalSlots.prompt ?? []).length === 0)
      return this.action({ type: "draw", deckId: "black", count: 1, toZone: "prompt" });
    if (s.currentPhase === "SUBMIT" && !judge) {
      const have = s.roundState.submissions?.[me]?.count ?? 0;
      const hand = mine?.hand ?? [];
      if (have < s.roundState.pick && hand.length > 0)
        return this.action({
          type: "play",
          cardId: pick(r, hand as { id: string }[]).id,
          fromZone: "hand",
          toSlot: "submission",
        });
    }
    if (s.currentPhase === "JUDGE" && judge && (s.roundState.anonymized ?? []).length > 0)
      return this.action({
        type: "selectWinner",
        index: pick(r, s.roundState.anonymized as { index: number }[]).index,
      });
    return null;
  }
}
