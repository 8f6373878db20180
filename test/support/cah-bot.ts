import { io, type Socket } from "socket.io-client";
import { cardTableMove } from "./bots";
import { answers, lastSeen, received, seatTokenAt } from "./client";
import { Bell, until } from "./waits";

type Msg = Record<string, unknown> & { type: string };
// biome-ignore lint/suspicious/noExplicitAny: views are checked structurally in the tests
type View = any;

export const seatToken = (url: string, roomId: string, name: string, deviceId?: string) =>
  seatTokenAt(`${url}/api/v1/cards`, roomId, name, deviceId);

/**
 * A Cards Against Humanity player over the real protocol. Playing on its own (`auto`), it
 * makes the Card Table bot's first listed move (test/support/bots): it draws the prompt
 * when judge, answers with the first cards of its hand (in order), picks entry 1 when judging.
 */
export class CahBot {
  readonly socket: Socket;
  readonly inbox: Msg[] = [];
  private readonly bell = new Bell();
  state: View = null;
  private seq = 0;
  /** The request in flight: the bot waits for its ack or error before acting again. */
  private pending: { id: string; round: number; card?: string } | null = null;
  auto = true;
  /** Card ids this bot submitted, in order, per round. */
  readonly played: Record<number, string[]> = {};

  constructor(url: string, roomId: string, token: string, name: string) {
    this.socket = io(`${url}/cards`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      auth: { roomId, token, name },
    });
    this.socket.on("message", (m: Msg) => {
      this.inbox.push(m);
      this.bell.ring();
      if (m.type === "state") {
        this.state = m.state;
        if (this.auto) this.play();
      }
      const done = this.pending;
      if ((m.type === "ack" || m.type === "error") && done && m.requestId === done.id) {
        this.pending = null;
        if (m.type === "ack" && done.card) {
          this.played[done.round] ??= [];
          this.played[done.round]!.push(done.card);
        }
        if (this.auto) this.play();
      }
    });
  }

  get me(): string | null {
    return this.state?.you ?? null;
  }

  action(action: Record<string, unknown>): string {
    const requestId = `r${++this.seq}`;
    this.socket.send({ type: "action", action, requestId });
    return requestId;
  }

  private play() {
    const s = this.state;
    if (!s || this.pending) return;
    const move = cardTableMove(s);
    if (!move) return;
    const card = move.type === "play" ? String(move.cardId) : undefined;
    this.pending = { id: this.action(move), round: s.round, ...(card ? { card } : {}) };
  }

  /** Wait until the bot's latest state satisfies `pred`, and return that state. */
  until(what: string, pred: (s: View) => boolean, ms = 20_000): Promise<View> {
    return until(what, () => (this.state && pred(this.state) ? this.state : null), {
      ms,
      wake: this.bell.listen,
      seen: () => `phase ${this.state?.currentPhase}; last seen: ${lastSeen(this.inbox)}`,
    });
  }

  /** Wait until some message received so far satisfies `pred`. */
  message(what: string, pred: (m: Msg) => boolean, ms = 15_000): Promise<Msg> {
    return received(this.inbox, this.bell, what, pred, ms);
  }

  reply(requestId: string, ms = 10_000): Promise<Msg> {
    return this.message(`the reply to ${requestId}`, answers(requestId), ms);
  }

  close() {
    this.socket.close();
  }
}
