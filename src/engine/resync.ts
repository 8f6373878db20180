/**
 * The versioned sync's one client message, the same in every room game (docs/protocols/platform.md).
 * Every message about a room carries the room's `seq`; a client that sees a gap asks with
 * this Socket.IO event and an acknowledgement. Kept free of imports: the web client uses it too.
 */
export const RESYNC_EVENT = "resync";

export interface ResyncRequest {
  /** The last seq the client applied with nothing missing before it. */
  seq: number;
  /** The seq of the message that showed the gap (the client has it); omitted, anything after `seq` counts. */
  next?: number;
}

/**
 * The answer, through the event's acknowledgement. `full`: the room's full view was sent
 * first (on the protocol's usual event, stamped with `seq`); otherwise nothing was missed and
 * nothing else is sent. `seq` is the room's seq now.
 */
export type ResyncAck = { ok: true; seq: number; full: boolean } | { ok: false; error: string; message: string };
