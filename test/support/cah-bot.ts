import { io, type Socket } from "socket.io-client";

type Msg = Record<string, unknown> & { type: string };
// biome-ignore lint/suspicious/noExplicitAny: views are checked structurally in the tests
type View = any;

export async function seatToken(url: string, roomId: string, name: string, deviceId?: string): Promise<string> {
  const r = await fetch(`${url}/api/v1/cards/rooms/${roomId}/seats`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(deviceId ? { name, deviceId } : { name }),
  });
  if (r.status !== 201) throw new Error(`seat token: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}

/**
 * A Cards Against Humanity player over the real protocol: draws the prompt when judge,
 * answers with the first cards of its hand (in order), picks entry 1 when judging.
 */
export class CahBot {
  readonly socket: Socket;
  readonly inbox: Msg[] = [];
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
    if (!s || s.status !== "playing" || this.pending || !this.me) return;
    const judge = s.roles.judge === this.me;
    if (s.currentPhase === "PROMPT" && judge && (s.globalSlots.prompt ?? []).length === 0) {
      this.pending = { id: this.action({ type: "draw", deckId: "black", count: 1, toZone: "prompt" }), round: s.round };
    } else if (s.currentPhase === "SUBMIT" && !judge) {
      const mine = s.roundState.submissions[this.me];
      const have = mine?.count ?? 0;
      const hand = s.players.find((p: View) => p.id === this.me)?.hand ?? [];
      if (have < s.roundState.pick && hand.length > 0) {
        const card = hand[0].id;
        const id = this.action({ type: "play", cardId: card, fromZone: "hand", toSlot: "submission" });
        this.pending = { id, round: s.round, card };
      }
    } else if (s.currentPhase === "JUDGE" && judge && (s.roundState.anonymized ?? []).length > 0) {
      this.pending = {
        id: this.action({ type: "selectWinner", index: s.roundState.anonymized[0].index }),
        round: s.round,
      };
    }
  }

  async until(pred: (s: View) => boolean, ms = 20_000, what = "state"): Promise<View> {
    const end = Date.now() + ms;
    while (!this.state || !pred(this.state)) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; phase ${this.state?.currentPhase}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.state;
  }

  /** Wait until some message received so far satisfies `pred`. */
  async message(pred: (m: Msg) => boolean, ms = 15_000): Promise<Msg> {
    const end = Date.now() + ms;
    for (;;) {
      const m = this.inbox.find(pred);
      if (m) return m;
      if (Date.now() > end) throw new Error(`no such message; got ${this.inbox.map((x) => x.type).join(", ")}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async reply(requestId: string, ms = 10_000): Promise<Msg> {
    const end = Date.now() + ms;
    for (;;) {
      const m = this.inbox.find((x) => (x.type === "ack" || x.type === "error") && x.requestId === requestId);
      if (m) return m;
      if (Date.now() > end) throw new Error(`no reply to ${requestId}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close() {
    this.socket.close();
  }
}
