import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { countInbound } from "./traffic";

/** Where the bots report what they see. */
export interface CahRecorder {
  /** A bot sent an action (counted for the echo's send rate). */
  sent(kind: string): void;
  /** Action → its `ack`, which the gateway sends only after the host published the new views. */
  acked(kind: string, ms: number): void;
  /** Action → the first `state` for the sender that reflects it. */
  reflected(kind: string, ms: number): void;
  /** The server refused an action (a well-behaved bot should meet none). */
  refused(kind: string, code: string): void;
  /** Something unexpected that does not break the run. */
  odd(what: string): void;
  /** Something that breaks the run (makes the exit code non-zero). */
  error(what: string): void;
  /** A bot saw its seat for the first time. */
  seated(): void;
  /** A Socket.IO message a bot received: its size on the wire, and whether it was a `state` view. */
  received(bytes: number, isState: boolean): void;
}

type Msg = Record<string, unknown> & { type: string };
interface Card {
  id: string;
}
/** The slice of the Card Table view (`GameStateView`) the bots read. */
interface View {
  status: "lobby" | "playing" | "paused" | "ended";
  currentPhase: string;
  round: number;
  roles: { judge?: string | null; lead?: string | null };
  players: { id: string; hand: Card[]; virtual?: true }[];
  globalSlots: Record<string, Card[]>;
  roundState: {
    pick: number;
    submissions: Record<string, { count: number }>;
    anonymized?: { index: number }[];
  };
  you: string | null;
}

interface Want {
  /** Names one decision, so a bot never plans or sends the same one twice. */
  key: string;
  kind: string;
  action: Record<string, unknown>;
  /** Whether a later view of the sender shows the action took effect. */
  reflects: (s: View) => boolean;
}

const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Human-ish pause before every action. */
export const THINK_MS: [number, number] = [500, 3000];
const SEAT_TIMEOUT_MS = 30_000;
/** How a `state` message starts on the wire (a Socket.IO event packet in /cards, as the engine hands it over). */
const STATE_PREFIX = '2/cards,["message",{"type":"state"';

async function post<T>(url: string, body: unknown, forwardedFor?: string): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${new URL(url).pathname}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Create a CAH room that ends after `rounds` judged rounds. */
export async function createCahRoom(url: string, rounds: number): Promise<string> {
  const r = await post<{ roomId: string }>(`${url}/api/v1/cards/rooms`, {
    settings: { endCondition: "rounds", endValue: rounds },
  });
  return r.roomId;
}

/** One CAH room played start to end by `players` bots over real sockets. */
export class CahRoomRun {
  readonly bots: CahBenchBot[] = [];
  completed = false;
  startedAt = 0;
  /** When the last bot saw the game end (or gave up); 0 while playing. */
  finishedAt = 0;
  rounds = 0;

  constructor(
    readonly url: string,
    readonly roomId: string,
    readonly players: number,
    readonly rec: CahRecorder,
    /**
     * Sent as X-Forwarded-For with the seat requests: a server that trusts loopback as a
     * proxy (TRUST_PROXY) then counts each room's bots as a client of their own, so its
     * per-client limit on seat requests does not throttle hundreds of bots on one host.
     */
    readonly clientAddress?: string,
  ) {}

  /** Get seat tokens, connect every bot, and play until each has seen the game end. */
  async play(): Promise<void> {
    this.startedAt = performance.now();
    try {
      const tokens = await Promise.all(
        Array.from({ length: this.players }, (_, i) =>
          post<{ token: string }>(
            `${this.url}/api/v1/cards/rooms/${this.roomId}/seats`,
            { name: `Bot ${i + 1}` },
            this.clientAddress,
          ),
        ),
      );
      tokens.forEach((t, i) => {
        this.bots.push(new CahBenchBot(this, t.token, `Bot ${i + 1}`));
      });
    } catch (err) {
      this.rec.error(`room ${this.roomId}: ${String(err)}`);
      this.finishedAt = performance.now();
      return;
    }
    await Promise.all(this.bots.map((b) => b.finished));
    this.completed = this.bots.every((b) => b.sawEnd);
    this.rounds = Math.max(0, ...this.bots.map((b) => b.roundsEnded.size));
    this.finishedAt = performance.now();
    this.dispose();
  }

  dispose(): void {
    for (const b of this.bots) b.dispose();
  }
}

export class CahBenchBot {
  private readonly socket: Socket;
  private readonly timers = new Set<NodeJS.Timeout>();
  private state: View | null = null;
  private seq = 0;
  private closing = false;
  /** The action in flight: the bot waits for its ack (or error) before planning the next one. */
  private pending: { want: Want; id: string; at: number; reflected: boolean } | null = null;
  /** A decision waiting out its think time. */
  private planned: Want | null = null;
  /** The last decision sent: a refused one is not retried. */
  private lastKey = "";
  private finish!: () => void;
  readonly finished: Promise<void>;
  sawEnd = false;
  /** Rounds this bot heard end (`roundEnded` events). */
  readonly roundsEnded = new Set<number>();

  constructor(
    private readonly room: CahRoomRun,
    token: string,
    private readonly name: string,
  ) {
    this.finished = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.socket = io(`${room.url}/cards`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
      auth: { roomId: room.roomId, token, name },
    });
    countInbound(this.socket);
    this.socket.io.on("open", () => {
      this.socket.io.engine.on("data", (d: unknown) => {
        if (typeof d === "string") this.rec.received(Buffer.byteLength(d), d.startsWith(STATE_PREFIX));
        else this.rec.received((d as ArrayBuffer).byteLength ?? 0, false);
      });
    });
    this.socket.on("message", (m: Msg) => this.onMessage(m));
    this.socket.on("connect_error", (err) => this.fail(`connect_error: ${err.message}`));
    this.socket.on("disconnect", (reason) => {
      if (!this.closing) this.fail(`disconnected mid-game: ${reason}`);
    });
    this.later(SEAT_TIMEOUT_MS, () => {
      if (!this.state?.you) this.fail(`no seat within ${SEAT_TIMEOUT_MS / 1000} s`);
    });
  }

  private get rec() {
    return this.room.rec;
  }

  private fail(what: string): void {
    if (this.closing) return;
    this.rec.error(`room ${this.room.roomId} ${this.name}: ${what}`);
    this.dispose();
  }

  dispose(): void {
    this.closing = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.socket.close();
    this.finish();
  }

  /** Done playing: the game ended and our last action is answered. Keep the socket open for the others. */
  private done(): void {
    this.sawEnd = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.finish();
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closing) fn();
    }, ms);
    this.timers.add(t);
  }

  private onMessage(m: Msg): void {
    if (this.closing) return;
    const now = performance.now();
    switch (m.type) {
      case "state": {
        const s = m.state as View;
        if (s.you && !this.state?.you) this.rec.seated();
        this.state = s;
        const p = this.pending;
        if (p && !p.reflected && p.want.reflects(s)) {
          p.reflected = true;
          this.rec.reflected(p.want.kind, now - p.at);
        }
        if (s.status === "paused") this.rec.odd("game paused");
        break;
      }
      case "ack": {
        const p = this.pending;
        if (!p || m.requestId !== p.id) {
          this.rec.odd("ack for no pending action");
          return;
        }
        this.rec.acked(p.want.kind, now - p.at);
        if (!p.reflected) this.rec.odd(`${p.want.kind} acked before a state reflecting it`);
        this.pending = null;
        break;
      }
      case "error": {
        const p = this.pending;
        if (!p || m.requestId !== p.id) {
          this.rec.odd(`unsolicited error ${String(m.error)}`);
          return;
        }
        this.rec.refused(p.want.kind, String(m.error));
        this.pending = null;
        break;
      }
      case "event": {
        const e = m.event as { type: string; round?: unknown };
        if (e.type === "roundEnded" && typeof e.round === "number") this.roundsEnded.add(e.round);
        return;
      }
      default:
        return;
    }
    if (this.state?.status === "ended") {
      if (!this.pending) this.done();
      return;
    }
    this.decide();
  }

  /** What this seat should do next in the view it holds, if anything. */
  private want(s: View): Want | null {
    const me = s.you;
    if (!me) return null;
    const r = s.round;
    if (s.status === "lobby") {
      const humans = s.players.filter((p) => !p.virtual).length;
      if (s.roles.lead !== me || humans < this.room.players) return null;
      return {
        key: "start",
        kind: "startGame",
        action: { type: "startGame" },
        reflects: (v) => v.status !== "lobby",
      };
    }
    if (s.status !== "playing") return null;
    const judge = s.roles.judge === me;
    if (s.currentPhase === "PROMPT" && judge && (s.globalSlots.prompt ?? []).length === 0)
      return {
        key: `draw:${r}`,
        kind: "draw",
        action: { type: "draw", deckId: "black", count: 1, toZone: "prompt" },
        reflects: (v) => v.round !== r || v.currentPhase !== "PROMPT" || (v.globalSlots.prompt ?? []).length > 0,
      };
    if (s.currentPhase === "SUBMIT" && !judge) {
      const have = s.roundState.submissions[me]?.count ?? 0;
      const hand = s.players.find((p) => p.id === me)?.hand ?? [];
      if (have >= s.roundState.pick || hand.length === 0) return null;
      return {
        key: `play:${r}:${have}`,
        kind: "play",
        action: { type: "play", cardId: pick(hand).id, fromZone: "hand", toSlot: "submission" },
        reflects: (v) =>
          v.round !== r || v.currentPhase !== "SUBMIT" || (v.roundState.submissions[me]?.count ?? 0) > have,
      };
    }
    if (s.currentPhase === "JUDGE" && judge && (s.roundState.anonymized ?? []).length > 0)
      return {
        key: `judge:${r}`,
        kind: "selectWinner",
        action: { type: "selectWinner", index: pick(s.roundState.anonymized!).index },
        reflects: (v) => v.round !== r || v.currentPhase !== "JUDGE" || v.status !== "playing",
      };
    return null;
  }

  /** Plan the next action after a human pause; drop it if the view moved on meanwhile. */
  private decide(): void {
    if (this.pending || this.planned || !this.state) return;
    const w = this.want(this.state);
    if (!w || w.key === this.lastKey) return;
    this.planned = w;
    this.later(rand(...THINK_MS), () => {
      this.planned = null;
      const now = this.state ? this.want(this.state) : null;
      if (now && now.key === w.key) this.send(now);
      else this.decide();
    });
  }

  private send(w: Want): void {
    const id = `r${++this.seq}`;
    this.lastKey = w.key;
    this.pending = { want: w, id, at: performance.now(), reflected: false };
    this.rec.sent(w.kind);
    this.socket.send({ type: "action", action: w.action, requestId: id });
  }
}
