import {
  AS_IS,
  COMPACT_SYNC,
  PATCH_EVENT,
  type PatchFrame,
  patchView,
  type ViewPacking,
} from "../../../src/engine/compact-wire";

/**
 * What a room page adds to its handshake to ask for the compact wire (docs/protocols/platform.md,
 * "Compact wire"), naming the game's packing of its views when it has one (the server checks
 * it matches its own).
 */
export const compactHandshake = (packing?: ViewPacking): Record<string, string> =>
  packing?.version === undefined ? { sync: COMPACT_SYNC } : { sync: COMPACT_SYNC, packing: packing.version };

/** One incoming message as today's wire brings it: its event, its payload and, for a named event, its `{ seq }`. */
export type Incoming = [event: string, data: unknown, stamp?: { seq: number }];

/** A frame of the compact wire, when `data` on `event` is one. */
export function frameOf(event: string, data: unknown): PatchFrame | null {
  if (event !== "message" && event !== PATCH_EVENT) return null;
  if (typeof data !== "object" || data === null) return null;
  const f = data as Partial<PatchFrame>;
  return f.type === "patch" && typeof f.seq === "number" && Array.isArray(f.patch) && Array.isArray(f.events)
    ? (f as PatchFrame)
    : null;
}

/**
 * The client half of the compact wire: the full view it holds (the latest room message with
 * a `seq` that came outside a frame: a join's, a resync's), and each frame turned back into
 * the messages today's wire would have brought, each stamped with the frame's seq: the
 * step's events, then the patched view, the order in which every game's step sends them
 * (its views come last, after what happened), so a reducer that reads an event against the
 * view before it (Card Table's "you were removed") sees no difference. A game that packs its
 * views for the compact wire (`packing`, the same the server uses) has them held packed, as
 * the server diffs them, and each patched one unpacked into the view today's wire sends.
 */
export class CompactView {
  private held: { event: string; data: unknown; packed: unknown } | null = null;

  constructor(private readonly packing: ViewPacking = AS_IS) {}

  /** The view held now (as its message came: on `message` protocols with the `seq` it came with). */
  get view(): unknown {
    return this.held?.data;
  }

  /** A full view came (or a new connection starts: `null`). */
  hold(event: string | null, data?: unknown): void {
    this.held = event === null ? null : { event, data, packed: this.packing.pack(data) };
  }

  /**
   * A frame's messages. `fits` false: its patch did not fit the view held (a frame was
   * lost; the view stays as it was and the events still come), so the page asks for a resync.
   */
  unpack(event: string, frame: PatchFrame): { messages: Incoming[]; fits: boolean } {
    const { seq } = frame;
    const named = event === PATCH_EVENT;
    const messages: Incoming[] = [];
    let fits = true;
    let view: Incoming | null = null;
    // A frame with the view's `fresh` part brings a view even when its patch is empty.
    if ((frame.patch.length > 0 || frame.fresh !== undefined) && this.held) {
      try {
        const packed = patchView(this.held.packed, frame.patch);
        const data = this.packing.unpack(packed, frame.fresh);
        this.held = { event: this.held.event, data, packed };
        view = named ? [this.held.event, data, { seq }] : ["message", { ...(data as object), seq }];
      } catch {
        fits = false;
      }
    }
    for (const packed of frame.events) {
      const e = this.packing.unpackEvent ? this.packing.unpackEvent(packed) : packed;
      if (!named) messages.push(["message", { ...(e as object), seq }]);
      else {
        const { event: name, data } = e as { event: string; data: unknown };
        messages.push([name, data, { seq }]);
      }
    }
    if (view) messages.push(view);
    return { messages, fits };
  }
}
