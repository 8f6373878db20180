/**
 * Bench bots for the games on the envelope wire (`action` in, `state` / `event` / `ack`
 * out, seats from `POST /api/v1/<game>/rooms/:id/seats`): one room-run and one bot for
 * all of them; what a seat decides, and when its game is over, is the game's `SeatMind`.
 */
import { performance } from "node:perf_hooks";
import type { ViewPacking } from "../src/engine/compact-wire";
import { between, type Rng, seedRng } from "../test/support/bots/random";
import { CompactView, compactHandshake, frameOf } from "../web/src/kit/compact";
import { BenchBot } from "./bench-bot";
import { RoomCourse } from "./room-runs";
import { InputTally } from "./tally";

/** Where the bots report what they see. */
export interface SeatRecorder {
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
  /**
   * A Socket.IO message a bot received: its size on the wire, and what it was: a `state`
   * view, another room message (an `event`, or a compact wire's `patch` frame), or else
   * (acks, errors, pings).
   */
  received(bytes: number, kind: Received): void;
}

/** A recorder that keeps inputs by kind (to the ack), counts, and the room messages' bytes. */
export class SeatTally extends InputTally implements SeatRecorder {
  acked = (kind: string, ms: number) => this.inputs.add(kind, ms);
  reflected = () => {};
  seated = () => {};
  refused = (kind: string, code: string) => this.refusals.inc(`${kind}:${code}`);
  /** Bytes of `state`, `event` and `patch` messages (acks, errors and pings left out). */
  received = (bytes: number, kind: Received) => {
    if (kind !== "other") this.bytes += bytes;
  };
}

export type Received = "state" | "room" | "other";
export type Msg = Record<string, unknown> & { type: string };

export interface Want {
  /** Names one decision, so a bot never sends the same one twice. */
  key: string;
  action: Record<string, unknown>;
}

/** One seat's mind in a game: the view it holds, what to do next, and whether the game is over. */
export interface SeatMind {
  /** A message as today's wire brings it (a `state`, an `event`). */
  hear(m: Msg): void;
  /** The view held gives this socket a seat. */
  seated(): boolean;
  paused(): boolean;
  ended(): boolean;
  /** The next decision in the view held, or null to wait. */
  want(): Want | null;
  /** Whether the view held still offers a decision (not yet made, nor overtaken by a timer). */
  offers(w: Want): boolean;
  /** Rounds this seat has seen end. */
  rounds(): number;
}

/** A game the seat bots play: its namespace and REST name, and a mind for each seat. */
export interface SeatGame {
  /** "cards": namespace /cards, seats at /api/v1/cards/rooms/:id/seats. */
  ns: string;
  mind(rng: Rng, players: number): SeatMind;
  /** How the game's views travel packed on the compact wire (the server's own packing). */
  packing?: ViewPacking;
}

/** Human-ish pause before every action. */
export const THINK_MS: [number, number] = [500, 3000];
const SEAT_TIMEOUT_MS = 30_000;
/**
 * What a frame is, from how it starts on the wire (a Socket.IO event packet in the game's
 * namespace, as the engine hands it over): a `state`, another room message (events on
 * today's wire, frames on the compact one), or else.
 */
function frameKinds(ns: string): (d: string) => Received {
  const state = `2/${ns},["message",{"type":"state"`;
  const room = [`2/${ns},["message",{"type":"event"`, `2/${ns},["message",{"type":"patch"`];
  return (d) => (d.startsWith(state) ? "state" : room.some((p) => d.startsWith(p)) ? "room" : "other");
}

async function post<T>(url: string, body: unknown, forwardedFor?: string): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${new URL(url).pathname}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Create a room of `game` (`POST /api/v1/<game>/rooms` with `body`); its id. */
export async function createSeatRoom(url: string, game: SeatGame, body: unknown): Promise<string> {
  return (await post<{ roomId: string }>(`${url}/api/v1/${game.ns}/rooms`, body)).roomId;
}

let roomsAddressed = 0;
/** A client address per room (10.1.x.y), so the server's per-client seat allowance counts each room alone. */
export function roomClientAddress(): string {
  const n = roomsAddressed++;
  return `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** One room of a seat game played start to end by `players` bots over real sockets. */
export class SeatRoomRun extends RoomCourse {
  readonly bots: SeatBenchBot[] = [];
  rounds = 0;

  constructor(
    readonly url: string,
    readonly roomId: string,
    readonly players: number,
    readonly rec: SeatRecorder,
    readonly game: SeatGame,
    /**
     * Sent as X-Forwarded-For with the seat requests: a server that trusts loopback as a
     * proxy (TRUST_PROXY) then counts each room's bots as a client of their own, so its
     * per-client limit on seat requests does not throttle hundreds of bots on one host.
     */
    readonly clientAddress?: string,
    /** The bots ask for the compact wire (one patch frame a step) instead of today's. */
    readonly compact = false,
  ) {
    super();
  }

  /** Get seat tokens, connect every bot, and play until each has seen the game end. */
  async play(): Promise<void> {
    this.startedAt = performance.now();
    try {
      const tokens = await Promise.all(
        Array.from({ length: this.players }, (_, i) =>
          post<{ token: string }>(
            `${this.url}/api/v1/${this.game.ns}/rooms/${this.roomId}/seats`,
            { name: `Bot ${i + 1}` },
            this.clientAddress,
          ),
        ),
      );
      tokens.forEach((t, i) => {
        this.bots.push(new SeatBenchBot(this, t.token, `Bot ${i + 1}`));
      });
    } catch (err) {
      this.rec.error(`room ${this.roomId}: ${String(err)}`);
      this.finishedAt = performance.now();
      return;
    }
    await Promise.all(this.bots.map((b) => b.finished));
    this.completed = this.bots.every((b) => b.sawEnd);
    this.rounds = Math.max(0, ...this.bots.map((b) => b.mind.rounds()));
    this.finishedAt = performance.now();
    this.dispose();
  }

  dispose(): void {
    for (const b of this.bots) b.dispose();
  }
}

export class SeatBenchBot extends BenchBot {
  readonly mind: SeatMind;
  private readonly rng: Rng;
  private seq = 0;
  /** The compact wire's view held, when the room's bots use it. */
  private readonly compact: CompactView | null;
  /** The action in flight: the bot waits for its ack (or error) before planning the next one. */
  private pending: { want: Want; id: string; at: number; reflected: boolean } | null = null;
  /** A decision waiting out its think time. */
  private planned: Want | null = null;
  /** The last decision sent: a refused one is not retried. */
  private lastKey = "";
  private readonly kindOf: (d: string) => Received;
  sawEnd = false;

  constructor(
    private readonly room: SeatRoomRun,
    token: string,
    private readonly name: string,
  ) {
    super(`${room.url}/${room.game.ns}`, "game", {
      auth: { roomId: room.roomId, token, name, ...(room.compact ? compactHandshake(room.game.packing) : {}) },
      // As the web client does: a load balancer keeps the room's sockets on one node.
      query: { room: room.roomId },
    });
    this.kindOf = frameKinds(room.game.ns);
    this.compact = room.compact ? new CompactView(room.game.packing) : null;
    this.rng = seedRng(`${room.roomId} ${name}`);
    this.mind = room.game.mind(this.rng, room.players);
    this.socket.on("message", (m: Msg) => this.onWire(m));
    this.later(SEAT_TIMEOUT_MS, () => {
      if (!this.mind.seated()) this.fail(`no seat within ${SEAT_TIMEOUT_MS / 1000} s`);
    });
  }

  private get rec() {
    return this.room.rec;
  }

  protected fail(what: string): void {
    if (this.closing) return;
    this.rec.error(`room ${this.room.roomId} ${this.name}: ${what}`);
    this.dispose();
  }

  protected onFrame(d: string | ArrayBuffer): void {
    if (typeof d === "string") this.rec.received(Buffer.byteLength(d), this.kindOf(d));
    else this.rec.received(d.byteLength ?? 0, "other");
  }

  /** Done playing: the game ended and our last action is answered. Keep the socket open for the others. */
  private done(): void {
    this.sawEnd = true;
    this.stopPlaying();
  }

  /** A message as it came: on the compact wire, a frame becomes the messages today's wire would have brought. */
  private onWire(m: Msg): void {
    const frame = this.compact && frameOf("message", m);
    if (!this.compact || !frame) {
      if (this.compact && typeof m.seq === "number") this.compact.hold("message", m);
      this.onMessage(m);
      return;
    }
    const { messages, fits } = this.compact.unpack("message", frame);
    if (!fits) this.rec.odd("a patch that did not fit the view held");
    for (const [, data] of messages) this.onMessage(data as Msg);
  }

  private onMessage(m: Msg): void {
    if (this.closing) return;
    const now = performance.now();
    switch (m.type) {
      case "state": {
        const wasSeated = this.mind.seated();
        this.mind.hear(m);
        if (!wasSeated && this.mind.seated()) this.rec.seated();
        const p = this.pending;
        // A move the view no longer offers has been made (or overtaken, as by a phase's timeout).
        if (p && !p.reflected && !this.mind.offers(p.want)) {
          p.reflected = true;
          this.rec.reflected(kind(p.want), now - p.at);
        }
        if (this.mind.paused()) this.rec.odd("game paused");
        break;
      }
      case "ack": {
        const p = this.pending;
        if (!p || m.requestId !== p.id) {
          this.rec.odd("ack for no pending action");
          return;
        }
        this.rec.acked(kind(p.want), now - p.at);
        if (!p.reflected) this.rec.odd(`${kind(p.want)} acked before a state reflecting it`);
        this.pending = null;
        break;
      }
      case "error": {
        const p = this.pending;
        if (!p || m.requestId !== p.id) {
          this.rec.odd(`unsolicited error ${String(m.error)}`);
          return;
        }
        this.rec.refused(kind(p.want), String(m.error));
        this.pending = null;
        break;
      }
      case "event":
        this.mind.hear(m);
        return;
      default:
        return;
    }
    if (this.mind.ended()) {
      if (!this.pending) this.done();
      return;
    }
    this.decide();
  }

  /** Plan the next action after a human pause; drop it if the view moved on meanwhile. */
  private decide(): void {
    if (this.pending || this.planned) return;
    const w = this.mind.want();
    if (!w || w.key === this.lastKey) return;
    this.planned = w;
    this.later(between(this.rng, ...THINK_MS), () => {
      this.planned = null;
      if (this.mind.offers(w)) this.send(w);
      else this.decide();
    });
  }

  private send(w: Want): void {
    const id = `r${++this.seq}`;
    this.lastKey = w.key;
    this.pending = { want: w, id, at: performance.now(), reflected: false };
    this.rec.sent(kind(w));
    this.socket.send({ type: "action", action: w.action, requestId: id });
  }
}

const kind = (w: Want) => String(w.action.type);
