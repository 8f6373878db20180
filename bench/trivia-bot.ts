import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { countInbound } from "./traffic";

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
}

type Msg = Record<string, unknown> & { type: string };
type Seat = "P1" | "P2";
type Intent =
  | { type: "BET"; amount: number }
  | { type: "MATCH" }
  | { type: "RAISE"; amount: number }
  | { type: "FOLD" }
  | { type: "BUZZ" }
  | { type: "ANSWER"; text: string };

const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const nums = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : []);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Human-ish delay before a betting decision or an answer. */
const THINK_MS: [number, number] = [300, 2000];
/** Share of questions where nobody buzzes, so the clue's deadline fires on its own. */
const NOBODY_BUZZES = 0.25;
const WANTS_TO_BUZZ = 0.75;
const ANSWERS_RIGHT = 0.65;
const WRONG_ANSWER = "xyzzy plugh";
/** Refusals a well-behaved bot still meets: both buzzers racing, a buzz landing as the clue times out. */
const BENIGN: Record<string, string[]> = { BUZZ: ["buzz_lost", "not_clue_phase"] };

type BuzzPlan = Record<Seat, number | null>;

/** One Trivia Duel room played by two bots over real sockets. */
export class RoomRun {
  readonly bots: [Bot, Bot];
  private readonly plans = new Map<string, BuzzPlan>();
  private readonly answers = new Map<string, Promise<string | null>>();
  completed = false;
  startedAt = 0;
  finishedAt = 0;

  constructor(
    readonly url: string,
    readonly code: string,
    readonly rec: TriviaRecorder,
  ) {
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

  /** Who buzzes this question and when (ms after PHASE_CLUE), decided once per room. */
  planFor(match: number, question: number, clueMs: number): BuzzPlan {
    const key = `${match}:${question}`;
    let plan = this.plans.get(key);
    if (!plan) {
      const at = () => rand(500, Math.max(600, clueMs));
      if (Math.random() < NOBODY_BUZZES) plan = { P1: null, P2: null };
      else {
        plan = {
          P1: Math.random() < WANTS_TO_BUZZ ? at() : null,
          P2: Math.random() < WANTS_TO_BUZZ ? at() : null,
        };
        if (plan.P1 === null && plan.P2 === null) plan[pick(["P1", "P2"] as const)] = at();
      }
      this.plans.set(key, plan);
    }
    return plan;
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

export class Bot {
  private readonly socket: Socket;
  private readonly timers = new Set<NodeJS.Timeout>();
  private seat: Seat | null = null;
  private closing = false;
  private pending: { kind: string; at: number } | null = null;
  private seated: (() => void) | null = null;
  private finish!: () => void;
  readonly finished: Promise<void>;
  completedMatch = false;

  // Per question.
  private match = 0;
  private question = 0;
  private turn = 0;
  private categoryEndsAt: number | null = null;
  private clueDeadline: number | null = null;
  private nextPhaseAt: number | null = null;
  private clueLive = false;
  private wantsBuzz = false;
  private buzzed = false;
  private buzzTimer: NodeJS.Timeout | null = null;
  private meantRight: boolean | null = null;

  constructor(
    private readonly room: RoomRun,
    private readonly tag: string,
  ) {
    this.finished = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.socket = io(`${room.url}/trivia`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      autoConnect: false,
      timeout: 30_000,
    });
    countInbound(this.socket);
    this.socket.on("message", (m: Msg) => this.onMessage(m));
    this.socket.on("connect_error", (err) => this.fail(`connect_error: ${err.message}`));
    this.socket.on("disconnect", (reason) => {
      if (!this.closing) this.fail(`disconnected mid-match: ${reason}`);
    });
  }

  private get rec() {
    return this.room.rec;
  }

  private fail(what: string): void {
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

  dispose(): void {
    this.closing = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.socket.close();
    this.finish();
  }

  private later(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closing) fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private send(intent: Intent): void {
    if (this.closing) return;
    if (this.pending) {
      this.rec.odd(`${intent.type} while ${this.pending.kind} was unanswered`);
      return;
    }
    this.pending = { kind: intent.type, at: performance.now() };
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

  private onMessage(m: Msg): void {
    const now = performance.now();
    const wall = Date.now();
    switch (m.type) {
      case "ROOM_STATE": {
        this.seat = m.you === "P1" || m.you === "P2" ? m.you : null;
        if (!this.seat) {
          this.fail("was not given a seat");
          return;
        }
        this.match = Number(m.matchNumber ?? 0);
        this.question = Number(m.questionIndex ?? 0);
        // The second joiner starts the match, and its socket joins the room just after the
        // match's first messages went out: its ROOM_STATE carries the category deadline.
        if (m.phase === "CATEGORY" && typeof m.categoryEndsAt === "number") this.categoryEndsAt = m.categoryEndsAt;
        this.seated?.();
        this.seated = null;
        return;
      }
      case "MATCH_STARTED":
        this.match = Number(m.matchNumber);
        return;
      case "PHASE_CATEGORY":
        this.late("resolution_end", this.nextPhaseAt, wall);
        this.newQuestion(Number(m.questionIndex));
        this.categoryEndsAt = typeof m.endsAt === "number" ? m.endsAt : null;
        return;
      case "PHASE_BETTING":
      case "BETTING_SKIPPED":
        this.late("category_end", this.categoryEndsAt, wall);
        this.categoryEndsAt = null;
        if (m.type === "PHASE_BETTING" && m.awaitingAction === this.seat)
          this.decideBet(strs(m.availableActions), nums(m.betOptions), []);
        return;
      case "BET_TIMEOUT":
        this.turn++;
        if (m.player === this.seat) this.rec.odd("bet timed out (bot's decision did not land within the bet time)");
        return;
      case "BET_PLACED":
        this.turn++;
        if (m.player === this.seat && m.auto !== true) this.settle(String(m.action), now);
        if (m.awaitingAction === this.seat) this.decideBet(strs(m.availableActions), [], nums(m.raiseOptions));
        return;
      case "PHASE_CLUE": {
        this.clueLive = true;
        const clueMs = (Number(m.clueLength) / Number(m.revealRate)) * 1000;
        const at = this.room.planFor(this.match, this.question, clueMs)[this.seat!];
        void this.room.answerFor(this.match, this.question);
        if (at !== null) {
          this.wantsBuzz = true;
          this.armBuzz(at);
        }
        return;
      }
      case "CLUE_COMPLETE":
        this.clueDeadline = typeof m.deadline === "number" ? m.deadline : null;
        return;
      case "BUZZED":
        this.clueLive = false;
        this.clueDeadline = null;
        this.disarmBuzz();
        if (m.player === this.seat) {
          this.buzzed = true;
          this.settle("BUZZ", now);
          this.decideAnswer();
        }
        return;
      case "ANSWER_SUBMITTED":
        if (m.player === this.seat) {
          if (m.timedOut === true) this.rec.odd("answer timed out (bot's answer did not land within the answer time)");
          else {
            this.settle("ANSWER", now);
            if (this.meantRight !== null && m.correct !== this.meantRight)
              this.rec.odd(`answer judged ${m.correct ? "right" : "wrong"} against the bot's intent`);
          }
        }
        return;
      case "CLUE_RESUMED":
        this.clueLive = true;
        this.clueDeadline = typeof m.deadline === "number" ? m.deadline : null;
        if (this.wantsBuzz && !this.buzzed) this.armBuzz(rand(300, 1500));
        return;
      case "PHASE_RESOLUTION":
        this.clueLive = false;
        this.disarmBuzz();
        // Only a draw with a live post-clue deadline (nobody answering) came from that timer.
        if (m.outcome === "DRAW") this.late("clue_deadline", this.clueDeadline, wall);
        this.clueDeadline = null;
        this.nextPhaseAt = typeof m.nextPhaseAt === "number" ? m.nextPhaseAt : null;
        return;
      case "PHASE_COMPLETE":
        this.late("resolution_end", this.nextPhaseAt, wall);
        this.nextPhaseAt = null;
        if (m.forfeit === true) this.rec.odd("match ended by forfeit");
        else this.completedMatch = true;
        this.closing = true;
        this.finish();
        return;
      case "ERROR": {
        const code = String(m.code);
        if (!this.pending) {
          this.rec.odd(`unsolicited ERROR ${code}`);
          return;
        }
        const kind = this.pending.kind;
        this.pending = null;
        this.rec.refused(kind, code, BENIGN[kind]?.includes(code) ?? false);
        return;
      }
      default:
        return;
    }
  }

  private newQuestion(index: number): void {
    this.question = index;
    this.clueDeadline = null;
    this.nextPhaseAt = null;
    this.clueLive = false;
    this.wantsBuzz = false;
    this.buzzed = false;
    this.meantRight = null;
    this.disarmBuzz();
  }

  /** Bet, match, raise or fold after a human pause; dropped if the turn moved on meanwhile. */
  private decideBet(actions: string[], betOptions: number[], raiseOptions: number[]): void {
    const turn = this.turn;
    this.later(rand(...THINK_MS), () => {
      if (this.turn !== turn) return;
      const r = Math.random();
      const canFold = actions.includes("FOLD");
      if (actions.includes("BET")) {
        if (canFold && r < 0.1) return this.send({ type: "FOLD" });
        return this.send({ type: "BET", amount: pick(betOptions.length ? betOptions : [5]) });
      }
      if (actions.includes("MATCH")) {
        if (actions.includes("RAISE") && raiseOptions.length && r < 0.2)
          return this.send({ type: "RAISE", amount: pick(raiseOptions) });
        if (canFold && r > 0.9) return this.send({ type: "FOLD" });
        return this.send({ type: "MATCH" });
      }
      if (canFold) this.send({ type: "FOLD" });
    });
  }

  private armBuzz(ms: number): void {
    this.disarmBuzz();
    this.buzzTimer = this.later(ms, () => {
      this.buzzTimer = null;
      if (this.clueLive && !this.buzzed) this.send({ type: "BUZZ" });
    });
  }

  private disarmBuzz(): void {
    if (!this.buzzTimer) return;
    clearTimeout(this.buzzTimer);
    this.timers.delete(this.buzzTimer);
    this.buzzTimer = null;
  }

  private decideAnswer(): void {
    const match = this.match;
    const question = this.question;
    const wantRight = Math.random() < ANSWERS_RIGHT;
    this.later(rand(500, 2500), async () => {
      const answer = wantRight ? await this.room.answerFor(match, question) : null;
      if (this.closing || this.question !== question) return;
      this.meantRight = answer !== null;
      this.send({ type: "ANSWER", text: answer ?? WRONG_ANSWER });
    });
  }
}
