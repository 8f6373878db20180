import { isRuleError, type RuleError, refuse } from "./errors";
import type { LogEntry, RoomOrigin } from "./replay";
import { type AnyRules, type Audience, type From, isPresence, type Outbound, type SeatId, SYSTEM } from "./rules";
import { zodMessage } from "./zod-message";

export interface Delivered {
  at: number;
  to: Audience;
  msg: unknown;
}

/**
 * Drives a rules module on a virtual clock, the way the room host does in production:
 * inputs one at a time, timers fired exactly at due(), every accepted input logged.
 * Tests run in microseconds and can replay their own log.
 */
export class Table<S = unknown> {
  state: S;
  now: number;
  readonly log: LogEntry[] = [];
  readonly sent: Delivered[] = [];
  readonly origin: RoomOrigin;

  constructor(
    readonly rules: AnyRules,
    init: { options?: unknown; seed?: string; now?: number; timeScale?: number; roomId?: string } = {},
  ) {
    const options = rules.options.parse(init.options ?? {});
    this.now = init.now ?? 1_000_000;
    this.origin = {
      roomId: init.roomId ?? "TEST01",
      options,
      seed: init.seed ?? "test-seed",
      createdAt: this.now,
      timeScale: init.timeScale ?? 1,
    };
    this.state = rules.setup({ ...this.origin, now: this.now });
  }

  /**
   * Apply an input now, as the room host does: first every timer whose time has come
   * fires, so the input meets the state of its arrival time. On refusal the state must be
   * untouched; that is checked here too.
   */
  act(from: From, intent: unknown): RuleError | Outbound[] {
    this.catchUp();
    // The door, as in the host: an intent is parsed with the game's schema before the rules see it.
    if (!isPresence(intent)) {
      const parsed = this.rules.intent.safeParse(intent);
      if (!parsed.success) return refuse("bad_action", zodMessage(parsed.error, "action"));
      intent = parsed.data;
    }
    const before = JSON.stringify(this.state);
    const step = this.rules.act(this.state, from, intent, this.now);
    if (isRuleError(step)) {
      if (JSON.stringify(this.state) !== before) throw new Error("a refused input changed the state");
      return step;
    }
    this.log.push({ kind: "act", from, intent, at: this.now });
    this.accept(step.state, step.out);
    return step.out;
  }

  /** Like act, but a refusal fails the test. */
  must(from: From, intent: unknown): Outbound[] {
    const r = this.act(from, intent);
    if (isRuleError(r)) throw new Error(`refused ${JSON.stringify(intent)}: ${r.error.code} (${r.error.message})`);
    return r;
  }

  /** The refusal code, or fails the test if the input was accepted. */
  refused(from: From, intent: unknown): string {
    const r = this.act(from, intent);
    if (!isRuleError(r)) throw new Error(`expected a refusal for ${JSON.stringify(intent)}`);
    return r.error.code;
  }

  /** Move the clock forward, firing every timer that comes due on the way, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = this.rules.due(this.state);
      if (due === null || due > until) break;
      this.now = Math.max(this.now, due);
      const step = this.rules.tick(this.state, this.now);
      this.log.push({ kind: "tick", at: this.now });
      this.accept(step.state, step.out);
    }
    this.now = until;
  }

  /**
   * The room host's catch-up before an input: one tick at the current time if anything is
   * overdue (a late timer fires late, at the time the input arrived; `tick` handles every
   * event due by then, earliest first).
   */
  catchUp(): void {
    const due = this.rules.due(this.state);
    if (due === null || due > this.now) return;
    const step = this.rules.tick(this.state, this.now);
    if (step.state === this.state && step.out.length === 0) return;
    this.log.push({ kind: "tick", at: this.now });
    this.accept(step.state, step.out);
  }

  /** Advance until the next timer fires (at most `limit` ms); returns false if none is due. */
  fireNext(limit = 3_600_000): boolean {
    const due = this.rules.due(this.state);
    if (due === null || due - this.now > limit) return false;
    this.advance(Math.max(0, due - this.now));
    return true;
  }

  view(seat: SeatId | null): unknown {
    return this.rules.view(this.state, seat, this.now, "full");
  }

  /** Messages a given seat (or a spectator, null) would have received, in order. */
  received(seat: SeatId | null): unknown[] {
    return this.sent.filter((d) => reaches(d.to, seat)).map((d) => d.msg);
  }

  /** Messages of one `type` sent so far (any audience). */
  ofType<T = Record<string, unknown>>(type: string): T[] {
    return this.sent.map((d) => d.msg as { type?: string }).filter((m) => m?.type === type) as T[];
  }

  private accept(next: S, out: Outbound[]) {
    this.state = next;
    for (const o of out) {
      if ("view" in o) {
        this.sent.push({ at: this.now, to: o.to, msg: { type: "@view", seatViews: true } });
      } else {
        this.sent.push({ at: this.now, to: o.to, msg: o.msg });
      }
    }
  }
}

/** Whether a message for `to` reaches `seat` (null: a spectator). */
export function reaches(to: Audience, seat: SeatId | null): boolean {
  if (to === "all") return true;
  if (to === "players") return seat !== null;
  if (to === "spectators") return seat === null;
  if ("seat" in to) return to.seat === seat;
  return to.except !== seat;
}

/** An input as a room's log holds it, for tests that replay a log written by hand. */
export function logged(from: From, intent: unknown, at: number): LogEntry {
  return { kind: "act", from, intent, at };
}

/** A presence change as the platform logs it. */
export function loggedPresence(seat: SeatId, status: string, at: number, name?: string): LogEntry {
  return logged(SYSTEM, { type: "@presence", seat, status, ...(name === undefined ? {} : { name }) }, at);
}

/** The origin of a room as its log holds it (an older room's, for replay tests). */
export function loggedOrigin(roomId: string, options: unknown): RoomOrigin {
  return { roomId, options, seed: "old-seed", createdAt: 1_000, timeScale: 1 };
}

/**
 * The seed of property runs that also count what they reached (every phase, every kind of
 * event): with a random seed such a count is itself a coin toss. `FC_SEED=<n>` explores
 * other runs; a failure prints the seed that reproduces it.
 */
export const PROPERTY_SEED = Number(process.env.FC_SEED ?? 20261206);
