import { triviaWire } from "../../../src/games/trivia-duel/protocol";
import type { ServerMessage } from "../../../src/games/trivia-duel/wire";
import { TriviaDuelPlayer } from "../bots";
import { secret } from "../bots/random";
import { Bot, type BotContext, type Move } from "./bot";
import { expectRest } from "./rest";

/** The owner key a client keeps; Trivia needs one only for rooms that bring their own questions. */
const OWNER = "cluster-bots-owner-0123456789";
/** A Trivia Duel room over REST (its reconnect grace the game's own unless given); the two bots take its seats by joining. */
export async function createTriviaRoom(ctx: BotContext, questionsPerMatch = 3, graceSec?: number): Promise<string> {
  const body = await expectRest(201, ctx, "POST", "/api/v1/trivia/rooms", {
    body: { config: { questionsPerMatch, ...(graceSec ? { reconnectGraceSec: graceSec } : {}) } },
    headers: { "x-parlor-owner": OWNER },
    retryWindowMs: ctx.reconnectWindowMs,
  });
  return body.roomId as string;
}

/**
 * A Trivia Duel player. Its seat's secret is the `playerId` it made (a seat belongs to whoever
 * proved it: docs/architecture.md, Decisions D5), sent with JOIN_ROOM on every connection.
 * Its moves are the Trivia Duel bot's (test/support/bots), made as soon as they may be. The
 * match's end is PHASE_COMPLETE (a forfeit included).
 */
export class TriviaBot extends Bot {
  private readonly player: TriviaDuelPlayer;

  constructor(
    room: string,
    name: string,
    ctx: BotContext,
    private readonly playerId = secret(ctx.rng, "trivia"),
  ) {
    super("trivia-duel", room, name, ctx, triviaWire, "/trivia");
    this.player = new TriviaDuelPlayer(ctx.rng);
  }

  protected override onConnected(): void {
    this.raw("message", {
      type: "JOIN_ROOM",
      roomId: this.room,
      playerId: this.playerId,
      name: this.name,
      create: false,
    });
  }

  where(): string {
    const p = this.player;
    return `phase ${p.phase}, question ${p.question + 1}, awaiting ${p.awaiting ?? "nobody"}`;
  }

  protected onServer(_event: string, m: ServerMessage): void {
    this.player.hear(m);
    if (m.type === "ROOM_STATE") {
      this.seat = m.you;
      if (m.you !== null) this.markSynced();
      if (m.phase === "COMPLETE" && m.matchNumber > 0)
        this.finish(m.result?.forfeitedBy ? `forfeit by ${m.result.forfeitedBy}` : `winner ${m.result?.winner}`);
    }
    if (m.type === "PHASE_COMPLETE") this.finish(m.forfeit ? `forfeit by ${m.forfeitedBy}` : `winner ${m.winner}`);
  }

  protected decide(): Move | null {
    const intent = this.player.next();
    return intent && { event: "message", payload: intent };
  }
}
