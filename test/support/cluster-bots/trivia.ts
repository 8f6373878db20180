import { triviaWire } from "../../../src/games/trivia-duel/protocol";
import { Bot, type BotContext, type Move } from "./bot";
import { expectRest } from "./rest";
import { pick, secret } from "./rng";

/** The owner key a client keeps; Trivia needs one only for rooms that bring their own questions. */
const OWNER = "cluster-bots-owner-0123456789";
/** Answers a bot that does not know gives (the server never tells it the right one). */
const GUESSES = ["Paris", "Mars", "Shakespeare", "1066", "Oxygen", "no idea"];

// biome-ignore lint/suspicious/noExplicitAny: messages are read structurally, as a client written from the document would
type Msg = Record<string, any> & { type: string };

/** A Trivia Duel room over REST; the two bots take its seats by joining. */
export async function createTriviaRoom(ctx: BotContext, questionsPerMatch = 3): Promise<string> {
  const body = await expectRest(201, ctx, "POST", "/api/v1/trivia/rooms", {
    body: { config: { questionsPerMatch } },
    headers: { "x-parlor-owner": OWNER },
    retryWindowMs: ctx.reconnectWindowMs,
  });
  return body.roomId as string;
}

/**
 * A Trivia Duel player. Its seat's secret is the `playerId` it made (RULINGS: a seat belongs
 * to whoever proved it), sent with JOIN_ROOM on every connection. It keeps the match as the
 * document's messages tell it (ROOM_STATE replaces everything), bets a random tier, matches
 * mostly and raises or folds now and then, buzzes at a random moment of the clue and answers
 * a guess. The match's end is PHASE_COMPLETE (a forfeit included).
 */
export class TriviaBot extends Bot {
  private phase = "WAITING";
  private awaiting: string | null = null;
  private actions: string[] = [];
  private betOptions: number[] = [];
  private raiseOptions: number[] = [];
  private buzzer = "AVAILABLE";
  private answering: string | null = null;
  private clockStopped = false;
  private question = 0;

  constructor(
    room: string,
    name: string,
    ctx: BotContext,
    private readonly playerId = secret(ctx.random, "trivia"),
  ) {
    super("trivia-duel", room, name, ctx, triviaWire, "/trivia");
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
    return `phase ${this.phase}, question ${this.question + 1}, awaiting ${this.awaiting ?? "nobody"}`;
  }

  protected onServer(_event: string, m: Msg): void {
    switch (m.type) {
      case "ROOM_STATE":
        this.seat = m.you;
        this.phase = m.phase;
        this.question = m.questionIndex;
        this.clockStopped = m.clockStopped;
        this.awaiting = m.betting?.awaitingAction ?? null;
        this.actions = m.betting?.availableActions ?? [];
        this.betOptions = m.betting?.betOptions ?? [];
        this.raiseOptions = m.betting?.raiseOptions ?? [];
        this.buzzer = (m.you && m.buzzer?.[m.you]) ?? "AVAILABLE";
        this.answering = m.buzzer?.currentlyAnswering ?? null;
        if (m.you !== null) this.markSynced();
        if (m.phase === "COMPLETE" && m.matchNumber > 0)
          this.finish(m.result?.forfeitedBy ? `forfeit by ${m.result.forfeitedBy}` : `winner ${m.result?.winner}`);
        return;
      case "PHASE_CATEGORY":
        this.phase = "CATEGORY";
        this.question = m.questionIndex;
        this.awaiting = null;
        return;
      case "PHASE_BETTING":
        this.phase = "BETTING";
        this.awaiting = m.awaitingAction;
        this.actions = m.availableActions;
        this.betOptions = m.betOptions;
        this.raiseOptions = [];
        return;
      case "BET_PLACED":
        this.awaiting = m.awaitingAction;
        this.actions = m.availableActions;
        this.raiseOptions = m.raiseOptions;
        return;
      case "PHASE_CLUE":
        this.phase = "CLUE";
        this.awaiting = null;
        this.buzzer = "AVAILABLE";
        this.answering = null;
        return;
      case "BUZZED":
        this.phase = "ANSWER";
        this.answering = m.player;
        if (m.player === this.seat) this.buzzer = "BUZZED";
        return;
      case "ANSWER_SUBMITTED":
        this.answering = null;
        if (m.player === this.seat && !m.correct) this.buzzer = "FAILED";
        return;
      case "CLUE_RESUMED":
        this.phase = "CLUE";
        return;
      case "PHASE_RESOLUTION":
        this.phase = "RESOLUTION";
        return;
      case "PLAYER_DISCONNECTED":
        this.clockStopped = m.clockStopped;
        return;
      case "PHASE_COMPLETE":
        this.phase = "COMPLETE";
        this.finish(m.forfeit ? `forfeit by ${m.forfeitedBy}` : `winner ${m.winner}`);
        return;
    }
  }

  protected decide(): Move | null {
    const r = this.ctx.random;
    if (this.clockStopped || this.seat === null) return null;
    const send = (payload: Record<string, unknown>): Move => ({ event: "message", payload });
    if (this.phase === "BETTING" && this.awaiting === this.seat && this.actions.length > 0) {
      const can = (a: string) => this.actions.includes(a);
      if (can("BET") && this.betOptions.length) return send({ type: "BET", amount: pick(r, this.betOptions) });
      const roll = r();
      if (can("MATCH") && roll < 0.7) return send({ type: "MATCH" });
      if (can("RAISE") && this.raiseOptions.length && roll < 0.85)
        return send({ type: "RAISE", amount: pick(r, this.raiseOptions) });
      if (can("FOLD")) return send({ type: "FOLD" });
      if (can("MATCH")) return send({ type: "MATCH" });
      return null;
    }
    if (this.phase === "CLUE" && this.buzzer === "AVAILABLE" && this.answering === null && r() < 0.2)
      return send({ type: "BUZZ" });
    if (this.phase === "ANSWER" && this.answering === this.seat)
      return send({ type: "ANSWER", text: pick(r, GUESSES) });
    return null;
  }
}
