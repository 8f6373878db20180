import type { GameModule, ServiceContext } from "../../engine/module";
import type { Audience, Outbound, SeatId, ViewSync } from "../../engine/rules";
import type { InputLog } from "../input-log";
import type { LiveStore } from "../live-store";
import type { Scheduler } from "../scheduler";

/**
 * Where a room's outbound messages go (Socket.IO rooms in the server). `seq` is the log
 * position of the state a message reflects: every message carries it (see sent-log.ts).
 */
export interface Publisher {
  publish(game: string, code: string, to: Audience, msg: unknown, seq: number): void;
  /**
   * Each recipient in `to` gets its own view; `seats` are the room's seated members. `sync`
   * says which kind (`update` after a step, the default; `full` to make every socket current).
   */
  publishViews(
    game: string,
    code: string,
    to: Audience,
    seats: SeatId[],
    view: ViewFor,
    seq: number,
    sync?: ViewSync,
  ): void;
  /**
   * The whole step at once, after its messages went out one by one: for sockets that take a
   * step as one frame (the compact wire, docs/protocols/platform.md), which the calls above
   * leave out.
   */
  step?(game: string, code: string, step: PublishedStep): void;
  /**
   * A joining socket (`JoinRequest.listener`) took a seat: it gets its welcome and full view
   * now, and hears its seat from now on, before the join's own messages go out.
   */
  seated?(game: string, code: string, seated: Seated): void;
  /**
   * The step just published ends the room (`Step.closes`): once its messages are out, every
   * socket in the room is let go.
   */
  close?(game: string, code: string): void;
}
/** A joining socket's seat and its full view as of the join's step (see `Publisher.seated`). */
export interface Seated {
  listener: string;
  seat: SeatId;
  name: string | undefined;
  view: unknown;
  seq: number;
}
/** A stored step as the publisher sees it: its messages, the room's seats, each one's full view now, its seq. */
export interface PublishedStep {
  out: Outbound[];
  seats: SeatId[];
  view: ViewFor;
  seq: number;
}
/** One recipient's view of the room (null: a spectator). */
export type ViewFor = (seat: SeatId | null) => unknown;

export interface HostMetrics {
  input(game: string, seconds: number): void;
  tickLateness(seconds: number): void;
}

/** `unchanged`: accepted, but the step changed nothing, so nothing was logged or published. */
export type HostResult = { ok: true; unchanged?: true } | { ok: false; code: string; message: string };
/** An accepted input that changed nothing (neither logged nor published). */
export const UNCHANGED = { ok: true, unchanged: true } as const;
export const NOT_FOUND = { ok: false, code: "room_not_found", message: "No such room." } as const;
export const NOT_SEATED = { ok: false, code: "not_seated", message: "You no longer hold a seat here." } as const;
/** What a resyncing socket says it holds: every step up to `seq`, then step `next` (if named). */
export type ResyncSince = { seq: number; next?: number | undefined };
export type ResendResult =
  | { ok: true; seq: number; full: false }
  | { ok: true; seq: number; full: true; view: unknown }
  | { ok: false; code: string; message: string };
export type JoinResult = {
  seat: SeatId | null;
  refused?: { code: string; message: string };
  created: boolean;
  /** The listener was greeted with its seat's full view (see `JoinRequest.listener`). */
  greeted?: boolean;
};

/** Who is acting: the seat the gateway believes a socket holds, and the secret that proves it. */
export interface Holder {
  seat: SeatId;
  credential: string;
}

export interface JoinRequest {
  /** The seat's secret (Trivia Duel's playerId, a seat token's subject). None: a spectator. */
  credential?: string;
  name?: string;
  /** A secret the browser keeps across seats, so a kicked browser stays out (docs/architecture.md, Decisions D5). */
  device?: string;
  /**
   * Create the room if nobody has. The gateway asks it only for games whose joins create
   * rooms (`JoinRules.createsRoom`, src/engine/module.ts), after spending the address's
   * room allowance.
   */
  create?: boolean;
  /** A named seat to take, rather than the lowest free one (SerpentRace's gamemaster, "GM"). */
  seat?: SeatId;
  /** Take the seat for someone whose socket has not connected yet (a game's REST join). */
  offline?: boolean;
  /**
   * The socket that joins, when its protocol syncs first: once the rules accept the seat
   * and the join is stored, the publisher greets it with its full view and lets it hear its
   * seat (`Publisher.seated`) before the join's messages are published, so what the rules
   * send the seat on its (re)join follows that view.
   */
  listener?: string;
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
