import { io, type Socket } from "socket.io-client";
import type { WireAdapter } from "../../../src/engine/module";
import { followSeq, type SeqFollower } from "../../../web/src/kit/sync";
import { type Rng, unit } from "../bots/random";
import type { AckedInput, FleetGame } from "./records";
import { emptyCounts } from "./records";

/** What every bot of a fleet shares. */
export interface BotContext {
  /** The server, or the load balancer in front of several (http://host:port). */
  baseUrl: string;
  /** How long a bot keeps trying to reconnect before it gives up (ms). */
  reconnectWindowMs: number;
  /** The fleet's list of acknowledged inputs; every bot appends to it. */
  acked: AckedInput[];
  /** The bot's own seeded generator: its moves (the game's bot in test/support/bots) and its backoff. */
  rng: Rng;
  /**
   * Headers the bot's client sends on every request and socket handshake: an
   * `X-Forwarded-For` gives each room's clients an address of their own behind a load
   * balancer whose nodes trust the loopback (per-address allowances then count per room).
   */
  headers?: Record<string, string>;
}

/** One message to send: the Socket.IO event and its payload. */
export interface Move {
  event: string;
  payload: Record<string, unknown>;
}

type Reply = { ok: boolean; unchanged?: boolean; error?: string; message?: string };

/** The gateway allows 20 messages a second per socket; a bot stays well under it. */
const MIN_GAP_MS = 60;
/** After an answer with no news since the request, how long to wait for the broadcast before deciding again. */
const SETTLE_MS = 250;
/** The gateway answers every message; no answer in this long counts the request as lost. */
const REPLY_TIMEOUT_MS = 10_000;
/**
 * A socket that is up but has not been seated with a full state in this long (its join was
 * refused: rate limited, a node that does not know the room yet) is dropped and tried again.
 */
const SYNC_TIMEOUT_MS = 5_000;

/**
 * A player over Socket.IO (websocket only) that outlives its node: when the socket drops it
 * reconnects with backoff for up to `reconnectWindowMs`, proving its seat again with the
 * same credential (the handshake `auth`, or what `onConnected` sends), and acts again only
 * once the server has sent it a fresh full state. A request whose socket dropped before its
 * answer is forgotten (counted as lost), never assumed applied: the next decision is made
 * from the state the server sends on the new connection.
 *
 * One request at a time. Every answer the server gives is counted; every acknowledged one is
 * recorded with the intent exactly as the server logs it (the game's own wire adapter reads
 * the payload here as the gateway does), for `ackedInputsMissingFromLog`.
 */
export abstract class Bot {
  readonly counts = emptyCounts();
  /** Times the bot was seated again after losing its socket. */
  reconnects = 0;
  /** The seat the server gave this bot (the log's actor for its inputs). */
  seat: string | null = null;
  finished = false;
  /** Why the bot stopped before the end (it could not reconnect in time), or null. */
  failed: string | null = null;
  /** How the game ended as this bot saw it (a winner, a forfeit), once it has. */
  outcome: string | null = null;
  protected readonly socket: Socket;
  /** The web kit's sync rule: stale messages dropped, gaps and refusals asked about. */
  private readonly sync: SeqFollower;
  private synced = false;
  private pending: { id: number; sentAtMessage: number; timer: ReturnType<typeof setTimeout> } | null = null;
  private nextId = 0;
  private messages = 0;
  private stale = false;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;
  private stepTimer: ReturnType<typeof setTimeout> | null = null;
  private lastSent = 0;
  private downSince: number | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private everSynced = false;
  protected closed = false;
  private readonly ended: Promise<void>;
  private settle!: () => void;
  private readonly firstSync: Promise<void>;
  private syncedOnce!: () => void;

  constructor(
    readonly game: FleetGame,
    readonly room: string,
    readonly name: string,
    protected readonly ctx: BotContext,
    private readonly wire: WireAdapter,
    namespace: string,
    auth?: Record<string, unknown>,
  ) {
    this.ended = new Promise((resolve) => {
      this.settle = resolve;
    });
    this.firstSync = new Promise((resolve) => {
      this.syncedOnce = resolve;
    });
    this.socket = io(`${ctx.baseUrl}${namespace}`, {
      transports: ["websocket"],
      forceNew: true,
      // Our own loop below: Socket.IO's gives up on a server-side disconnect, and a bot must not.
      reconnection: false,
      autoConnect: false,
      // A connection attempt to a node that is gone fails fast and is tried again.
      timeout: 5000,
      ...(ctx.headers ? { extraHeaders: ctx.headers } : {}),
      ...(auth ? { auth } : {}),
    });
    this.sync = followSeq(this.socket);
    this.socket.onAny((event: string, data: unknown, stamp?: unknown) => {
      // A named event's seq comes after its payload (SerpentRace); the others carry it inside.
      if (!this.sync.accept(stamp !== undefined ? stamp : data)) return;
      this.messages++;
      this.clearStale();
      this.onServer(event, data);
      this.kick();
    });
    this.socket.on("connect", () => {
      if (this.syncTimer) clearTimeout(this.syncTimer);
      this.syncTimer = setTimeout(() => {
        this.syncTimer = null;
        if (this.socket.connected && !this.synced && !this.closed && !this.finished) this.socket.disconnect();
      }, SYNC_TIMEOUT_MS);
      this.onConnected();
    });
    this.socket.on("disconnect", () => this.down());
    this.socket.on("connect_error", () => this.down());
  }

  /** Connect (the handshake seats the bot, or `onConnected` joins). */
  start(): this {
    this.socket.connect();
    return this;
  }

  /** Resolves when the bot has seen the game's end, or has given up. */
  done(): Promise<void> {
    return this.ended;
  }

  /** Resolves when the server has first seated the bot and sent it a full state. */
  seated(): Promise<void> {
    return this.firstSync;
  }

  /** What the bot last knew of its game, for a report on a game that did not finish. */
  abstract where(): string;

  /** The bot's own side of a stall: its socket, what it waits for, and what it was told. */
  loop(): string {
    const refused = Object.entries(this.counts.refused)
      .map(([code, n]) => `${code}×${n}`)
      .join(" ");
    return (
      `${this.socket.connected ? "up" : "down"}${this.synced ? ", synced" : ""}` +
      `${this.pending ? ", awaiting a reply" : ""}${this.stale ? ", waiting for news" : ""}; ` +
      `sent ${this.counts.sent}, acked ${this.counts.acked}, lost ${this.counts.lost}` +
      `${refused ? `, refused ${refused}` : ""}; ${this.messages} messages, ${this.reconnects} reconnects`
    );
  }

  /** The next move from the state this bot has seen, or null to wait. */
  protected abstract decide(): Move | null;

  /** A server message: update what the bot knows; call `markSynced()` on a full state, `finish()` at the end. */
  protected abstract onServer(event: string, data: unknown): void;

  /** The socket is up (again): protocols that join with a message send it here. */
  protected onConnected(): void {}

  /** The server acknowledged a move (its news may come a moment later, through another node). */
  protected onAcked(_move: Move): void {}

  /** The server sent a full state since the last (re)connect: decisions may be made again. */
  protected markSynced(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    // The window runs from losing the socket until the bot is seated again, not merely connected.
    if (this.downSince !== null && this.everSynced) this.reconnects++;
    this.everSynced = true;
    this.downSince = null;
    this.attempts = 0;
    this.synced = true;
    this.syncedOnce();
  }

  protected finish(outcome?: string): void {
    if (outcome !== undefined) this.outcome ??= outcome;
    if (this.finished) return;
    this.finished = true;
    this.settle();
  }

  close(): void {
    this.closed = true;
    for (const t of [this.stepTimer, this.staleTimer, this.reconnectTimer, this.syncTimer, this.pending?.timer])
      if (t) clearTimeout(t);
    this.sync.stop();
    this.socket.close();
    this.settle();
  }

  /** Send now, outside the decision loop (a join message), without counting it as an input. */
  protected raw(event: string, payload: unknown): void {
    this.socket.emit(event, payload);
  }

  /** An input this bot's seat made over REST (SerpentRace's start) that the server answered 2xx. */
  protected recordRest(intent: unknown): void {
    if (this.seat === null) return;
    this.counts.acked++;
    this.ctx.acked.push({
      game: this.game,
      room: this.room,
      seat: this.seat,
      intent,
      event: "rest",
      ackedAt: Date.now(),
    });
  }

  private down(): void {
    this.synced = false;
    if (this.pending) {
      clearTimeout(this.pending.timer);
      this.pending = null;
      this.counts.lost++;
    }
    if (this.closed || this.finished || this.failed) return;
    const now = Date.now();
    this.downSince ??= now;
    if (now - this.downSince > this.ctx.reconnectWindowMs) {
      this.failed = `could not reconnect within ${this.ctx.reconnectWindowMs} ms`;
      this.socket.close();
      this.settle();
      return;
    }
    if (this.reconnectTimer) return;
    // Jittered backoff, so a node's sockets do not all knock at once.
    const delay = Math.min(50 * 2 ** this.attempts++, 1000) * (0.5 + unit(this.ctx.rng));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closed && !this.finished && !this.socket.connected) this.socket.connect();
    }, delay);
  }

  private clearStale(): void {
    this.stale = false;
    if (this.staleTimer) clearTimeout(this.staleTimer);
    this.staleTimer = null;
  }

  /** Wait for news before deciding again (or SETTLE_MS, whichever comes first). */
  private goStale(): void {
    this.clearStale();
    this.stale = true;
    this.staleTimer = setTimeout(() => {
      this.staleTimer = null;
      this.stale = false;
      this.kick();
    }, SETTLE_MS);
  }

  protected kick(): void {
    if (this.stepTimer || this.closed || this.finished) return;
    const wait = Math.max(0, this.lastSent + MIN_GAP_MS - Date.now());
    this.stepTimer = setTimeout(() => {
      this.stepTimer = null;
      this.step();
    }, wait);
  }

  private step(): void {
    if (!this.socket.connected || !this.synced || this.pending || this.stale || this.finished || this.closed) return;
    const move = this.decide();
    if (move) this.send(move);
  }

  private send(move: Move): void {
    const frame = this.wire.parse(move.payload, move.event);
    if (frame.kind !== "intent") throw new Error(`${this.name}: the bot built a message the server would refuse`);
    const seat = this.seat;
    if (seat === null) return;
    const id = ++this.nextId;
    const requestId = typeof move.payload.requestId === "string" ? move.payload.requestId : undefined;
    const timer = setTimeout(() => {
      if (this.pending?.id !== id) return;
      this.pending = null;
      this.counts.lost++;
      this.kick();
    }, REPLY_TIMEOUT_MS);
    this.pending = { id, sentAtMessage: this.messages, timer };
    this.counts.sent++;
    this.lastSent = Date.now();
    this.socket.emit(move.event, move.payload, (reply: Reply) => {
      // An acknowledgement is the server's word that the input is durable, whether or not
      // the bot still waits for it.
      if (reply?.ok) {
        this.counts.acked++;
        this.ctx.acked.push({
          game: this.game,
          room: this.room,
          seat,
          intent: frame.intent,
          event: move.event,
          ...(requestId !== undefined ? { requestId } : {}),
          ...(reply.unchanged ? { unchanged: true as const } : {}),
          ackedAt: Date.now(),
        });
        this.onAcked(move);
      } else {
        const code = reply?.error ?? "no_code";
        this.counts.refused[code] = (this.counts.refused[code] ?? 0) + 1;
        // Refused for acting on a state the room has left? Then a broadcast was lost: ask.
        this.sync.check();
      }
      if (this.pending?.id !== id) return;
      clearTimeout(this.pending.timer);
      const news = this.messages > this.pending.sentAtMessage;
      this.pending = null;
      // A refusal, or an ack that came before its broadcast (another node's fan-out may be
      // slower than the ack): decide again on fresh news, not on the state the request saw.
      if (!reply?.ok || !news) this.goStale();
      this.kick();
    });
  }
}
