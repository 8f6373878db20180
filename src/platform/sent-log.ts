import type { Audience, SeatId } from "../engine/rules";

/**
 * Which steps sent something to whom, kept in the room's record so any node can answer a
 * client's resync. Every message carries its step's `seq`, but not every step speaks to
 * every seat (a private prompt, a hand dealt to one player), so a jump in the seqs a socket
 * sees is not proof it lost anything. Asked "I have `seq` and then `next`: did I miss
 * anything?", the host looks here, and a gap that only skipped other people's steps costs
 * the client an acknowledgement instead of a full view.
 */
export interface SentLog {
  /** Steps up to this one are not known here (the room was rebuilt from its log then). */
  from: number;
  /** Per seat, the latest steps at which that seat was sent something, oldest first. */
  seats: Record<SeatId, number[]>;
  /** The same for the spectators, who all hear the same things. */
  spectators: number[];
}

/** Steps kept per listener: enough for the messages that cross a resync request in flight. */
export const SENT_KEPT = 16;

/** A log that knows nothing before `seq` (a new room, a room rebuilt from its log). */
export const sentFrom = (seq: number): SentLog => ({ from: seq, seats: {}, spectators: [] });

const heard = (list: number[] | undefined, seq: number): number[] => {
  const prev = list ?? [];
  if (prev.at(-1) === seq) return prev;
  return [...prev, seq].slice(-SENT_KEPT);
};

/**
 * The log after step `seq` sent messages to `audiences`, with `seats` the room's seats after
 * the step. Seats no longer in the room are dropped (whoever takes such a seat again is sent
 * a full view on joining).
 */
export function noteSent(log: SentLog, seq: number, audiences: Audience[], seats: SeatId[]): SentLog {
  if (audiences.length === 0) return log;
  const present = new Set(seats);
  let spectators = log.spectators;
  const next: Record<SeatId, number[]> = {};
  for (const seat of present) if (log.seats[seat]) next[seat] = log.seats[seat];
  const seat = (s: SeatId) => {
    next[s] = heard(next[s] ?? log.seats[s], seq);
  };
  for (const to of audiences) {
    if (to === "spectators") spectators = heard(spectators, seq);
    else if (to === "players") present.forEach(seat);
    else if (to === "all" || "except" in to) {
      spectators = heard(spectators, seq);
      for (const s of present) if (to === "all" || s !== to.except) seat(s);
    } else seat(to.seat);
  }
  return { from: log.from, seats: next, spectators };
}

/**
 * Whether a listener (a seat, or null for the spectators) that has every message up to step
 * `seq`, and then the one of step `next` (if it names one), was sent anything in between.
 * When the log cannot tell (it does not reach back to `seq`), the answer is yes.
 */
export function missedSince(log: SentLog, seat: SeatId | null, seq: number, next?: number): boolean {
  const list = (seat === null ? log.spectators : log.seats[seat]) ?? [];
  // A full list may have dropped steps older than its first.
  const knownFrom = list.length >= SENT_KEPT ? list[0]! : log.from;
  if (seq < knownFrom) return true;
  return list.some((s) => s > seq && (next === undefined || s < next));
}
