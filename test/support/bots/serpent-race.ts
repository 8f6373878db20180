import { pick, type Rng, unit } from "./random";

// biome-ignore lint/suspicious/noExplicitAny: payloads are read structurally, as a client written from the document would
type Data = Record<string, any>;

/** One message to send: the event and its payload. */
export interface SerpentMove {
  event: string;
  payload: Record<string, unknown>;
}

/**
 * An answer of the right shape for the card as the player was shown it (`cardData`). With
 * `stored`, the deck's own card (its right answer), it answers right or wrong as `right`
 * says; without, it answers at random, right or wrong by chance.
 */
export function serpentAnswer(shown: Data, how: { stored: Data; right: boolean } | { rng: Rng }): unknown {
  if ("rng" in how) {
    const r = how.rng;
    switch (shown.type) {
      case 0:
        return pick(r, shown.answerOptions as { answer: string }[]).answer;
      case 1:
        if (shown.sentencePairs)
          return (shown.sentencePairs as Data[]).map((p) => ({ pairId: p.id, leftText: p.left, rightText: p.right }));
        return shown.words ?? [];
      case 3:
        return unit(r) < 0.5;
      case 4:
        return Math.floor(unit(r) * 500) + 1;
      default:
        return pick(r, ["Paris", "water", "I do not know"]);
    }
  }
  const { stored: card, right } = how;
  switch (card.type) {
    case 0:
      return (card.answer as { answer: string; correct: boolean }[]).find((o) => o.correct === right)?.answer;
    case 1: {
      if (typeof card.answer === "string") return right ? card.answer.split(" ") : shown.words;
      const pairs = card.answer as { left: string; right: string }[];
      // Shown right parts are scrambled out of order: answered as shown, they are wrong.
      return (shown.sentencePairs as { id: string; left: string; right: string }[]).map((p) => ({
        pairId: p.id,
        leftText: p.left,
        rightText: right ? pairs.find((s) => s.left === p.left)?.right : p.right,
      }));
    }
    case 2:
      return right ? card.answer[card.answer.length - 1] : "oxygen";
    case 3:
      return right ? card.answer : !card.answer;
    case 4:
      return right ? card.answer.correct + 3 : card.answer.correct * 2;
    default:
      throw new Error(`not a question: ${card.cardid}`);
  }
}

/** The position a guess request's formula gives (`right`), or one past it. */
export const serpentGuess = (request: Data, right: boolean): number =>
  request.currentPosition + request.diceRoll + request.fieldStepValue + request.patternModifier + (right ? 0 : 1);

type Want =
  | { kind: "ready" }
  | { kind: "roll" }
  | { kind: "answer"; card: Data }
  | { kind: "guess"; request: Data }
  | { kind: "jokerGuess"; request: Data }
  | { kind: "decision"; requestId: string };

/**
 * A SerpentRace racer or gamemaster. It keeps what the race waits for from its seat, from
 * the document's request events and, after every (re)connect, from `game:state.pending`
 * (the server also sends the request again with the time left). A request stays wanted
 * until an event shows it consumed (or the move is acknowledged: `made`), so a refused or
 * lost one is tried again; the race's timers move on whatever a bot misses. Its moves: it
 * readies, rolls, answers at random in the card's shape, guesses the formula's position
 * (one past it a quarter of the time), and as gamemaster approves 60 % of the jokers.
 */
export class SerpentRacePlayer {
  seat: string | null = null;
  phase = "waiting";
  position = 0;
  private want: Want | null = null;
  /** The want the last move was made for. */
  private asked: Want | null = null;

  constructor(
    private readonly room: string,
    private readonly rng: Rng,
  ) {}

  /** What it waits to do, for a report on a race that did not finish. */
  get waiting(): string {
    return this.want?.kind ?? "nothing";
  }

  hear(event: string, d: Data): void {
    const mine = d?.playerId === this.seat;
    switch (event) {
      case "authenticated":
        this.seat = d.playerId;
        return;
      case "game:state":
        this.seat = d.you.seat;
        this.phase = d.phase;
        this.want = fromState(d);
        this.position = d.players.find((p: Data) => p.playerId === this.seat)?.boardPosition ?? 0;
        return;
      case "game:started":
        this.phase = "active";
        return;
      case "game:ended":
        this.phase = "ended";
        return;
      case "game:your-turn":
        if (d.canRoll) this.want = { kind: "roll" };
        return;
      case "game:card-drawn-self":
        this.want = { kind: "answer", card: d.cardData };
        return;
      case "game:position-guess-request":
        this.want = { kind: "guess", request: d };
        return;
      case "game:joker-position-guess-request":
        this.want = { kind: "jokerGuess", request: d };
        return;
      case "game:gamemaster-decision-request":
        this.want = { kind: "decision", requestId: d.requestId };
        return;
      case "game:player-moved":
      case "game:guess-result":
      case "game:joker-complete":
        if (mine) this.position = d.newPosition ?? d.finalPosition;
        if (mine) this.consumed(["roll", "guess", "jokerGuess"]);
        return;
      case "game:dice-rolled":
        if (mine) this.consumed(["roll"]);
        return;
      case "game:answer-submitted":
      case "game:card-timeout":
        if (mine) this.consumed(["answer"]);
        return;
      case "game:position-guess-broadcast":
      case "game:guess-timeout":
        if (mine) this.consumed(["guess", "jokerGuess"]);
        return;
      case "game:gamemaster-decision-result":
      case "game:gamemaster-timeout":
        this.consumed(["decision"]);
        return;
      case "game:player-ready":
        if (mine && d.ready) this.consumed(["ready"]);
        return;
      case "game:turn-changed":
        this.want = null;
        return;
    }
  }

  private consumed(kinds: Want["kind"][]): void {
    if (this.want && kinds.includes(this.want.kind)) this.want = null;
  }

  /**
   * The last move was acknowledged: it has done what it was for, even before its event
   * arrives (asked again, a ready, which changes nothing the second time, would be
   * acknowledged twice).
   */
  made(): void {
    if (this.want === this.asked) this.want = null;
  }

  /** What to send now, or null to wait. */
  next(): SerpentMove | null {
    const w = this.want;
    const r = this.rng;
    const gameCode = this.room;
    this.asked = w;
    if (!w) return null;
    switch (w.kind) {
      case "ready":
        return { event: "game:ready", payload: { gameCode, ready: true } };
      case "roll":
        return { event: "game:dice-roll", payload: { gameCode } };
      case "answer":
        return { event: "game:card-answer", payload: { gameCode, answer: serpentAnswer(w.card, { rng: r }) } };
      case "guess":
      case "jokerGuess":
        return {
          event: w.kind === "guess" ? "game:position-guess" : "game:joker-position-guess",
          payload: { gameCode, guessedPosition: serpentGuess(w.request, unit(r) >= 0.25) },
        };
      case "decision":
        return {
          event: "game:gamemaster-decision",
          payload: { gameCode, requestId: w.requestId, decision: unit(r) < 0.6 ? "approve" : "reject" },
        };
    }
  }
}

/** What the race waits for from this seat, by a full `game:state`. */
function fromState(d: Data): Want | null {
  const me = d.players.find((p: Data) => p.playerId === d.you.seat);
  if (d.phase === "waiting" && me && !me.ready) return { kind: "ready" };
  const p = d.pending;
  if (d.phase !== "active" || !p) return null;
  if (p.kind === "decision" && p.decisionRequest && d.you.role === "gamemaster")
    return { kind: "decision", requestId: p.decisionRequest.requestId };
  if (p.playerId !== d.you.seat) return null;
  if (p.kind === "roll") return { kind: "roll" };
  if (p.kind === "answer" && p.cardData) return { kind: "answer", card: p.cardData };
  if (p.kind === "guess" && p.guessRequest) return { kind: "guess", request: p.guessRequest };
  if (p.kind === "jokerGuess" && p.guessRequest) return { kind: "jokerGuess", request: p.guessRequest };
  return null;
}
