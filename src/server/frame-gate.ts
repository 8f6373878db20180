import { RESYNC_EVENT } from "../engine/resync";
import { HostRefusal } from "../platform/room-host";
import type { FloodGuard } from "./flood-guard";
import { MALFORMED } from "./safe-decoder";
import type { Frame } from "./socket-frames";
import type { Ack, SocketSession } from "./socket-session";
import { TokenBucket } from "./token-bucket";

/** Largest message we read at all; bigger ones are refused before parsing. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** A flooding socket hears `rate_limited` at most this often (its acks always answer). */
const RATE_ERROR_EVERY_MS = 250;
/**
 * A socket that keeps sending far past its allowance (this many refused messages within
 * FLOOD_WINDOW_MS) is disconnected: reading a flood costs the server even when every
 * message is refused. Its client may reconnect, within the address's join allowance.
 */
const FLOOD_REFUSALS = 200;
const FLOOD_WINDOW_MS = 10_000;

export interface FrameLimits {
  /** Messages a socket may send per second, sustained. */
  messagesPerSecond: number;
  /** Messages a socket may send at once after a quiet spell. */
  messageBurst: number;
  /** Messages a socket may have waiting to be handled; more are refused. */
  maxQueued: number;
}

export interface FrameGateDeps {
  limits: FrameLimits;
  floods: FloodGuard;
  log: { warn: (o: object, m: string) => void };
  /** Event names the protocol reads (besides `resync`, which every room game reads). */
  reads: ReadonlySet<string>;
  /** One raw event as a frame (never throws). */
  read: (event: string, raw: unknown) => Frame;
}

/** A message's own request id, read without parsing the rest (a flood is refused before parsing). */
function requestIdOf(raw: unknown): string | undefined {
  const id = typeof raw === "object" && raw !== null ? (raw as { requestId?: unknown }).requestId : undefined;
  return typeof id === "string" && id.length <= 100 ? id : undefined;
}

/**
 * Admission and flood control for one socket: every frame spends the socket's allowance, a
 * socket that keeps flooding is cut off (its address kept out for a while), frames that
 * cannot be read or are too large are refused before parsing, and the rest are handled one
 * at a time, in order, so a client's inputs keep their order. Returns the queue, for frames
 * the server makes itself (a handshake's join) and for what must follow them (a disconnect).
 */
export function gateFrames(s: SocketSession, deps: FrameGateDeps, handle: (frame: Frame, ack?: Ack) => Promise<void>) {
  const { socket, wire } = s;
  const { limits, floods, log } = deps;
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let lastRateError = 0;
  let refusedSince = 0;
  let refused = 0;
  const bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst);

  const enqueue = (frame: Frame, ack?: Ack) => {
    queued++;
    chain = chain
      .then(() => handle(frame, ack))
      .catch((err) => {
        // A refusal the host raised (storage_unavailable: nothing was stored) keeps its code.
        const requestId = "requestId" in frame ? frame.requestId : undefined;
        if (err instanceof HostRefusal) return s.refuse(err.code, err.message, requestId, ack);
        log.warn({ err }, "socket message failed");
        s.refuse("server_error", "Something went wrong; try again.", requestId, ack);
      })
      .finally(() => queued--);
  };

  /** A message over the allowance: refused with its own request id when it has one (so its sender is never left waiting), anonymous ones at most every RATE_ERROR_EVERY_MS. */
  const tooFast = (raw: unknown, ack?: Ack) => {
    const now = Date.now();
    if (now - refusedSince > FLOOD_WINDOW_MS) {
      refusedSince = now;
      refused = 0;
    }
    if (++refused > FLOOD_REFUSALS) {
      log.warn({ address: socket.handshake.address }, "socket disconnected for flooding");
      floods.ban(socket.handshake.address);
      socket.disconnect(true);
      return;
    }
    const message = "You are sending messages too fast; slow down.";
    const requestId = requestIdOf(raw);
    if (requestId !== undefined) s.send(wire.error("rate_limited", message, requestId));
    else if (now - lastRateError >= RATE_ERROR_EVERY_MS) {
      lastRateError = now;
      s.send(wire.error("rate_limited", message));
    }
    ack?.({ ok: false, error: "rate_limited", message });
  };

  // onAny runs as the packet is read, before the socket can see its own disconnect: a
  // LEAVE sent just before closing is always handled (an `on("message")` listener runs a
  // tick later and Socket.IO drops events that arrive after the disconnect).
  socket.onAny((event: string, ...args: unknown[]) => {
    const ack = typeof args.at(-1) === "function" ? (args.pop() as Ack) : undefined;
    const raw = args[0];
    // Every frame spends the socket's allowance, whatever its name: reading an event we
    // ignore costs as much as reading one we handle, so a flood of made-up names is
    // refused and cut off like any other flood.
    if (!bucket.take()) return tooFast(raw, ack);
    if (event !== RESYNC_EVENT && !deps.reads.has(event)) return;
    if (queued >= limits.maxQueued) return tooFast(raw, ack);
    if (raw === MALFORMED)
      return enqueue({ kind: "invalid", code: "bad_message", message: "That message is not valid JSON." }, ack);
    let size = 0;
    try {
      size = JSON.stringify(raw ?? null).length;
    } catch {
      size = Number.POSITIVE_INFINITY;
    }
    if (size > MAX_MESSAGE_BYTES)
      return enqueue({ kind: "invalid", code: "message_too_large", message: "That message is too large." }, ack);
    enqueue(deps.read(event, raw), ack);
  });

  return {
    enqueue,
    /** Run `work` once every frame queued so far is handled. */
    after(work: () => Promise<void>) {
      chain = chain.then(work).catch((err) => log.warn({ err }, "release failed"));
    },
  };
}
