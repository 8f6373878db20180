import type { Socket } from "socket.io-client";
import { RESYNC_EVENT, type ResyncAck, type ResyncRequest } from "../../../src/engine/resync";

/**
 * The client half of the versioned sync (docs/protocols/platform.md). Every message about a
 * room carries the room's `seq`, the step of the state it reflects; several messages of one
 * step share it. A message more than one step past the last applied may follow a loss (or
 * only steps that said nothing to us): the client applies it and asks the server, which
 * answers "current" or sends the full view first. Messages from before what the client
 * already has are stale and dropped. A new connection starts afresh: its join brings a full view.
 */
export class SeqTracker {
  private last: number | null = null;
  private asking = false;
  private waiting: ResyncRequest[] = [];

  /** The last step applied (null: nothing yet on this connection). */
  get seq(): number | null {
    return this.last;
  }

  /** A new connection (or a room left): forget everything, including questions in flight. */
  reset(): void {
    this.last = null;
    this.asking = false;
    this.waiting = [];
  }

  /**
   * Judge one message by its seq (undefined: a message outside the sync, such as a refusal,
   * always applied). `apply` false: stale, drop it. `ask`: send this resync request now.
   */
  see(seq: number | undefined): { apply: boolean; ask: ResyncRequest | null } {
    if (seq === undefined) return { apply: true, ask: null };
    const last = this.last;
    if (last !== null && seq < last) return { apply: false, ask: null };
    this.last = seq;
    if (last === null || seq <= last + 1) return { apply: true, ask: null };
    return { apply: true, ask: this.queue({ seq: last, next: seq }) };
  }

  /**
   * Ask whether anything was missed since the last step applied (a refusal can mean the
   * client acted on a state the room has left, when the message that said so was lost and
   * nothing has come since): the request to send now, or null (nothing applied yet on this
   * connection, or it waits behind the one in flight). `since`: ask from an earlier step
   * (a compact frame whose patch did not fit the view held: its own step counts as missed).
   */
  check(since: number | null = this.last): ResyncRequest | null {
    return since === null ? null : this.queue({ seq: since });
  }

  /** The answer to the request in flight; returns the next request to send, if any. */
  answered(ack: ResyncAck | null): ResyncRequest | null {
    this.asking = false;
    // A full view came just before the answer: gaps it covers need no question.
    if (ack?.ok && ack.full) this.waiting = this.waiting.filter((r) => (r.next ?? r.seq) > ack.seq);
    const next = this.waiting.shift();
    if (!next) return null;
    this.asking = true;
    return next;
  }

  private queue(req: ResyncRequest): ResyncRequest | null {
    if (this.asking) {
      this.waiting.push(req);
      return null;
    }
    this.asking = true;
    return req;
  }
}

/** The `seq` a message carries: on the message itself, or on the argument after a named event's payload. */
export function seqOf(carrier: unknown): number | undefined {
  const seq = typeof carrier === "object" && carrier !== null ? (carrier as { seq?: unknown }).seq : undefined;
  return typeof seq === "number" ? seq : undefined;
}

/** How long an unanswered resync request waits before the next one may go. */
const ASK_MS = 8000;

export interface SeqFollower {
  /** Whether to apply a message: give it what carries its `seq` (see `seqOf`). */
  accept(carrier: unknown): boolean;
  /** The last step applied on this connection. */
  seq(): number | null;
  /** Ask the server whether this connection missed anything (see `SeqTracker.check`). */
  check(since?: number): void;
  stop(): void;
}

/**
 * Follow one socket's seqs: `accept` each message before applying it; gaps are asked about
 * here, and the page root carries the last step applied as `data-seq` (so a browser test
 * can wait on the room's state rather than on time). `onAnswer` sees each answer (tests).
 */
export function followSeq(socket: Socket, onAnswer?: (req: ResyncRequest, ack: ResyncAck | null) => void): SeqFollower {
  const tracker = new SeqTracker();
  // Answers that arrive for a connection since replaced are ignored.
  let connection = 0;
  const show = () => {
    if (typeof document === "undefined") return;
    if (tracker.seq === null) delete document.body.dataset.seq;
    else document.body.dataset.seq = String(tracker.seq);
  };
  const ask = (req: ResyncRequest | null) => {
    if (!req) return;
    const asked = connection;
    socket.timeout(ASK_MS).emit(RESYNC_EVENT, req, (err: unknown, ack?: ResyncAck) => {
      if (asked !== connection) return;
      const answer = err ? null : (ack ?? null);
      onAnswer?.(req, answer);
      ask(tracker.answered(answer));
      show();
    });
  };
  const onConnect = () => {
    connection++;
    tracker.reset();
    show();
  };
  socket.on("connect", onConnect);
  return {
    accept(carrier) {
      const { apply, ask: req } = tracker.see(seqOf(carrier));
      ask(req);
      show();
      return apply;
    },
    seq: () => tracker.seq,
    check: (since) => ask(tracker.check(since)),
    stop() {
      socket.off("connect", onConnect);
      connection++;
      tracker.reset();
      show();
    },
  };
}
