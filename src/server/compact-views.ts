import type { Socket } from "socket.io";
import { z } from "zod";
import { COMPACT_SYNC, type ViewPacking } from "../engine/compact-wire";

/**
 * What the server remembers for the compact wire (docs/protocols/platform.md, "Compact
 * wire"): for each socket that asked for it, the last view it was sent, to diff the next
 * one from. One view per such socket, kept with the socket (a weak map: gone with it) and
 * dropped when it leaves its room; sockets of one seat that were sent the same view share
 * the one object.
 */
const held = new WeakMap<Socket, { view: unknown }>();
const NOTHING = Symbol("nothing held");

/**
 * The handshake's choice of wire: `sync: "patch"` asks for the compact one; anything else
 * keeps today's. Where the game packs its views, the client must also name the same packing
 * (`packing`), or it keeps today's wire too.
 */
const SyncChoice = z.object({ sync: z.literal(COMPACT_SYNC), packing: z.string().max(32).optional() });
export function asksCompact(auth: unknown, packing?: ViewPacking): boolean {
  const asked = SyncChoice.safeParse(auth);
  if (!asked.success) return false;
  return packing?.version === undefined || asked.data.packing === packing.version;
}

/** The socket takes the compact wire from now on (nothing held until its first full view). */
export function enrol(socket: Socket): void {
  held.set(socket, { view: NOTHING });
}

export const isCompact = (socket: Socket): boolean => held.has(socket);

/** A full view went to the socket: patches continue from it. */
export function hold(socket: Socket, view: unknown): void {
  const h = held.get(socket);
  if (h) h.view = view;
}

/** The view the socket holds, or undefined before its first full view. */
export function heldView(socket: Socket): { view: unknown } | undefined {
  const h = held.get(socket);
  return h && h.view !== NOTHING ? { view: h.view } : undefined;
}

/** The socket left its room: what it held goes. */
export function forget(socket: Socket): void {
  const h = held.get(socket);
  if (h) h.view = NOTHING;
}
