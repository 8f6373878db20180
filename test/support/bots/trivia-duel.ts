import type { TriviaIntent } from "../../../src/games/trivia-duel/protocol";
import type { BetAction, BuzzerStatus, Phase, Seat, ServerMessage } from "../../../src/games/trivia-duel/wire";
import { between, pick, type Rng, unit } from "./random";

export interface TriviaDuelBotOptions {
  /**
   * The chance it means to buzz on a question, drawn once per question. Two bots decide on
   * their own, so (1 − p)² of the questions go unbuzzed and the clue's deadline runs out
   * (a quarter of them at the default 0.5).
   */
  buzzChance?: number;
  /** The chance it answers right when it knows the answer (see `knowAnswer`). */
  rightChance?: number;
}

/** What it answers when it does not know, or means to be wrong. */
const GUESSES = ["Paris", "Mars", "Shakespeare", "1066", "Oxygen", "no idea"];

/**
 * A Trivia Duel player. It keeps what the document's messages have told it (ROOM_STATE
 * replaces everything) and says what to send now: it bets a random tier, mostly matches,
 * raises or folds now and then, buzzes on the questions it means to, and answers a guess,
 * or the right answer most of the time when its transport found that out. It never moves
 * while the duel's clock stands still. `paceMs` says how long a person would take, for
 * transports that play at a human pace; the others send at once.
 */
export class TriviaDuelPlayer {
  seat: Seat | null = null;
  phase: Phase = "WAITING";
  matchNumber = 0;
  question = 0;
  /** Whose betting move it is. */
  awaiting: Seat | null = null;
  /** Counts the messages that change what the bot may do: a move planned at one moment is stale at the next. */
  moment = 0;
  private clockStopped = false;
  private actions: BetAction[] = [];
  private betOptions: number[] = [];
  private raiseOptions: number[] = [];
  private buzzer: BuzzerStatus = "AVAILABLE";
  private answering: Seat | null = null;
  private clueMs = 0;
  private resumed = false;
  /** The question the buzz decision below was drawn for. */
  private buzzFor = "";
  private wantsBuzz = false;
  private known: { key: string; answer: string } | null = null;
  private readonly buzzChance: number;
  private readonly rightChance: number;

  constructor(
    private readonly rng: Rng,
    options: TriviaDuelBotOptions = {},
  ) {
    this.buzzChance = options.buzzChance ?? 0.5;
    this.rightChance = options.rightChance ?? 0.65;
  }

  private get key(): string {
    return `${this.matchNumber}:${this.question}`;
  }

  /** The current question's right answer, from a source of the transport's own (the bench asks a route of its own). */
  knowAnswer(answer: string): void {
    this.known = { key: this.key, answer };
  }

  /** Whether `text` is the answer the bot was told is right. */
  meantRight(text: string): boolean {
    return this.known?.key === this.key && this.known.answer === text;
  }

  hear(m: ServerMessage): void {
    switch (m.type) {
      case "ROOM_STATE":
        this.seat = m.you;
        this.phase = m.phase;
        this.matchNumber = m.matchNumber;
        this.question = m.questionIndex;
        this.clockStopped = m.clockStopped;
        this.awaiting = m.betting?.awaitingAction ?? null;
        this.actions = m.betting?.availableActions ?? [];
        this.betOptions = m.betting?.betOptions ?? [];
        this.raiseOptions = m.betting?.raiseOptions ?? [];
        this.buzzer = (m.you && m.buzzer?.[m.you]) ?? "AVAILABLE";
        this.answering = m.buzzer?.currentlyAnswering ?? null;
        if (m.clue) this.clueMs = (m.clue.clueLength / m.clue.revealRate) * 1000;
        this.resumed = m.phase === "CLUE" && (m.clue?.revealIndex ?? 0) > 0;
        if (m.phase === "CLUE") this.decideBuzz();
        break;
      case "MATCH_STARTED":
        this.matchNumber = m.matchNumber;
        break;
      case "PHASE_CATEGORY":
        this.phase = "CATEGORY";
        this.question = m.questionIndex;
        this.awaiting = null;
        break;
      case "PHASE_BETTING":
        this.phase = "BETTING";
        this.awaiting = m.awaitingAction;
        this.actions = m.availableActions;
        this.betOptions = m.betOptions;
        this.raiseOptions = [];
        break;
      case "BET_PLACED":
        this.awaiting = m.awaitingAction;
        this.actions = m.availableActions;
        this.raiseOptions = m.raiseOptions;
        break;
      case "PHASE_CLUE":
        this.phase = "CLUE";
        this.awaiting = null;
        this.buzzer = "AVAILABLE";
        this.answering = null;
        this.clueMs = (m.clueLength / m.revealRate) * 1000;
        this.resumed = false;
        this.decideBuzz();
        break;
      case "BUZZED":
        this.phase = "ANSWER";
        this.answering = m.player;
        if (m.player === this.seat) this.buzzer = "BUZZED";
        break;
      case "ANSWER_SUBMITTED":
        this.answering = null;
        if (m.player === this.seat && !m.correct) this.buzzer = "FAILED";
        break;
      case "CLUE_RESUMED":
        this.phase = "CLUE";
        this.resumed = true;
        break;
      case "PHASE_RESOLUTION":
        this.phase = "RESOLUTION";
        break;
      case "PLAYER_DISCONNECTED":
        this.clockStopped = m.clockStopped;
        break;
      case "PHASE_COMPLETE":
        this.phase = "COMPLETE";
        break;
      default:
        return;
    }
    this.moment++;
  }

  private decideBuzz(): void {
    if (this.buzzFor === this.key) return;
    this.buzzFor = this.key;
    this.wantsBuzz = unit(this.rng) < this.buzzChance;
  }

  /** What to send now, or null to wait. */
  next(): TriviaIntent | null {
    const r = this.rng;
    if (this.clockStopped || this.seat === null) return null;
    if (this.phase === "BETTING" && this.awaiting === this.seat) {
      const can = (a: BetAction) => this.actions.includes(a);
      const roll = unit(r);
      if (can("BET") && this.betOptions.length > 0)
        return can("FOLD") && roll < 0.1 ? { type: "FOLD" } : { type: "BET", amount: pick(r, this.betOptions) };
      if (can("MATCH")) {
        if (can("RAISE") && this.raiseOptions.length > 0 && roll < 0.2)
          return { type: "RAISE", amount: pick(r, this.raiseOptions) };
        return can("FOLD") && roll > 0.9 ? { type: "FOLD" } : { type: "MATCH" };
      }
      return can("FOLD") ? { type: "FOLD" } : null;
    }
    if (this.phase === "CLUE" && this.wantsBuzz && this.buzzer === "AVAILABLE" && this.answering === null)
      return { type: "BUZZ" };
    if (this.phase === "ANSWER" && this.answering === this.seat) {
      const known = this.known?.key === this.key ? this.known.answer : null;
      return { type: "ANSWER", text: known !== null && unit(r) < this.rightChance ? known : pick(r, GUESSES) };
    }
    return null;
  }

  /**
   * How long a person takes before `intent` (ms), from the moment it became possible: a
   * betting decision 0.3–2 s; a buzz somewhere in the clue's reveal (0.3–1.5 s once it
   * resumes after a wrong answer); an answer 0.5–2.5 s.
   */
  paceMs(intent: TriviaIntent): number {
    if (intent.type === "BUZZ")
      return this.resumed ? between(this.rng, 300, 1500) : between(this.rng, 500, Math.max(600, this.clueMs));
    if (intent.type === "ANSWER") return between(this.rng, 500, 2500);
    return between(this.rng, 300, 2000);
  }
}
