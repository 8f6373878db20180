import { createHash, randomBytes, randomUUID } from "node:crypto";
import { isRuleError } from "../engine/errors";
import type { GameModule, ServiceContext } from "../engine/module";
import { type LogEntry, replay } from "../engine/replay";
import {
  type Audience,
  type From,
  type Outbound,
  type PresenceStatus,
  SEAT_UNAVAILABLE,
  type SeatId,
  SYSTEM,
} from "../engine/rules";
import { uniqueRoomCode } from "./codes";
import type { InputLog, InputRow } from "./input-log";
import type { LiveStore, RoomRecord } from "./live-store";
import type { Scheduler } from "./scheduler";

/** Where a room's outbound messages go (Socket.IO rooms in the server). */
export interface Publisher {
  publish(game: string, code: string, to: Audience, msg: unknown): void;
  /** Each recipient in `to` gets its own view; `seats` are the room's seated members. */
  publishViews(game: string, code: string, to: Audience, seats: SeatId[], view: (seat: SeatId | null) => unknown): void;
}

export interface HostMetrics {
  input(game: string, seconds: number): void;
  tickLateness(seconds: number): void;
}

export type HostResult = { ok: true } | { ok: false; code: string; message: string };
export type JoinResult = { seat: SeatId | null; refused?: { code: string; message: string }; created: boolean };

export interface HostDeps {
  games: GameModule[];
  live: LiveStore;
  log: InputLog;
  publisher: Publisher;
  scheduler?: Scheduler;
  timeScale: number;
  clock?: () => number;
  metrics?: HostMetrics;
  onError?: (err: unknown, context: string) => void;
  /** For games' projections (history tables); without it projections are skipped. */
  services?: ServiceContext;
}

type Membership = { join?: string; leave?: string };

/** Who holds which seat after one logged input (joins and leaves carry the credential hash). */
function applyMembership(
  rec: { members: Record<string, string>; retired: Record<string, string> },
  intent: unknown,
  meta: Membership | null,
) {
  if (!meta?.join && !meta?.leave) return { members: rec.members, retired: rec.retired };
  const members = { ...rec.members };
  const retired = { ...rec.retired };
  if (meta.join) {
    members[meta.join] = (intent as { seat: string }).seat;
    delete retired[meta.join];
  }
  if (meta.leave) {
    const seat = members[meta.leave];
    if (seat) retired[meta.leave] = seat;
    delete members[meta.leave];
  }
  return { members, retired };
}

const hashCredential = (code: string, credential: string) =>
  createHash("sha256").update(`${code}\u0000${credential}`).digest("base64url");

/**
 * The only writer of a room. Per input: take the room's turn, load, run the rules,
 * append to the durable log, compare-and-set the live state, arm the timer, publish.
 * Nothing is published or acknowledged before the input is durable.
 */
export class RoomHost {
  private readonly games = new Map<string, GameModule>();
  private readonly turns = new Map<string, Promise<unknown>>();
  private readonly projections = new Map<string, Promise<void>>();
  private scheduler: Scheduler | null;
  private readonly clock: () => number;

  constructor(private readonly deps: HostDeps) {
    for (const g of deps.games) this.games.set(g.rules.id, g);
    this.scheduler = deps.scheduler ?? null;
    this.clock = deps.clock ?? Date.now;
  }

  setScheduler(s: Scheduler) {
    this.scheduler = s;
  }

  game(id: string): GameModule {
    const g = this.games.get(id);
    if (!g) throw new Error(`unknown game ${id}`);
    return g;
  }

  /** Run `fn` when the room's previous work is done: one input at a time per room. */
  private inTurn<T>(code: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.turns.get(code) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const settled = next.catch(() => {});
    this.turns.set(code, settled);
    void settled.then(() => {
      if (this.turns.get(code) === settled) this.turns.delete(code);
    });
    return next;
  }

  async createRoom(gameId: string, rawOptions: unknown, wantedCode?: string): Promise<string> {
    const game = this.game(gameId);
    const options = game.rules.options.parse(rawOptions ?? {});
    const code = wantedCode ?? uniqueRoomCode((c) => this.deps.live.has(c));
    const now = this.clock();
    const origin = {
      roomId: code,
      options,
      seed: randomBytes(12).toString("hex"),
      createdAt: now,
      timeScale: this.deps.timeScale,
    };
    const state = game.rules.setup({ ...origin, now });
    const rec: RoomRecord = {
      uid: randomUUID(),
      code,
      game: gameId,
      origin,
      state,
      version: 0,
      seq: 0,
      members: {},
      retired: {},
      touchedAt: now,
    };
    if (!(await this.deps.live.cas(code, null, rec))) throw new Error("room_exists");
    try {
      await this.deps.log.createRoom({
        uid: rec.uid,
        code,
        game: gameId,
        options,
        seed: origin.seed,
        timeScale: origin.timeScale,
        createdAt: now,
      });
    } catch (err) {
      await this.deps.live.delete(code);
      throw err;
    }
    return code;
  }

  async exists(code: string): Promise<RoomRecord | null> {
    return this.deps.live.get(code);
  }

  /**
   * Take or retake a seat. The credential proves the seat (RULINGS: a seat belongs to
   * whoever proved it); a newcomer is offered the lowest free seat, and the rules may
   * refuse it, in which case the newcomer watches.
   */
  join(gameId: string, code: string, credential: string | undefined, name?: string, createIfMissing = false) {
    return this.inTurn(code, async (): Promise<JoinResult> => {
      let rec = await this.deps.live.get(code);
      let created = false;
      if (!rec && createIfMissing) {
        await this.createRoom(gameId, {}, code);
        rec = await this.deps.live.get(code);
        created = true;
      }
      if (!rec || rec.game !== gameId)
        return { seat: null, refused: { code: "room_not_found", message: "No such room." }, created };
      const game = this.game(gameId);
      if (!credential) return { seat: null, created };
      const key = hashCredential(code, credential);
      const known = rec.members[key];
      if (known) {
        const r = await this.apply(rec, game, SYSTEM, { type: "@presence", seat: known, status: "connected" }, null);
        // The rules may refuse a returning seat (kicked, left for good): it may only watch.
        if (!r.ok) return { seat: null, refused: { code: r.code, message: r.message }, created };
        return { seat: known, created };
      }
      // Offer free seats in order; the rules may pass on a seat (SEAT_UNAVAILABLE) or refuse
      // the newcomer outright. With no free seat left, the offer past the last one lets the
      // rules say why (room_full).
      const taken = new Set(Object.values(rec.members));
      // Someone who left with LEAVE comes back: the rules decide whether that seat may return
      // (a card table forbids it; a duel reopens the seat, so they join as anyone would).
      const gone = rec.retired[key];
      if (gone && !taken.has(gone)) {
        const intent = { type: "@presence", seat: gone, status: "connected" };
        const back = await this.apply(rec, game, SYSTEM, intent, { join: key });
        if (back.ok) return { seat: gone, created };
        if ((SEAT_UNAVAILABLE as readonly string[]).includes(back.code))
          return { seat: null, refused: { code: back.code, message: back.message }, created };
      }
      let refused: { code: string; message: string } | undefined;
      for (let k = 1; k <= game.rules.seats.max + 1; k++) {
        const offer = `P${k}`;
        if (taken.has(offer)) continue;
        const r = await this.apply(
          rec,
          game,
          SYSTEM,
          { type: "@presence", seat: offer, status: "joined", ...(name ? { name } : {}) },
          { join: key },
        );
        if (r.ok) return { seat: offer, created };
        refused = { code: r.code, message: r.message };
        if (!(SEAT_UNAVAILABLE as readonly string[]).includes(r.code)) break;
      }
      return { seat: null, ...(refused ? { refused } : {}), created };
    });
  }

  input(code: string, from: SeatId, intent: unknown): Promise<HostResult> {
    return this.inTurn(code, async () => {
      const rec = await this.deps.live.get(code);
      if (!rec) return { ok: false, code: "room_not_found", message: "No such room." } as const;
      const started = performance.now();
      const r = await this.apply(rec, this.game(rec.game), from, intent, null);
      if (r.ok) this.deps.metrics?.input(rec.game, (performance.now() - started) / 1000);
      return r;
    });
  }

  presence(code: string, seat: SeatId, status: PresenceStatus): Promise<HostResult> {
    return this.inTurn(code, async () => {
      const rec = await this.deps.live.get(code);
      if (!rec) return { ok: false, code: "room_not_found", message: "No such room." } as const;
      return this.apply(rec, this.game(rec.game), SYSTEM, { type: "@presence", seat, status }, null);
    });
  }

  /** Give up a seat for good; the credential no longer proves anything here. */
  leave(code: string, credential: string): Promise<HostResult> {
    return this.inTurn(code, async () => {
      const rec = await this.deps.live.get(code);
      if (!rec) return { ok: false, code: "room_not_found", message: "No such room." } as const;
      const key = hashCredential(code, credential);
      const seat = rec.members[key];
      if (!seat) return { ok: false, code: "not_seated", message: "You have no seat here." } as const;
      return this.apply(rec, this.game(rec.game), SYSTEM, { type: "@presence", seat, status: "left" }, { leave: key });
    });
  }

  /** Render one seat's view of a room now (null: spectator). */
  async view(code: string, seat: SeatId | null): Promise<unknown> {
    const rec = await this.deps.live.get(code);
    if (!rec) return null;
    return this.game(rec.game).rules.view(rec.state, seat, this.clock(), "full");
  }

  /** A timer came due. Ignored if the room moved on and nothing is due any more. */
  fire(code: string): Promise<void> {
    return this.inTurn(code, async () => {
      const rec = await this.deps.live.get(code);
      if (!rec) return;
      const game = this.game(rec.game);
      const due = game.rules.due(rec.state);
      const now = this.clock();
      if (due === null || due > now) {
        this.scheduler?.arm(code, due);
        return;
      }
      this.deps.metrics?.tickLateness((now - due) / 1000);
      const step = game.rules.tick(rec.state, now);
      await this.commit(
        rec,
        game,
        { kind: "tick", actor: null, intent: null, meta: null, at: now },
        step.state,
        step.out,
        null,
      );
    }).catch((err) => this.deps.onError?.(err, `timer ${code}`));
  }

  private async apply(
    rec: RoomRecord,
    game: GameModule,
    from: From,
    intent: unknown,
    meta: { join?: string; leave?: string } | null,
  ): Promise<HostResult> {
    const now = this.clock();
    const step = game.rules.act(rec.state, from, intent, now);
    if (isRuleError(step)) return { ok: false, ...step.error };
    await this.commit(rec, game, { kind: "act", actor: from, intent, meta, at: now }, step.state, step.out, meta);
    return { ok: true };
  }

  private async commit(
    rec: RoomRecord,
    game: GameModule,
    row: Omit<InputRow, "seq">,
    state: unknown,
    out: Outbound[],
    meta: { join?: string; leave?: string } | null,
  ): Promise<void> {
    const seq = rec.seq + 1;
    // Inputs are durable before anyone hears of them. Ticks may be published first: they
    // follow from the durable prefix, so a crash only means recovery fires them again.
    const appended = this.deps.log.append(rec.uid, { ...row, seq }, row.kind === "tick");
    if (row.kind === "tick") appended.catch((err) => this.deps.onError?.(err, `log ${rec.code}`));
    else await appended;
    const { members, retired } = applyMembership(rec, row.intent, meta);
    const next: RoomRecord = { ...rec, state, seq, version: rec.version + 1, members, retired, touchedAt: row.at };
    if (!(await this.deps.live.cas(rec.code, rec.version, next)))
      throw new Error(`room ${rec.code} changed under its host`);
    this.scheduler?.arm(rec.code, game.rules.due(state));
    this.publish(next, game, out);
    this.project(next, game, out);
  }

  /** Feed a game's projection in commit order, off the input's critical path. */
  private project(rec: RoomRecord, game: GameModule, out: Outbound[]): void {
    const services = this.deps.services;
    if (!game.project || !services) return;
    const prev = this.projections.get(rec.uid) ?? Promise.resolve();
    const next = prev
      .then(() => game.project!(services, { uid: rec.uid, code: rec.code }, rec.state, out))
      .catch((err) => this.deps.onError?.(err, `projection ${rec.code}`));
    this.projections.set(rec.uid, next);
    void next.then(() => {
      if (this.projections.get(rec.uid) === next) this.projections.delete(rec.uid);
    });
  }

  /** Wait until every queued projection has run (tests, shutdown). */
  async projectionsSettled(): Promise<void> {
    while (this.projections.size) await Promise.all([...this.projections.values()]);
  }

  private publish(rec: RoomRecord, game: GameModule, out: Outbound[]): void {
    const now = this.clock();
    for (const o of out) {
      if ("view" in o) {
        this.deps.publisher.publishViews(rec.game, rec.code, o.to, Object.values(rec.members), (seat) =>
          game.rules.view(rec.state, seat, now, "update"),
        );
      } else {
        this.deps.publisher.publish(rec.game, rec.code, o.to, o.msg);
      }
    }
  }

  /**
   * Close rooms that have seen no input and no timer for `idleMs`: they leave the live
   * store and are marked closed in the log, so restarts stop replaying them.
   */
  async closeIdle(idleMs: number): Promise<number> {
    const cutoff = this.clock() - idleMs;
    let closed = 0;
    for (const code of this.deps.live.codes()) {
      await this.inTurn(code, async () => {
        const rec = await this.deps.live.get(code);
        if (!rec || rec.touchedAt > cutoff) return;
        const due = this.game(rec.game).rules.due(rec.state);
        if (due !== null) return;
        await this.deps.log.close(rec.uid, this.clock());
        await this.deps.live.delete(code);
        this.scheduler?.arm(code, null);
        closed++;
      });
    }
    return closed;
  }

  /**
   * After a restart: rebuild every open room from its log, mark every seat disconnected
   * (its socket died with the old process; the rules start their grace windows), re-arm.
   */
  async recover(): Promise<number> {
    const rooms = await this.deps.log.openRooms();
    let n = 0;
    for (const room of rooms) {
      const game = this.games.get(room.game);
      if (!game) continue;
      const rows = await this.deps.log.inputs(room.uid);
      const origin = {
        roomId: room.code,
        options: room.options,
        seed: room.seed,
        createdAt: room.createdAt,
        timeScale: room.timeScale,
      };
      const entries: LogEntry[] = rows.map((r) =>
        r.kind === "tick"
          ? { kind: "tick", at: r.at }
          : { kind: "act", from: r.actor as From, intent: r.intent, at: r.at },
      );
      let state: unknown;
      try {
        state = replay(game.rules, origin, entries);
      } catch (err) {
        this.deps.onError?.(err, `recover ${room.code}`);
        continue;
      }
      let seats = { members: {} as Record<string, string>, retired: {} as Record<string, string> };
      for (const r of rows) seats = applyMembership(seats, r.intent, r.meta as Membership | null);
      const { members, retired } = seats;
      const rec: RoomRecord = {
        uid: room.uid,
        code: room.code,
        game: room.game,
        origin,
        state,
        version: 0,
        seq: rows.at(-1)?.seq ?? 0,
        members,
        retired,
        touchedAt: this.clock(),
      };
      if (!(await this.deps.live.cas(room.code, null, rec))) continue;
      n++;
      for (const seat of new Set(Object.values(members))) await this.presence(room.code, seat, "disconnected");
      this.scheduler?.arm(room.code, game.rules.due((await this.deps.live.get(room.code))!.state));
    }
    return n;
  }
}
