import type { Operation } from "fast-json-patch";
// The default export: Node loads the package's CommonJS build, whose names it cannot see as
// named exports; bundlers load its ES build, which has the same object as its default.
import jsonPatch from "fast-json-patch";

/**
 * The compact wire (docs/protocols/platform.md, "Compact wire"), the same in every room game.
 * A client asks for it in its handshake (`auth.sync: "patch"`); after one full view, each
 * step brings each seat one frame: an RFC 6902 JSON Patch from the view it holds to its new
 * one, and the step's other messages for it. Shared by the server and the web client.
 */
export const COMPACT_SYNC = "patch";

/** The event a frame goes out on for protocols that name their events (a `message` otherwise). */
export const PATCH_EVENT = "patch";

export type ViewPatch = Operation[];

/**
 * How a game packs its full view for the compact wire, if it wants to (docs/protocols/
 * platform.md, "Compact wire"): the server diffs `pack(view)` rather than the view, and the
 * client, holding the packed form too, rebuilds the view today's wire would have sent with
 * `unpack`. Pure code shared by both ends. A packing must lose nothing: `unpack(pack(v),
 * fresh(v))` is `v` (as JSON) for every view and every other message a socket may hold (a
 * welcome passes through as it is). What changes at every step (Card Table's `serverNow`)
 * can be left out of the packed form and travel whole in each frame's `fresh` instead.
 */
export interface ViewPacking {
  /**
   * Names this packed form; changed whenever it changes. A client says which it unpacks
   * (`auth.packing`), and one that names another (a page loaded before a deploy) is kept on
   * today's wire, which every client reads, instead of being sent frames it would misread.
   */
  version?: string;
  /** The message as the compact wire holds and diffs it; parts unchanged from the view's may be shared. */
  pack(view: unknown): unknown;
  /** The message back, from its packed form and the frame's `fresh` (undefined in a full view's case: `fresh` of it). */
  unpack(packed: unknown, fresh: unknown): unknown;
  /** The part of a view sent whole in every frame that carries the view, never diffed. */
  fresh?(view: unknown): unknown;
  /** One of a frame's `events` as it travels (a message, or a named event's `{ event, data }`)… */
  packEvent?(event: unknown): unknown;
  /** …and back: `unpackEvent(packEvent(e))` is `e`. */
  unpackEvent?(packed: unknown): unknown;
}

/** No packing: the view is diffed as it is. */
export const AS_IS: ViewPacking = { pack: (v) => v, unpack: (p) => p };

export interface PatchFrame {
  type: "patch";
  /** The step this frame reflects, as every room message's `seq`. */
  seq: number;
  /** From the view the seat holds to the one it would have after this step (empty: unchanged). */
  patch: ViewPatch;
  /**
   * The step's other messages for this seat, in order: on `message` protocols each message
   * itself, on protocols that name their events `{ event, data }`.
   */
  events: unknown[];
  /**
   * With a game's packing that has a `fresh` part: that part of the new view, whole. Its
   * presence means the step sent the seat a view, even when the patch is empty.
   */
  fresh?: unknown;
}

/** A named event inside a frame's `events`. */
export interface FrameEvent {
  event: string;
  data: unknown;
}

/**
 * The patch from one view to the next. Views are plain JSON-like objects; parts the two
 * share by reference (a game's definition, frozen cards) are skipped without being walked.
 * An `undefined` field counts as absent, as JSON.stringify has it.
 */
export function diffViews(before: unknown, after: unknown): ViewPatch {
  if (before === after) return [];
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after))
    return [{ op: "replace", path: "", value: after }];
  return jsonPatch.compare(before, after);
}

/**
 * A held view with a patch applied, as a new object (the held one is left as it was, so a
 * UI that compares references sees the change). Operations are not checked one by one (a
 * field the server held as `undefined` is absent here, and replacing it is fine); a patch
 * whose path does not exist at all throws, and the `seq` is what shows a lost frame.
 */
export function patchView<T>(held: T, patch: ViewPatch): T {
  if (patch.length === 0) return held;
  return jsonPatch.applyPatch(held, patch, false, false).newDocument;
}

const isContainer = (v: unknown): v is object => typeof v === "object" && v !== null;
