import { createHash } from "node:crypto";

/**
 * What a logged input says about seats, beside the intent itself: which credential took a
 * seat (`join`), which gave one up for good (`leave`), and which device asked (`device`).
 * Only hashes are kept, in the log's `meta` column, never in the rules' state.
 */
export interface Membership {
  join?: string;
  leave?: string;
  device?: string;
  /**
   * With `join`: the credential that handed its seat to the joining one (a seat handover,
   * docs/architecture.md, Decisions D5). It stops proving the seat, and neither it nor a
   * browser that held the seat under it can take the seat back.
   */
  handover?: string;
}

/** Who holds which seat, rebuilt from the log's membership rows. */
export interface Seating {
  /** Seat credentials (hashed) → seat. */
  members: Record<string, string>;
  /** Credentials (hashed) that gave their seat up with LEAVE → the seat they had. */
  retired: Record<string, string>;
  /** Devices (hashed) → the last seat that device took. */
  devices: Record<string, string>;
  /** Credentials (hashed) that handed their seat to someone else → that seat: they may only watch now. */
  handedOver?: Record<string, string>;
}

export const emptySeating = (): Seating => ({ members: {}, retired: {}, devices: {} });

/** One room's secret, hashed with the room code so the same secret differs between rooms. */
export const hashSecret = (code: string, secret: string): string =>
  createHash("sha256").update(`${code}\u0000${secret}`).digest("base64url");

/** The seating after one logged input (its intent names the seat a join took). */
export function applyMembership(seating: Seating, intent: unknown, meta: Membership | null): Seating {
  if (!meta?.join && !meta?.leave) return seating;
  const members = { ...seating.members };
  const retired = { ...seating.retired };
  let devices = seating.devices;
  let handedOver = seating.handedOver;
  if (meta.join && meta.handover) {
    const seat = (intent as { seat: string }).seat;
    delete members[meta.handover];
    handedOver = { ...handedOver, [meta.handover]: seat };
    // No browser that held the seat before gets it back as "its" seat.
    devices = Object.fromEntries(Object.entries(devices).filter(([, s]) => s !== seat));
  }
  if (meta.join) {
    const seat = (intent as { seat: string }).seat;
    members[meta.join] = seat;
    delete retired[meta.join];
    if (meta.device) devices = { ...devices, [meta.device]: seat };
  }
  if (meta.leave) {
    const seat = members[meta.leave];
    if (seat) retired[meta.leave] = seat;
    delete members[meta.leave];
  }
  return { members, retired, devices, ...(handedOver ? { handedOver } : {}) };
}

/** Whether `credential` (hashed) holds `seat` now. */
export function holds(seating: Seating, credentialHash: string, seat: string): boolean {
  return seating.members[credentialHash] === seat;
}
