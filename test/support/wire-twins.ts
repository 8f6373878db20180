import { io, type Socket } from "socket.io-client";
import { AS_IS, type ViewPacking } from "../../src/engine/compact-wire";
import type { ResyncAck, ResyncRequest } from "../../src/engine/resync";
import { CompactView, compactHandshake, frameOf } from "../../web/src/kit/compact";
import { followSeq, seqOf } from "../../web/src/kit/sync";

/** Which of a protocol's messages is a seat's full view (`state`, `ROOM_STATE`, `game:state`). */
export type IsView = (event: string, data: unknown) => boolean;

/** A `message` without the `seq` stamped on it; a named event as `{ event, data }`. */
const bare = (event: string, data: unknown): unknown => {
  if (event !== "message") return { event, data };
  const { seq: _seq, ...rest } = data as Record<string, unknown>;
  return rest;
};
const viewOf = (event: string, data: unknown): unknown => (event === "message" ? bare(event, data) : data);

/**
 * Today's wire as one socket sees it: every view it was sent, and each step's other messages.
 * `heldAt(seq)` is the view it holds once every message of step `seq` came.
 */
export function watchToday(socket: Socket, isView: IsView) {
  const views: { seq: number; view: unknown }[] = [];
  const events = new Map<number, unknown[]>();
  socket.onAny((event: string, data: unknown, stamp?: unknown) => {
    const seq = seqOf(event === "message" ? data : stamp);
    if (seq === undefined) return;
    if (isView(event, data)) views.push({ seq, view: viewOf(event, data) });
    else events.set(seq, [...(events.get(seq) ?? []), bare(event, data)]);
  });
  return {
    events,
    heldAt: (seq: number) => views.filter((v) => v.seq <= seq).at(-1)?.view,
    last: () => Math.max(0, ...views.map((v) => v.seq), ...events.keys()),
  };
}

/**
 * A socket on the compact wire, following it as the web kit does (web/src/kit/compact.ts and
 * sync.ts): each frame patched onto the view held, gaps asked about. `drop` loses the first
 * frame it picks on purpose (as if the network had). Records, per step, the frames that came,
 * their events and the view held after each; `patched` the steps whose frame changed the view.
 */
export function compactSocket(
  url: string,
  namespace: string,
  auth: Record<string, unknown>,
  dropNth?: number,
  packing: ViewPacking = AS_IS,
) {
  const socket = io(`${url}${namespace}`, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    auth: { ...auth, ...compactHandshake(packing) },
  });
  const answers: { req: ResyncRequest; ack: ResyncAck | null }[] = [];
  const follow = followSeq(socket, (req, ack) => answers.push({ req, ack }));
  const held = new CompactView(packing);
  const frames = new Map<number, number>();
  const events = new Map<number, unknown[]>();
  const heldAfter = new Map<number, unknown>();
  const fulls: number[] = [];
  let dropped: number | null = null;
  let after = 0;
  // Whether the view held came from a patch since the last full view (rather than the full view itself).
  let patched = false;
  socket.onAny((event: string, data: unknown, stamp?: unknown) => {
    const frame = frameOf(event, data);
    if (frame) {
      if (fulls.length > 0 && ++after === dropNth) {
        dropped = frame.seq;
        return;
      }
      if (!follow.accept(frame)) return;
      const { fits } = held.unpack(event, frame);
      if (!fits) follow.check(frame.seq - 1);
      patched ||= fits && (frame.patch.length > 0 || frame.fresh !== undefined);
      frames.set(frame.seq, (frames.get(frame.seq) ?? 0) + 1);
      events.set(
        frame.seq,
        frame.events.map((e) => (packing.unpackEvent ? packing.unpackEvent(e) : e)),
      );
      if (patched) heldAfter.set(frame.seq, viewOf(event === "message" ? "message" : "named", held.view));
      return;
    }
    const carrier = event === "message" ? data : stamp;
    const seq = seqOf(carrier);
    if (seq === undefined || !follow.accept(carrier)) return;
    held.hold(event, data);
    patched = false;
    fulls.push(seq);
  });
  return {
    socket,
    answers,
    frames,
    events,
    heldAfter,
    /** The seqs of the full views that came (the join's, a resync's). */
    fulls,
    dropped: () => dropped,
    seq: () => follow.seq(),
    close: () => socket.close(),
  };
}
export type CompactSocket = ReturnType<typeof compactSocket>;
