import { io, type Socket } from "socket.io-client";
import { loadOutrankContent } from "../../src/games/outrank/content/index";
import type { OutrankView, TokenView } from "../../src/games/outrank/wire";
import { OutrankPlayer } from "./bots";
import { seedRng } from "./bots/random";
import { answers, received, seatTokenAt } from "./client";
import { Bell, until } from "./waits";

export type Msg = Record<string, unknown> & { type: string };
type Ack = { ok: boolean; unchanged?: boolean; error?: string; message?: string };

export async function createOutrankRoom(
  url: string,
  body: { mode?: "online" | "table"; settings?: Record<string, unknown> } = {},
): Promise<string> {
  const r = await fetch(`${url}/api/v1/outrank/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`create room: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { roomId: string }).roomId;
}

export const outrankSeat = (url: string, roomId: string, name: string, deviceId?: string) =>
  seatTokenAt(`${url}/api/v1/outrank`, roomId, name, deviceId);

/** Gaps between one socket's messages: the gateway allows 20 a second. */
const MIN_GAP_MS = 60;

/**
 * An Outrank client over the real protocol. Playing on its own (`auto`), it makes the
 * Outrank bot's moves (test/support/bots), from its own view and the public events only;
 * the test starts the game.
 */
export class OutrankBot {
  readonly socket: Socket;
  readonly inbox: Msg[] = [];
  private readonly bell = new Bell();
  state: OutrankView | null = null;
  auto = true;
  private seq = 0;
  private pending: string | null = null;
  private lastSent = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly player: OutrankPlayer;

  constructor(
    url: string,
    readonly roomId: string,
    readonly token: string | undefined,
    readonly name: string,
    seed = 1,
  ) {
    this.player = new OutrankPlayer(seedRng(`outrank-bot-${seed}`));
    this.socket = io(`${url}/outrank`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      auth: token ? { roomId, token, name } : { roomId },
    });
    this.socket.on("message", (m: Msg) => {
      this.inbox.push(m);
      this.player.hear(m as Parameters<OutrankPlayer["hear"]>[0]);
      if (m.type === "state") this.state = m.state as OutrankView;
      if ((m.type === "ack" || m.type === "error") && m.requestId === this.pending) this.pending = null;
      this.bell.ring();
      this.schedule();
    });
  }

  /** Send an action; the reply (ack or error) carries the returned request id. */
  action(action: Record<string, unknown>): string {
    const requestId = `${this.name.replace(/\W/g, "")}-${++this.seq}`;
    this.socket.send({ type: "action", action, requestId });
    this.lastSent = Date.now();
    return requestId;
  }

  /** Send with a Socket.IO acknowledgement and return it. */
  withAck(msg: unknown): Promise<Ack> {
    return new Promise((resolve) => this.socket.emit("message", msg, (a: Ack) => resolve(a)));
  }

  /** Play on its own again (and look at the state it already has). */
  go() {
    this.auto = true;
    this.schedule();
  }

  private schedule() {
    if (!this.auto || this.timer || this.pending) return;
    const wait = Math.max(0, this.lastSent + MIN_GAP_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.play();
    }, wait);
  }

  private play() {
    if (!this.auto || this.pending || !this.socket.connected) return;
    const a = this.player.next();
    if (a) this.pending = this.action(a);
  }

  /** Wait until the bot's latest view satisfies `pred`, and return that view. */
  until(what: string, pred: (s: OutrankView) => boolean, ms = 20_000): Promise<OutrankView> {
    return until(`${this.name}: ${what}`, () => (this.state && pred(this.state) ? this.state : null), {
      ms,
      wake: this.bell.listen,
      seen: () => this.stall(),
    });
  }

  /** Where this bot stands, for a report on a game that stopped moving. */
  stall(): string {
    const s = this.state;
    const players = s?.players.map((p, i) => `${i}:${p.presence}/${p.status}/${p.hand.length}+${p.thisRound.length}`);
    const last = this.inbox
      .slice(-6)
      .map((m) => (m.type === "event" ? `event ${(m.event as { type: string }).type}` : `${m.type} ${m.code ?? ""}`))
      .join(", ");
    return (
      `phase ${s?.phase}, round ${s?.round}, paused ${s?.paused ?? "no"}, you ${s?.you}, turn ${s?.currentPlayer}, ` +
      `players ${players?.join(" ")}, pool ${s?.draftPool.length}; ${this.socket.connected ? "up" : "down"}, ` +
      `awaiting ${this.pending ?? "nothing"}; last: ${last}`
    );
  }

  /** Wait until some message received so far satisfies `pred`. */
  message(what: string, pred: (m: Msg) => boolean, ms = 15_000): Promise<Msg> {
    return received(this.inbox, this.bell, `${this.name}: ${what}`, pred, ms);
  }

  reply(requestId: string, ms = 10_000): Promise<Msg> {
    return this.message(`the reply to ${requestId}`, answers(requestId), ms);
  }

  events(type?: string): Record<string, unknown>[] {
    return this.inbox
      .filter((m) => m.type === "event")
      .map((m) => m.event as Record<string, unknown>)
      .filter((e) => type === undefined || e.type === type);
  }

  close() {
    this.auto = false;
    if (this.timer) clearTimeout(this.timer);
    this.socket.close();
  }
}

// ---------------------------------------------------------------- the payload scanner

const content = loadOutrankContent();
const TOKENS = new Map(content.categories.flatMap((f) => f.tokens).map((t) => [t.id, t]));
const STAT_KEYS = new Set(content.categories.flatMap((f) => f.stats.map((s) => s.key)));

/** Values of `stat` that only one token in the whole content has: finding one names that token. */
function uniqueValues(stat: string): Map<number, string> {
  const count = new Map<number, string[]>();
  for (const t of TOKENS.values()) {
    const v = t.stats[stat];
    if (v !== undefined) count.set(v, [...(count.get(v) ?? []), t.id]);
  }
  const out = new Map<number, string>();
  for (const [v, ids] of count) if (ids.length === 1 && v >= 10_000) out.set(v, ids[0]!);
  return out;
}

export interface ScanReport {
  problems: string[];
  /** Messages scanned and public values seen in them (so a clean report is not an empty one). */
  messages: number;
  valuesSeen: number;
  poolTokensSeen: number;
}

/**
 * The secrecy scanner over everything one client received, in order: no draft-pool token's
 * stat value ever reaches a client before its guess is resolved. For every message, the
 * tokens in the draft pool (as the last state and this one show it) must not appear with a
 * `value`, except as the `drafted` token of the `guessResolved` event that resolves its
 * guess; no number anywhere may equal a pool token's value under the current stat when that
 * value belongs to that token alone; and no raw stat table (`stats`, a stat key) is sent.
 */
export function scanOutrank(inbox: Msg[]): ScanReport {
  const problems: string[] = [];
  let pool = new Set<string>();
  let stat: string | null = null;
  let valuesSeen = 0;
  const poolSeen = new Set<string>();
  for (const [n, m] of inbox.entries()) {
    const view = m.type === "state" ? (m.state as OutrankView) : null;
    if (view) stat = view.currentChallenge?.stat ?? null;
    const here = new Set(pool);
    if (view) for (const t of view.draftPool) here.add(t.id);
    for (const id of here) poolSeen.add(id);
    const ev = m.type === "event" ? (m.event as { type: string; drafted?: TokenView }) : null;
    const resolving = ev?.type === "guessResolved" ? ev.drafted : undefined;
    if (resolving && !pool.has(resolving.id))
      problems.push(`#${n} guessResolved drafts ${resolving.id}, not in the pool`);
    const unique = stat ? uniqueValues(stat) : new Map<number, string>();
    const walk = (x: unknown, path: string) => {
      if (typeof x === "number") {
        const owner = unique.get(x);
        if (owner && here.has(owner) && !(resolving?.id === owner && path.startsWith("event.drafted")))
          problems.push(`#${n} ${m.type} ${path} = ${x}, the hidden value of pool token ${owner}`);
        return;
      }
      if (Array.isArray(x)) {
        for (const [i, y] of x.entries()) walk(y, `${path}[${i}]`);
        return;
      }
      if (!x || typeof x !== "object") return;
      const o = x as Record<string, unknown>;
      if (typeof o.id === "string" && "value" in o) {
        valuesSeen++;
        if (here.has(o.id) && o !== resolving)
          problems.push(`#${n} ${m.type} ${path} carries the value of pool token ${o.id}`);
      }
      for (const [k, y] of Object.entries(o)) {
        if (k === "stats" || STAT_KEYS.has(k)) problems.push(`#${n} ${m.type} ${path}.${k}: a raw stat table`);
        walk(y, path ? `${path}.${k}` : k);
      }
    };
    walk(m, "");
    // Resolved: its value is public from here on (a wrong guess puts it back without it).
    if (resolving) pool.delete(resolving.id);
    if (view) {
      for (const t of view.draftPool) if ("value" in t) problems.push(`#${n} state: pool token ${t.id} has a value`);
      pool = new Set(view.draftPool.map((t) => t.id));
    }
  }
  return { problems: [...new Set(problems)], messages: inbox.length, valuesSeen, poolTokensSeen: poolSeen.size };
}
