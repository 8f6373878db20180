import { outrankWire } from "../../../src/games/outrank/protocol";
import type { OutrankView, TokenView } from "../../../src/games/outrank/wire";
import { bestSet } from "../outrank-bot";
import { Bot, type BotContext, type Move } from "./bot";
import { pick } from "./rng";
import { createTokenRoom } from "./seats";

/** An online Outrank room that ends after `rounds` rounds; its seat tokens, one per player. */
export function createOutrankRoom(ctx: BotContext, players: number, rounds = 2) {
  const settings = { endCondition: "rounds", roundLimit: rounds };
  return createTokenRoom(ctx, "outrank", "Outrank", { mode: "online", settings }, players);
}

/**
 * An Outrank player acting from its own view (the whole view comes with every `state`, so
 * any `state` after a reconnect is a full re-sync). The lead starts once `players` are
 * here; the First Guesser picks a random challenge; on its turn it cashes its biggest set
 * now and then (always at the hand limit), discards or passes when full, passes once a few
 * tokens are at risk, and otherwise drafts a random pool token and calls it against the
 * middle of the values seen so far. The game's end is the `gameEnd` phase.
 */
export class OutrankBot extends Bot {
  private state: OutrankView | null = null;
  /** Stat values revealed so far, for a public-information guess. */
  private readonly seen: number[] = [];
  private readonly passAt: number;

  constructor(
    room: string,
    name: string,
    token: string,
    ctx: BotContext,
    private readonly players: number,
  ) {
    super("outrank", room, name, ctx, outrankWire, "/outrank", { roomId: room, token, name });
    this.passAt = 1 + Math.floor(ctx.random() * 4);
  }

  where(): string {
    const s = this.state;
    if (!s) return "no state yet";
    const players = s.players.map((p, i) => `${i}:${p.presence}`).join(" ");
    return (
      `phase ${s.phase}, round ${s.round}, paused ${s.paused ?? "no"}, you ${s.you}, turn ${s.currentPlayer}, ` +
      `players ${players}, pool ${s.draftPool.length}`
    );
  }

  protected onServer(_event: string, m: { type: string; state?: OutrankView; event?: Record<string, unknown> }): void {
    if (m.type === "event" && m.event?.type === "guessResolved") {
      const v = (m.event.drafted as TokenView).value;
      if (v !== undefined) this.seen.push(v);
    }
    if (m.type !== "state" || !m.state) return;
    this.state = m.state;
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
    const s = this.state;
    const r = this.ctx.random;
    if (!s || s.you === null || s.paused) return null;
    const me = s.players[s.you];
    if (!me) return null;
    if (s.phase === "lobby") {
      const here = s.players.filter((p) => p.presence === "active").length;
      return s.lead === s.seat && here >= this.players ? this.action({ type: "startGame" }) : null;
    }
    if ((s.phase === "challenge" || s.phase === "roundEnd") && s.firstGuesser === s.you && s.challenges.length) {
      // In the round-end pause the chooser may pick early, or let the timer run.
      if (s.phase === "roundEnd" && r() < 0.5) return null;
      return this.action({ type: "selectChallenge", challengeId: pick(r, s.challenges).id });
    }
    if (s.phase !== "drafting" || s.currentPlayer !== s.you) return null;
    const held = [...me.hand, ...me.thisRound];
    const full = held.length >= s.settings.handLimit;
    const best = bestSet(held);
    if (best && (full || r() < 0.3)) return this.action({ type: "cashOut", tokenIds: best.ids, tag: best.tag });
    if (full) return this.action(r() < 0.5 ? { type: "discard", tokenIds: [held[0]!.id] } : { type: "pass" });
    if (me.thisRound.length >= this.passAt || s.draftPool.length === 0) return this.action({ type: "pass" });
    return this.action({ type: "draftGuess", tokenId: pick(r, s.draftPool).id, guess: this.guess(s) });
  }

  private guess(s: OutrankView): "higher" | "lower" {
    const c = s.centerToken?.value;
    const r = this.ctx.random;
    if (c === undefined) return r() < 0.5 ? "higher" : "lower";
    const sorted = [...this.seen].sort((a, b) => a - b);
    const mid = sorted.length ? (sorted[Math.floor(sorted.length / 2)] as number) : c;
    const up = c < mid || (c === mid && r() < 0.5);
    // The call is about rank: on a "lower" card HIGHER claims a smaller number.
    return up === (s.currentChallenge?.direction !== "lower") ? "higher" : "lower";
  }
}
