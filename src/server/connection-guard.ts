import type { IncomingMessage } from "node:http";
import { TokenBucket } from "./token-bucket";

/** The parts of an engine.io connection (one per client, under every namespace) the guard uses. */
export interface EngineConnection {
  request: IncomingMessage;
  transport: { name: string; socket?: unknown };
  on(event: "packet" | "packetCreate", fn: (packet: { type: string; data?: unknown }) => void): unknown;
  on(event: "flush", fn: () => void): unknown;
  close(discard?: boolean): unknown;
}

export interface ConnectionLimits {
  /** Bytes a connection may send per second, sustained, whatever the frames are. */
  bytesPerSecond: number;
  /** Bytes it may send at once after a quiet spell (more than the largest frame). */
  burstBytes: number;
  /** Bytes waiting to be sent to it (engine.io's buffer and the websocket's) before it is cut off. */
  maxQueuedBytes: number;
}

/** Why a connection was cut off: it sent too much, or it reads too little of what it is sent. */
export type CutReason = "sent too much" | "reads too slowly";

function sizeOf(data: unknown): number {
  if (typeof data === "string") return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/** Bytes the websocket under a connection holds (ws's own buffer and the TCP socket's), 0 for polling. */
function socketBuffered(conn: EngineConnection): number {
  const ws = conn.transport.socket as { bufferedAmount?: number } | undefined;
  return typeof ws?.bufferedAmount === "number" ? ws.bufferedAmount : 0;
}

/**
 * Close a connection at once and let go of everything waiting to be sent to it: engine.io's
 * buffer is discarded, and the websocket is destroyed rather than closed politely (a polite
 * close waits up to 30 s for a peer that is not reading, holding its buffer all along).
 */
export function cutOff(conn: EngineConnection): void {
  const ws = conn.transport.socket as { terminate?: () => void } | undefined;
  conn.close(true);
  ws?.terminate?.();
}

/**
 * Limits on one client connection, below Socket.IO (so every namespace, every event name and
 * every packet type counts), checked as each frame arrives and before it is decoded:
 *
 * - **what it sends**, in bytes: a frame costs its size to read and parse whether or not
 *   anything then uses it, so a flood of big frames is cut off within `burstBytes`;
 * - **what waits for it**: a client that stops reading (its TCP window closed, its pongs
 *   sent blindly so the heartbeat never fails) would otherwise make the server keep every
 *   message for it forever. Past `maxQueuedBytes` it is cut off; when it comes back it
 *   rejoins and gets a full view, which is smaller than what it missed.
 */
export function guardConnection(
  conn: EngineConnection,
  limits: ConnectionLimits,
  onCut: (reason: CutReason) => void,
  clock: () => number = Date.now,
): void {
  const inbound = new TokenBucket(limits.bytesPerSecond, limits.burstBytes, clock);
  /** Bytes in engine.io's write buffer: packets made since its last flush to the transport. */
  let pending = 0;
  let cut = false;
  const stop = (reason: CutReason) => {
    if (cut) return;
    cut = true;
    cutOff(conn);
    onCut(reason);
  };
  conn.on("packet", (packet) => {
    if (!cut && !inbound.take(sizeOf(packet.data) + 1)) stop("sent too much");
  });
  conn.on("packetCreate", (packet) => {
    pending += sizeOf(packet.data) + 1;
    // Cut on the next tick, not inside engine.io's send (often in the middle of a
    // broadcast to a whole room).
    if (!cut && pending + socketBuffered(conn) > limits.maxQueuedBytes)
      process.nextTick(() => stop("reads too slowly"));
  });
  // A flush hands the whole write buffer to the transport, where socketBuffered counts it.
  conn.on("flush", () => {
    pending = 0;
  });
}
