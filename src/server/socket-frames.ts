import { z } from "zod";
import type { ClientFrame, WireAdapter } from "../engine/module";
import { RESYNC_EVENT } from "../engine/resync";
import { zodMessage } from "../engine/zod-message";
import type { RoomHost } from "../platform/room-host";
import type { SeatSockets } from "./seat-sockets";
import type { SocketJoins } from "./socket-join";
import type { Ack, SocketSession } from "./socket-session";

/** The resync request (src/engine/resync.ts), read the same way for every game. */
const ResyncRequest = z.object({ seq: z.int().nonnegative(), next: z.int().nonnegative().optional() });
type ResyncFrame = { kind: "resync"; seq: number; next?: number | undefined };

/** What one client event asks: the game's frames, and the platform's own resync request. */
export type Frame = ClientFrame | ResyncFrame;

/** One raw client event as a frame: `resync` is the platform's, every other event the game's wire adapter reads. */
export function readFrame(wire: WireAdapter, event: string, raw: unknown): Frame {
  if (event !== RESYNC_EVENT) return wire.parse(raw, event);
  const r = ResyncRequest.safeParse(raw);
  if (!r.success) return { kind: "invalid", code: "bad_message", message: zodMessage(r.error, "resync") };
  return { kind: "resync", seq: r.data.seq, next: r.data.next };
}

export interface FrameDeps {
  host: RoomHost;
  seats: SeatSockets;
  joins: SocketJoins;
}

/**
 * What a socket's frames do: joins go to the join flow, intents and leaves to the room host
 * (a refusal answered with the protocol's error message and the acknowledgement), resync
 * requests are answered from the host's record of what was sent to whom.
 */
export function frameHandler(s: SocketSession, deps: FrameDeps): (frame: Frame, ack?: Ack) => Promise<void> {
  const { host, seats, joins } = deps;
  const wire = s.wire;

  const leave = async (frame: Extract<ClientFrame, { kind: "leave" }>, ack?: Ack) => {
    const m = s.member;
    if (!m?.seat || !m.credential) return s.refuse("not_seated", "You have no seat to leave.", frame.requestId, ack);
    const r = await host.leave(m.code, m.credential);
    if (!r.ok) return s.refuse(r.code, r.message, frame.requestId, ack);
    await seats.giveUp(s, { ...m, seat: m.seat, credential: m.credential });
    if (frame.requestId && wire.ack) s.send(wire.ack(frame.requestId));
    ack?.({ ok: true });
  };

  const intent = async (frame: Extract<ClientFrame, { kind: "intent" }>, ack?: Ack) => {
    const m = s.member;
    if (!m) return s.refuse("not_in_room", "Join a room first.", frame.requestId, ack);
    if (!m.seat || !m.credential) return s.refuse("spectator", "Spectators cannot play.", frame.requestId, ack);
    const r = await host.input(m.code, { seat: m.seat, credential: m.credential }, frame.intent);
    if (!r.ok) {
      if (r.code === "not_seated") {
        seats.demote(s);
        void seats.resync(s);
      }
      return s.refuse(r.code, r.message, frame.requestId, ack);
    }
    if (frame.requestId && wire.ack) s.send(wire.ack(frame.requestId));
    // A repeat of something already done is accepted, and says so: there is no step to wait for.
    ack?.(r.unchanged ? { ok: true, unchanged: true } : { ok: true });
  };

  /**
   * A client saw a gap in the seqs (or wants to be sure): nothing more than the answer if it
   * missed nothing meant for it, else its full view first (see RoomHost.resend).
   */
  const resync = async (frame: ResyncFrame, ack?: Ack) => {
    const m = s.member;
    if (!m) return s.refuse("not_in_room", "Join a room first.", undefined, ack);
    const who = m.seat && m.credential ? { seat: m.seat, credential: m.credential } : null;
    const r = await host.resend(m.code, who, { seq: frame.seq, next: frame.next });
    if (!r.ok && r.code === "not_seated") {
      // The seat changed hands: this socket watches now, and gets the watchers' view.
      seats.demote(s);
      const v = await host.viewAt(m.code, null);
      s.sendView(v);
      return ack?.({ ok: true, seq: v?.seq ?? frame.seq, full: true });
    }
    if (!r.ok) return s.refuse(r.code, r.message, undefined, ack);
    if (r.full) s.sendView({ view: r.view, seq: r.seq });
    ack?.({ ok: true, seq: r.seq, full: r.full });
  };

  return async (frame, ack) => {
    switch (frame.kind) {
      case "invalid":
        return s.refuse(frame.code, frame.message, frame.requestId, ack);
      case "join":
        return joins.join(s, frame, ack);
      case "leave":
        return leave(frame, ack);
      case "intent":
        return intent(frame, ack);
      case "resync":
        return resync(frame, ack);
    }
  };
}
