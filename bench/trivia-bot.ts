import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { TriviaIntent } from "../src/games/trivia-duel/protocol";
import type { ServerMessage } from "../src/games/trivia-duel/wire";
import { TriviaDuelPlayer } from "../test/support/bots";
import { seedRng } from "../test/support/bots/random";
import { BenchBot } from "./bench-bot";
import { RoomCourse } from "./room-runs";
import { LabelledSamples } from "./stats";
import { InputTally } from "./tally";

/** Where the bots report what they see. */
export interface TriviaRecorder {
  /** A bot sent an input (counted for the echo's send rate). */
  sent(kind: string): void;
  /** Input → the broadcast that carries its result back to the sender. */
  input(kind: string, ms: number): void;
  /** Arrival of a scheduled server event minus the deadline the server announced. */
  lateness(kind: string, ms: number): void;
  /** The server refused an input (some refusals are expected races: see `benign`). */
  refused(kind: string, code: string, benign: boolean): void;
  /** Something unexpected that does not break the run (a bet timeout, a misjudged answer). */
  odd(what: string): void;
  /** Something that breaks the run (makes the exit code non-zero). */
  error(what: string): void;
  /** A frame a bot received, its size in bytes. */
  received?(bytes: number): void;
}

/** A recorder that keeps it all: inputs and lateness by kind, counts, and the bytes received. */
export class TriviaTally extends InputTally implements TriviaRecorder {
  /** Arrivals of scheduled events, how late, by what they were. */
  readonly lateBy = new LabelledSamples();

  input = (kind: string, ms: number) => this.inputs.add(kind, ms);
  lateness = (kind: string, ms: number) => this.lateBy.add(kind, ms);
  refused = (kind: string, code: string, benign: boolean) =>
    this.refusals.inc(`${kind}:${code}${benign ? "" : " (unexpected)"}`);
  /** Every frame counts (Trivia sends no acks). */
  received = (bytes: number) => {
    this.bytes += bytes;
  };
}

/** Create a Trivia Duel room; its code. */
export async function createTriviaRoom(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/trivia/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (res.status !== 201) throw new Error(`POST /api/v1/trivia/rooms: HTTP ${res.status}`);
  return ((await res.json()) as { roomId: string }).roomId;
}

/** A scheduled event that came more than this late missed its deadline. */
export const MISSED_MS = 250;

/** Refusals a well-behaved bot still meets: both buzzers racing, a buzz landing as the clue times out. */
const BENIGN: Record<string, string[]> = { BUZZ: ["buzz_lost", "not_clue_phase"] };

/** One Trivia Duel room played by two bots over real sockets. */
export class RoomRun extends RoomCourse {
  readonly bots: [Bot, Bot];
  private readonly answers = new Map<string, Promise<string | null>>();

  constructor(
    readonly url: string,
    readonly code: string,
    readonly rec: TriviaRecorder,
  ) {
    super();
    this.bots = [new Bot(this, "a"), new Bot(this, "b")];
  }

  /** Seat both bots (one after the other, so seats are P1 then P2) and play to the end. */
  async play(): Promise<void> {
    this.startedAt = performance.now();
    const [a, b] = this.bots;
    await a.join();
    await b.join();
    await Promise.all([a.finished, b.finished]);
    this.completed = a.completedMatch && b.completedMatch;
    this.finishedAt = performance.now();
    this.dispose();
  }

  dispose(): void {
    for (const b of this.bots) b.dispose();
  }

  /** The current question's answer, from the bench-only route (fetched once per question). */
  answerFor(match: number, question: number): Promise<string | null> {
    const key = `${match}:${question}`;
    let p = this.answers.get(key);
    if (!p) {
      p = fetch(`${this.url}/bench/answer/${this.code}`)
        .then(async (res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          const body = (await res.json()) as { matchNumber: number; questionIndex: number; answer: string | null };
          if (body.matchNumber !== match || body.questionIndex !== question) {
            this.rec.odd("answer lookup raced the next question");
            return null;
          }
          return body.answer;
        })
        .catch((err) => {
          this.rec.error(`answer lookup for ${this.code}: ${String(err)}`);
          return null;
        });
      this.answers.set(key, p);
    }
    return p;
  }
}

/**
 * One player of a room: the Trivia Duel bot (test/support/bots) at its human pace, over a
 * lean socket that measures what the bench reports.
 */
export class Bot extends BenchBot {
  private readonly player: TriviaDuelPlayer;
  private pending: { kind: string; at: number } | null = null;
  /** The bot's moment (see TriviaDuelPlayer) its next move was planned at: one plan a moment. */
  private plannedAt = -1;
  private sentAnswer: string | null = null;
  private seated: (() => void) | null = null;
  completedMatch = false;

  // Deadlines the server announced, to measure how late their events came.
  private categoryEndsAt: number | null = null;
  private clueDeadline: number | null = null;
  private nextPhaseAt: number | null = null;

  constructor(
    private readonly room: RoomRun,
    private readonly tag: string,
  ) {
    super(`${room.url}/trivia`, "match", { autoConnect: false, query: { room: room.code } });
    this.player = new TriviaDuelPlayer(seedRng(`${room.code} ${tag}`));
    this.socket.on("message", (m: ServerMessage) => this.onMessage(m));
  }

  protected onFrame(d: string | ArrayBuffer): void {
    this.rec.received?.(typeof d === "string" ? Buffer.byteLength(d) : d.byteLength);
  }

  private get rec() {
    return this.room.rec;
  }

  protected fail(what: string): void {
    if (this.closing) return;
    this.rec.error(`room ${this.room.code} bot ${this.tag}: ${what}`);
    this.dispose();
  }

  join(): Promise<void> {
    return new Promise((resolve) => {
      this.seated = resolve;
      this.finished.then(resolve);
      this.socket.once("connect", () =>
        this.socket.send({ type: "JOIN_ROOM", roomId: this.room.code, playerId: `bench-${randomUUID()}` }),
      );
      this.socket.connect();
    });
  }

  private send(intent: TriviaIntent): void {
    if (this.closing) return;
    if (this.pending) {
      this.rec.odd(`${intent.type} while ${this.pending.kind} was unanswered`);
      return;
    }
    this.pending = { kind: intent.type, at: performance.now() };
    if (intent.type === "ANSWER") this.sentAnswer = intent.text;
    this.rec.sent(intent.type);
    this.socket.send(intent);
  }

  /** The broadcast for our own pending input arrived. */
  private settle(kind: string, now: number): void {
    if (this.pending?.kind !== kind) return;
    this.rec.input(kind, now - this.pending.at);
    this.pending = null;
  }

  private late(kind: string, deadline: number | null, wall: number): void {
    if (deadline !== null) this.rec.lateness(kind, wall - deadline);
  }

  private onMessage(m: ServerMessage): void {
    const now = performance.now();
    const wall = Date.now();
    const seat = this.player.seat;
    switch (m.type) {
      case "ROOM_STATE":
        if (m.you === null) {
          this.fail("was not given a seat");
          return;
        }
        // The second joiner starts the match, and its socket joins the room just after the
        // match's first messages went out: its ROOM_STATE carries the category deadline.
        if (m.phase === "CATEGORY" && typeof m.categoryEndsAt === "number") this.categoryEndsAt = m.categoryEndsAt;
        this.seated?.();
        this.seated = null;
        break;
      case "PHASE_CATEGORY":
        this.late("resolution_end", this.nextPhaseAt, wall);
        this.clueDeadline = null;
        this.nextPhaseAt = null;
        this.categoryEndsAt = m.endsAt;
        break;
      case "PHASE_BETTING":
      case "BETTING_SKIPPED":
        this.late("category_end", this.categoryEndsAt, wall);
        this.categoryEndsAt = null;
        break;
      case "BET_TIMEOUT":
        if (m.player === seat) this.rec.odd("bet timed out (bot's decision did not land within the bet time)");
        break;
      case "BET_PLACED":
        if (m.player === seat && m.auto !== true) this.settle(m.action, now);
        break;
      case "PHASE_CLUE":
        // Fetched now, so the answer is at hand if the bot buzzes.
        void this.room.answerFor(this.player.matchNumber, m.questionIndex);
        break;
      case "CLUE_COMPLETE":
        this.clueDeadline = m.deadline;
        break;
      case "BUZZED":
        this.clueDeadline = null;
        if (m.player === seat) this.settle("BUZZ", now);
        break;
      case "ANSWER_SUBMITTED":
        if (m.player !== seat) break;
        if (m.timedOut === true) this.rec.odd("answer timed out (bot's answer did not land within the answer time)");
        else {
          this.settle("ANSWER", now);
          if (this.sentAnswer !== null && this.player.meantRight(this.sentAnswer) && !m.correct)
            this.rec.odd("the right answer was judged wrong");
        }
        this.sentAnswer = null;
        break;
      case "CLUE_RESUMED":
        this.clueDeadline = m.deadline;
        break;
      case "PHASE_RESOLUTION":
        // Only a draw with a live post-clue deadline (nobody answering) came from that timer.
        if (m.outcome === "DRAW") this.late("clue_deadline", this.clueDeadline, wall);
        this.clueDeadline = null;
        this.nextPhaseAt = m.nextPhaseAt;
        break;
      case "PHASE_COMPLETE":
        this.late("resolution_end", this.nextPhaseAt, wall);
        this.nextPhaseAt = null;
        if (m.forfeit === true) this.rec.odd("match ended by forfeit");
        else this.completedMatch = true;
        this.closing = true;
        this.stopPlaying();
        return;
      case "ERROR": {
        if (!this.pending) {
          this.rec.odd(`unsolicited ERROR ${m.code}`);
          return;
        }
        const kind = this.pending.kind;
        this.pending = null;
        this.rec.refused(kind, m.code, BENIGN[kind]?.includes(m.code) ?? false);
        return;
      }
    }
    this.player.hear(m);
    this.plan();
  }

  /**
   * Plan the bot's move for this moment after its pace; drop it if the moment passed
   * meanwhile (the turn moved on, the other buzzed first). An answer first looks the right
   * one up, which the bot uses most of the time.
   */
  private plan(): void {
    const moment = this.player.moment;
    if (this.closing || this.pending || this.plannedAt === moment) return;
    const intent = this.player.next();
    if (!intent) return;
    this.plannedAt = moment;
    const { matchNumber, question } = this.player;
    this.later(this.player.paceMs(intent), async () => {
      if (intent.type === "ANSWER") {
        const answer = await this.room.answerFor(matchNumber, question);
        if (answer !== null) this.player.knowAnswer(answer);
      }
      if (this.closing || this.player.moment !== moment) return;
      const now = this.player.next();
      if (now) this.send(now);
    });
  }
}
