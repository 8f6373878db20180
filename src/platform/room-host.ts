import { randomBytes, randomUUID } from "node:crypto";
import { isRuleError } from "../engine/errors";
import type { GameModule, ServiceContext } from "../engine/module";
import type { RoomOrigin } from "../engine/replay";
import {
  type Audience,
  type From,
  isNoop,
  type Outbound,
  type PresenceStatus,
  type RoomStage,
  SEAT_UNAVAILABLE,
  type SeatId,
  SYSTEM,
} from "../engine/rules";
import { uniqueRoomCode } from "./codes";
import type { InputLog, InputRow } from "./input-log";
import type { LiveStore, RoomRecord } from "./live-store";
import { CodeTaken, LogConflict, StorageUnavailable } from "./log-errors";
import { applyMembership, emptySeating, hashSecret, holds, type Membership } from "./membership";
import { RoomTurns } from "./room-turns";
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
/** An accepted input that changed nothing (neither logged nor published). */
const UNCHANGED = { ok: true, unchanged: true } as const;
export type JoinResult = { seat: SeatId | null; refused?: { code: string; message: string }; created: boolean };

/** Who is acting: the seat the gateway believes a socket holds, and the secret that proves it. */
export interface Holder {
  seat: SeatId;
  credential: string;
}

export interface JoinRequest {
  /** The seat's secret (Trivia Duel's playerId, a seat token's subject). None: a spectator. */
  credential?: string;
  name?: string;
  /** A secret the browser keeps across seats, so a kicked browser stays out (Card Table RULINGS 5). */
  device?: string;
  /** Create the room if nobody has (RULINGS Trivia #9). Only for games with createOnJoin. */
  create?: boolean;
  /** A named seat to take, rather than the lowest free one (SerpentRace's gamemaster, "GM"). */
  seat?: SeatId;
  /** Take the seat for someone whose socket has not connected yet (a game's REST join). */
  offline?: boolean;
  /**
   * Called when the rules have accepted the seat and the join is stored, just before the
   * messages it caused are published, with that seat's full view: the socket can listen to
   * its seat first, so what the rules send the seat on its (re)join reaches it.
   */
  onSeated?: (seat: SeatId, view: () => unknown) => void;
}

/** A short lock on a room across nodes; `acquire` resolves with its release. */
export interface RoomLock {
  acquire(code: string): Promise<() => Promise<void>>;
}

/**
 * Scale-out mode: other nodes read and write the same live store and log. The log decides:
 * a row is appended (and waited for) before the live write, a sequence number taken by
 * another node makes this turn start again on fresh state, and rows the log holds beyond
 * the live copy are applied (and published) by whoever reads the room next.
 */
export interface SharedMode {
  /** Spares needless conflicts by letting one node at a time work on a room; correctness never rests on it. */
  lock?: RoomLock;
  /** Whether a socket on any node is connected for this seat (a restored room keeps such seats connected). */
  seatOnline?: (code: string, seat: SeatId) => Promise<boolean>;
  /** How long after a rebuild its seats are checked against `seatOnline` (default 5 s). */
  presenceSettleMs?: number;
  /**
   * Say, before this node first works on a room, that it does: should the node die between
   * a write and its broadcast, the node that notices resyncs the rooms it had (`resync`).
   */
  touch?: (code: string) => Promise<void>;
  /** A room was closed: what the cluster keeps about who sits in it goes too. */
  forget?: (code: string) => Promise<void>;
}

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
  /** For games' projections and content loading; without it projections are skipped. */
  services?: ServiceContext;
  /** Live rooms allowed at once; creating one more is refused (`server_full`). */
  maxLiveRooms?: number;
  /** How new room codes are drawn (random; tests make them collide). */
  roomCode?: () => string;
  /** Set when other nodes share the live store and the log (see SharedMode). */
  shared?: SharedMode;
}

/** A refusal from the host that callers turn into their protocol's error (REST status, socket error). */
export class HostRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** This node lost a race for the room's next sequence number: the turn starts again on fresh state. */
class TurnConflict extends Error {}
/** A turn that keeps losing races this often gives up (another node is hammering the same room). */
const MAX_CONFLICTS = 100;

/**
 * Shared: how long after a room is rebuilt its seats are checked for sockets. After Redis
 * lost everything, each node writes its sockets back within about a second of reconnecting.
 */
const PRESENCE_SETTLE_MS = 5_000;

/** How soon a timer whose tick could not be logged (database away) tries again. */
const STORAGE_RETRY_MS = 1000;
const STORAGE_DOWN = "The game's storage is not reachable right now; nothing was changed. Try again in a moment.";

const NOT_FOUND = { ok: false, code: "room_not_found", message: "No such room." } as const;
const NOT_SEATED = { ok: false, code: "not_seated", message: "You no longer hold a seat here." } as const;
const unavailable = (code: string) => (SEAT_UNAVAILABLE as readonly string[]).includes(code);

/**
 * The only writer of a room. Per input: take the room's turn, load, fire any timer whose
 * time has come, run the rules, append to the durable log, compare-and-set the live
 * state, arm the timer, publish. Nothing is published or acknowledged before the input
 * is durable.
 */
export class RoomHost {
  private readonly games = new Map<string, GameModule>();
  private readonly turns = new RoomTurns();
  private readonly projections = new Map<string, Promise<void>>();
  private scheduler: Scheduler | null;
  private readonly clock: () => number;
  /** While the server restores rooms after a restart: rebuilds a room not yet restored. */
  private restoreOnDemand: ((code: string) => Promise<RoomRecord | null>) | null = null;
  /** Shared: seat checks waiting after rebuilds (see `install`). */
  private readonly seatChecks = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: HostDeps) {
    for (const g of deps.games) this.games.set(g.rules.id, g);
    this.scheduler = deps.scheduler ?? null;
    this.clock = deps.clock ?? Date.now;
  }

  setScheduler(s: Scheduler) {
    this.scheduler = s;
  }

  /** See recovery.ts: rooms asked for before the restore loop reached them are restored first. */
  setRestoreOnDemand(fn: ((code: string) => Promise<RoomRecord | null>) | null) {
    this.restoreOnDemand = fn;
  }

  game(id: string): GameModule {
    const g = this.games.get(id);
    if (!g) throw new Error(`unknown game ${id}`);
    return g;
  }

  hasGame(id: string): boolean {
    return this.games.has(id);
  }

  /**
   * Run `fn` when the room's previous work is done: one input at a time per room. Shared,
   * the turn also holds the room's lock across nodes, and starts again from a fresh load
   * when another node took the sequence number it was writing.
   */
  inTurn<T>(code: string, fn: () => Promise<T>): Promise<T> {
    const shared = this.deps.shared;
    if (!shared) return this.turns.run(code, fn);
    return this.turns.run(code, async () => {
      await shared.touch?.(code).catch((err) => this.deps.onError?.(err, `touch ${code}`));
      const release = await shared.lock?.acquire(code);
      try {
        for (let conflicts = 0; ; conflicts++) {
          try {
            return await fn();
          } catch (err) {
            if (err instanceof StorageUnavailable) throw new HostRefusal("storage_unavailable", STORAGE_DOWN);
            if (!(err instanceof TurnConflict) || conflicts >= MAX_CONFLICTS) throw err;
          }
        }
      } finally {
        await release?.().catch((err) => this.deps.onError?.(err, `unlock ${code}`));
      }
    });
  }

  private async load(code: string): Promise<RoomRecord | null> {
    const rec = await this.deps.live.get(code);
    if (rec) return this.deps.shared ? this.follow(rec) : rec;
    if (!this.restoreOnDemand) return null;
    // Already inside this room's turn: install directly.
    const rebuilt = await this.restoreOnDemand(code);
    if (rebuilt) await this.install(rebuilt);
    const back = await this.deps.live.get(code);
    return back && this.deps.shared ? this.follow(back) : back;
  }

  /**
   * Shared: apply the rows the log holds beyond this live copy, and publish them. They are
   * another node's inputs whose live write has not landed (still under way, or lost with a
   * node that died between its append and its write). Whoever stores them publishes them.
   */
  private async follow(rec: RoomRecord): Promise<RoomRecord | null> {
    let cur: RoomRecord | null = rec;
    while (cur) {
      const tail = await this.deps.log.tail(cur.uid, cur.seq);
      if (tail.length === 0) return cur;
      const game = this.game(cur.game);
      await this.prepare(game, cur.origin.options);
      const steps: { next: RoomRecord; out: Outbound[] }[] = [];
      let next = cur;
      for (const row of tail) {
        const step = this.replayRow(next, game, row);
        steps.push(step);
        next = step.next;
      }
      if (await this.deps.live.cas(cur.code, cur.version, next)) {
        this.arm(next, game);
        for (const step of steps) {
          this.publish(step.next, game, step.out);
          this.project(step.next, game, step.out);
        }
        return next;
      }
      cur = await this.deps.live.get(cur.code);
    }
    return null;
  }

  /** One logged row applied to a live copy: the state and seating it leads to, and what it said. */
  private replayRow(rec: RoomRecord, game: GameModule, row: InputRow): { next: RoomRecord; out: Outbound[] } {
    const step =
      row.kind === "tick"
        ? game.rules.tick(rec.state, row.at)
        : game.rules.act(rec.state, row.actor as From, row.intent, row.at);
    if (isRuleError(step)) throw new Error(`room ${rec.code}: logged input ${row.seq} is refused on replay`);
    return { next: advanced(rec, row, step.state, row.seq), out: step.out };
  }

  private arm(rec: RoomRecord, game: GameModule): void {
    this.scheduler?.arm(rec.code, game.rules.due(rec.state), rec.seq);
  }

  private async prepare(game: GameModule, options: unknown): Promise<void> {
    if (game.prepare && this.deps.services) await game.prepare(options, this.deps.services);
  }

  createRoom(gameId: string, rawOptions: unknown, wantedCode?: string): Promise<string> {
    return this.refuseWhenDown(this.create(gameId, rawOptions, wantedCode));
  }

  /** Shared: an unreachable database is a refusal with its own code (storage_unavailable), not a crash. */
  private async refuseWhenDown<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      if (err instanceof StorageUnavailable) throw new HostRefusal("storage_unavailable", STORAGE_DOWN);
      throw err;
    }
  }

  private async create(gameId: string, rawOptions: unknown, wantedCode?: string): Promise<string> {
    const game = this.game(gameId);
    const limit = this.deps.maxLiveRooms;
    if (limit !== undefined && (await this.deps.live.size()) >= limit)
      throw new HostRefusal("server_full", "This server has as many rooms open as it can hold; try again later.");
    // A drawn code another room (on any node) took meanwhile is drawn again.
    for (let attempt = 1; ; attempt++) {
      const code = wantedCode ?? (await uniqueRoomCode((c) => this.codeTaken(c), this.deps.roomCode));
      // The content the options name is loaded first: checking them may need it (a stored
      // definition's settings), and setup reads it. Nothing is awaited between here and setup.
      await this.prepare(game, rawOptions ?? {});
      const options = game.rules.options.parse(rawOptions ?? {});
      const made = await this.tryCreate(game, options, code);
      if (made) return code;
      if (wantedCode || attempt >= 20) throw new HostRefusal("room_exists", "That room code is taken.");
    }
  }

  /** Create a room under `code` (its setup runs at once); false if the code is taken (live, or open in the log). */
  private async tryCreate(game: GameModule, options: unknown, code: string): Promise<boolean> {
    const gameId = game.rules.id;
    const now = this.clock();
    const origin: RoomOrigin = {
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
      ...emptySeating(),
      touchedAt: now,
    };
    if (!(await this.deps.live.cas(code, null, rec))) return false;
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
      if (err instanceof CodeTaken) return false;
      throw err;
    }
    return true;
  }

  /**
   * Whether a code names a room: a live one, or, while rooms are still being restored after
   * a restart, an open room in the log that the restore has not reached yet.
   */
  private async codeTaken(code: string): Promise<boolean> {
    if (await this.deps.live.has(code)) return true;
    return this.restoreOnDemand !== null && (await this.deps.log.openRoomByCode(code)) !== null;
  }

  /** Whether the live store holds the room now (no rebuilding, no catching up). */
  isLive(code: string): Promise<boolean> {
    return this.deps.live.has(code);
  }

  exists(code: string): Promise<RoomRecord | null> {
    return this.refuseWhenDown(this.load(code));
  }

  /**
   * Take or retake a seat. The credential proves the seat (RULINGS: a seat belongs to
   * whoever proved it); a newcomer is offered the lowest free seat, and the rules may
   * refuse it, in which case the newcomer watches.
   */
  join(gameId: string, code: string, req: JoinRequest): Promise<JoinResult> {
    return this.inTurn(code, async (): Promise<JoinResult> => {
      let rec = await this.load(code);
      let created = false;
      if (!rec && req.create && this.game(gameId).createOnJoin) {
        try {
          await this.create(gameId, {}, code);
          created = true;
        } catch (err) {
          // Another node created it a moment ago: join that one.
          if (!(err instanceof HostRefusal && err.code === "room_exists")) throw err;
        }
        rec = await this.load(code);
      }
      if (!rec || rec.game !== gameId)
        return { seat: null, refused: { code: "room_not_found", message: "No such room." }, created };
      const game = this.game(gameId);
      rec = await this.catchUp(rec, game);
      if (!req.credential) return { seat: null, created };
      const key = hashSecret(code, req.credential);
      const device = req.device ? hashSecret(code, req.device) : undefined;
      const named = req.name ? { name: req.name } : {};
      const known = rec.members[key];
      // Seated again before any socket comes (a second REST join): nothing changes here.
      if (known && req.offline) return { seat: known, created };
      const onSeated = req.onSeated;
      const seating = (seat: SeatId) =>
        onSeated &&
        ((next: RoomRecord) => onSeated(seat, () => game.rules.view(next.state, seat, this.clock(), "full")));
      if (known) {
        const intent = { type: "@presence", seat: known, status: "connected", ...named };
        const r = await this.apply(rec, game, SYSTEM, intent, null, seating(known));
        // The rules may refuse a returning seat (kicked, left for good): it may only watch.
        if (!r.ok) return { seat: null, refused: { code: r.code, message: r.message }, created };
        return { seat: known, created };
      }
      const taken = new Set(Object.values(rec.members));
      // A credential or a browser that held a seat here comes back through the rules first:
      // a seat given up with LEAVE (a card table refuses it; a duel reopened it), or a seat
      // this browser held under another credential (kicked: refused, so the kick sticks).
      const earlier = [rec.retired[key], device ? rec.devices[device] : undefined];
      for (const seat of earlier) {
        if (!seat || (taken.has(seat) && rec.retired[key] === seat)) continue;
        const back = { type: "@presence", seat, status: "connected", ...named };
        const meta = { join: key, ...(device ? { device } : {}) };
        const r = await this.apply(rec, game, SYSTEM, back, meta, seating(seat));
        if (r.ok) return { seat, created };
        if (r.code === "kicked" || (seat === rec.retired[key] && unavailable(r.code)))
          return { seat: null, refused: { code: r.code, message: r.message }, created };
      }
      // Offer free seats in order; the rules may pass on a seat (SEAT_UNAVAILABLE) or refuse
      // the newcomer outright. With no free seat left, the offer past the last one lets the
      // rules say why (room_full).
      let refused: { code: string; message: string } | undefined;
      const offers = req.seat ? [req.seat] : Array.from({ length: game.rules.seats.max + 1 }, (_, i) => `P${i + 1}`);
      for (const offer of offers) {
        if (taken.has(offer)) continue;
        const intent = {
          type: "@presence",
          seat: offer,
          status: "joined",
          ...named,
          ...(req.offline ? { offline: true } : {}),
        };
        const meta = { join: key, ...(device ? { device } : {}) };
        const r = await this.apply(rec, game, SYSTEM, intent, meta, seating(offer));
        if (r.ok) return { seat: offer, created };
        refused = { code: r.code, message: r.message };
        if (!unavailable(r.code)) break;
      }
      return { seat: null, ...(refused ? { refused } : {}), created };
    });
  }

  /** A seated player's intent. The credential must still hold the seat (a stale tab cannot act). */
  input(code: string, who: Holder, intent: unknown): Promise<HostResult> {
    return this.inTurn(code, async () => {
      const rec = await this.load(code);
      if (!rec) return NOT_FOUND;
      if (!holds(rec, hashSecret(code, who.credential), who.seat)) return NOT_SEATED;
      const started = performance.now();
      const game = this.game(rec.game);
      const r = await this.apply(await this.catchUp(rec, game), game, who.seat, intent);
      // Only inputs that changed something count (a flood of repeats is not traffic served).
      if (r.ok && r !== UNCHANGED) this.deps.metrics?.input(rec.game, (performance.now() - started) / 1000);
      return r;
    });
  }

  /**
   * An input on behalf of a seat that a game's own route has already authorised (an account
   * proven over REST): no credential to check. SerpentRace's `POST /game/:id/start` is one.
   */
  actAs(code: string, seat: SeatId, intent: unknown): Promise<HostResult> {
    return this.inTurn(code, async () => {
      const rec = await this.load(code);
      if (!rec) return NOT_FOUND;
      const game = this.game(rec.game);
      return this.apply(await this.catchUp(rec, game), game, seat, intent);
    });
  }

  /**
   * A seat's socket came or went. With a credential, only if it still holds the seat: the
   * last socket of a tab that lost its seat must not mark the new occupant disconnected.
   */
  presence(code: string, seat: SeatId, status: PresenceStatus, credential?: string): Promise<HostResult> {
    return this.presenceOf(code, seat, status, credential === undefined ? undefined : hashSecret(code, credential));
  }

  /**
   * Scale-out: the seat's last socket in the cluster went with a node that left (only the
   * credential's hash is known there). Disconnected, if that credential still holds it.
   */
  seatGone(code: string, seat: SeatId, credentialHash: string): Promise<HostResult> {
    return this.presenceOf(code, seat, "disconnected", credentialHash);
  }

  private presenceOf(code: string, seat: SeatId, status: PresenceStatus, credentialHash?: string): Promise<HostResult> {
    return this.inTurn(code, async () => {
      const rec = await this.load(code);
      if (!rec) return NOT_FOUND;
      if (credentialHash !== undefined && !holds(rec, credentialHash, seat)) return NOT_SEATED;
      const game = this.game(rec.game);
      return this.apply(await this.catchUp(rec, game), game, SYSTEM, { type: "@presence", seat, status });
    });
  }

  /** Give up a seat for good; the credential no longer proves anything here. */
  leave(code: string, credential: string): Promise<HostResult & { seat?: SeatId }> {
    return this.inTurn(code, async () => {
      const rec = await this.load(code);
      if (!rec) return NOT_FOUND;
      const key = hashSecret(code, credential);
      const seat = rec.members[key];
      if (!seat) return { ok: false, code: "not_seated", message: "You have no seat here." } as const;
      const game = this.game(rec.game);
      const intent = { type: "@presence", seat, status: "left" };
      const r = await this.apply(await this.catchUp(rec, game), game, SYSTEM, intent, { leave: key });
      return r.ok ? { ok: true, seat } : r;
    });
  }

  /** The room's stored version (null: not live), read without loading the room. */
  storedVersion(code: string): Promise<number | null> {
    return this.deps.live.version(code);
  }

  /** Render one seat's view of a room now (null: spectator). */
  async view(code: string, seat: SeatId | null): Promise<unknown> {
    const rec = await this.refuseWhenDown(this.load(code));
    if (!rec) return null;
    return this.game(rec.game).rules.view(rec.state, seat, this.clock(), "full");
  }

  /** A timer came due. Ignored if the room moved on and nothing is due any more. */
  fire(code: string): Promise<void> {
    return this.inTurn(code, async () => {
      const rec = await this.load(code);
      if (!rec) return;
      const game = this.game(rec.game);
      const due = game.rules.due(rec.state);
      if (due === null || due > this.clock()) {
        this.arm(rec, game);
        return;
      }
      await this.catchUp(rec, game);
    }).catch(async (err) => {
      if (!(err instanceof HostRefusal && err.code === "storage_unavailable"))
        return this.deps.onError?.(err, `timer ${code}`);
      // The tick could not be logged: try again shortly rather than lose the timer while
      // the database is away (an armed timer from an older state would be ignored).
      const rec = await this.deps.live.get(code).catch(() => null);
      if (rec) this.scheduler?.arm(code, this.clock() + STORAGE_RETRY_MS, rec.seq);
    });
  }

  /**
   * Run the timers whose time has come, so what follows is judged against the state at its
   * arrival time: an ANSWER after its deadline meets the timed-out question even if the
   * timer has not fired yet (a busy event loop, a timer about to fire).
   */
  private async catchUp(rec: RoomRecord, game: GameModule): Promise<RoomRecord> {
    const due = game.rules.due(rec.state);
    const now = this.clock();
    if (due === null || due > now) return rec;
    this.deps.metrics?.tickLateness((now - due) / 1000);
    await this.prepare(game, rec.origin.options);
    const step = game.rules.tick(rec.state, now);
    if (isNoop(rec.state, step)) return rec;
    return this.commit(
      rec,
      game,
      { kind: "tick", actor: null, intent: null, meta: null, at: now },
      step.state,
      step.out,
    );
  }

  private async apply(
    rec: RoomRecord,
    game: GameModule,
    from: From,
    intent: unknown,
    meta: Membership | null = null,
    beforePublish?: (next: RoomRecord) => void,
  ): Promise<HostResult> {
    const now = this.clock();
    await this.prepare(game, rec.origin.options);
    const step = game.rules.act(rec.state, from, intent, now);
    if (isRuleError(step)) return { ok: false, ...step.error };
    // Nothing changed: nothing to log, store or tell anyone (a join always records its seat).
    if (!meta && isNoop(rec.state, step)) return UNCHANGED;
    const row = { kind: "act" as const, actor: from, intent, meta, at: now };
    await this.commit(rec, game, row, step.state, step.out, beforePublish);
    return { ok: true };
  }

  private async commit(
    rec: RoomRecord,
    game: GameModule,
    row: Omit<InputRow, "seq">,
    state: unknown,
    out: Outbound[],
    beforePublish?: (next: RoomRecord) => void,
  ): Promise<RoomRecord> {
    const seq = rec.seq + 1;
    // Inputs are durable before anyone hears of them. Ticks may be published first: they
    // follow from the durable prefix, so a crash only means recovery fires them again.
    // Shared with other nodes, a tick waits too: another node may hold its sequence number.
    const lazy = row.kind === "tick" && !this.deps.shared;
    const appended = this.deps.log.append(rec.uid, { ...row, seq }, lazy);
    if (lazy) appended.catch((err) => this.deps.onError?.(err, `log ${rec.code}`));
    else await this.durable(appended);
    const next = advanced(rec, row, state, seq);
    if (!(await this.deps.live.cas(rec.code, rec.version, next))) {
      if (!this.deps.shared) throw new Error(`room ${rec.code} changed under its host`);
      // Our row is in the log, and a node that read the room meanwhile has stored and
      // published it from there: the input stands, and the room is read afresh.
      beforePublish?.(next);
      return (await this.load(rec.code)) ?? next;
    }
    this.arm(next, game);
    beforePublish?.(next);
    this.publish(next, game, out);
    this.project(next, game, out);
    return next;
  }

  /** Wait for an append; shared, a lost race restarts the turn and an unreachable log refuses the input. */
  private async durable(appended: Promise<void>): Promise<void> {
    try {
      await appended;
    } catch (err) {
      if (!this.deps.shared) throw err;
      if (err instanceof LogConflict) throw new TurnConflict(err.message);
      if (err instanceof StorageUnavailable) throw new HostRefusal("storage_unavailable", STORAGE_DOWN);
      throw err;
    }
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
   * Close rooms that have seen no input and no timer for a while: a lobby nobody started
   * (or a finished game) after `quietMs`, a game in progress after `playingMs`. They leave
   * the live store and are marked closed in the log, so restarts stop replaying them.
   */
  async closeIdle(limits: { playingMs: number; quietMs: number }): Promise<number> {
    const now = this.clock();
    let closed = 0;
    for (const code of await this.deps.live.codes()) {
      await this.inTurn(code, async () => {
        const rec = await this.deps.live.get(code);
        if (!rec) return;
        const rules = this.game(rec.game).rules;
        const stage: RoomStage = rules.stage?.(rec.state) ?? "playing";
        const idleMs = stage === "playing" ? limits.playingMs : limits.quietMs;
        if (rec.touchedAt > now - idleMs || rules.due(rec.state) !== null) return;
        await this.deps.log.close(rec.uid, now);
        await this.deps.live.delete(code);
        this.scheduler?.arm(code, null, rec.seq);
        await this.deps.shared?.forget?.(code).catch((err) => this.deps.onError?.(err, `forget ${code}`));
        closed++;
      });
    }
    return closed;
  }

  /**
   * Put a room rebuilt from its log into the live store (see recovery.ts), then mark every
   * seat disconnected (its socket died with the old process; the rules start their grace
   * windows) and re-arm its timer. Shared, seats are checked against the cluster's sockets
   * a few seconds later instead, and the room's sockets get a full state. False if the room
   * was already live.
   */
  restore(rec: RoomRecord): Promise<boolean> {
    return this.inTurn(rec.code, () => this.install(rec));
  }

  private async install(rec: RoomRecord): Promise<boolean> {
    if (!(await this.deps.live.cas(rec.code, null, rec))) return false;
    const game = this.game(rec.game);
    if (this.deps.shared) {
      // Other nodes may still hold this room's sockets (Redis lost the room, not the
      // nodes), and the fan-out may have dropped messages while Redis was away: everyone
      // in the room gets a full state now. Seats nobody holds are marked disconnected a
      // little later, once every node has had time to write its sockets back to a Redis
      // that lost them (SeatPresence.reassert).
      this.arm(rec, game);
      this.sync(rec, game);
      this.checkSeatsLater(rec.code);
      return true;
    }
    let cur = rec;
    for (const seat of new Set(Object.values(rec.members))) {
      const intent = { type: "@presence", seat, status: "disconnected" };
      const step = game.rules.act(cur.state, SYSTEM, intent, this.clock());
      if (isRuleError(step) || isNoop(cur.state, step)) continue;
      const row = { kind: "act" as const, actor: SYSTEM, intent, meta: null, at: this.clock() };
      cur = await this.commit(cur, game, row, step.state, step.out);
    }
    this.arm(cur, game);
    return true;
  }

  /**
   * Shared: a node that worked on this room died, maybe between storing a change and
   * broadcasting it, so sockets on the other nodes may never have heard of it (a turn that
   * passed to a player who does not know it is theirs). Everyone in the room gets a full
   * view of the state as stored, with the log's tail applied, and its timer is armed again.
   */
  resync(code: string): Promise<void> {
    return this.inTurn(code, async () => {
      const rec = await this.load(code);
      if (!rec) return;
      const game = this.game(rec.game);
      await this.prepare(game, rec.origin.options);
      this.arm(rec, game);
      this.sync(rec, game);
    });
  }

  /** Every socket in the room gets its full view, as on joining (after a rebuild, after a node died). */
  private sync(rec: RoomRecord, game: GameModule): void {
    const now = this.clock();
    const view = (seat: SeatId | null) => game.rules.view(rec.state, seat, now, "full");
    this.deps.publisher.publishViews(rec.game, rec.code, "all", Object.values(rec.members), view);
  }

  /** Shared: after a rebuild, mark disconnected the seats no node has a socket at (see `install`). */
  private checkSeatsLater(code: string): void {
    const handle = setTimeout(() => {
      this.seatChecks.delete(handle);
      void this.checkSeats(code).catch((err) => this.deps.onError?.(err, `presence ${code}`));
    }, this.deps.shared?.presenceSettleMs ?? PRESENCE_SETTLE_MS);
    handle.unref();
    this.seatChecks.add(handle);
  }

  private async checkSeats(code: string): Promise<void> {
    const rec = await this.deps.live.get(code);
    if (!rec) return;
    for (const seat of new Set(Object.values(rec.members)))
      if (!(await this.deps.shared?.seatOnline?.(code, seat))) await this.presence(code, seat, "disconnected");
  }

  /** Drop the seat checks still waiting (the node is stopping). */
  cancelSeatChecks(): void {
    for (const handle of this.seatChecks) clearTimeout(handle);
    this.seatChecks.clear();
  }

  /** Prepare content for a replay (recovery.ts). */
  prepareFor(gameId: string, options: unknown): Promise<void> {
    return this.prepare(this.game(gameId), options);
  }

  /** Rooms with work queued or running (shutdown waits for none). */
  busyRooms(): number {
    return this.turns.busy();
  }
}

/** The live record after one logged row: its state, the seating the row's membership leaves, the log position. */
function advanced(rec: RoomRecord, row: Omit<InputRow, "seq">, state: unknown, seq: number): RoomRecord {
  const seating = applyMembership(rec, row.intent, row.meta as Membership | null);
  return { ...rec, ...seating, state, seq, version: rec.version + 1, touchedAt: row.at };
}
