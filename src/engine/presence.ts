import { type RuleError, refuse } from "./errors";
import type { PresenceStatus, SeatId } from "./rules";

/**
 * One presence model for every game's players:
 * - active: connected and playing;
 * - disconnected: the socket went; the grace window runs from `absentSince`;
 * - away: not back within the grace window (or, where a game allows it, stepped away): the
 *   game plays on without them (skips their turns, reassigns their role, …);
 * - left: gone for good, by choice or kicked (`Gone` says which); the record stays for the
 *   standings where a game keeps one.
 * What each state means for play is the game's own (its hooks); the words, the timing of an
 * absence, the grace window and who comes back are the same everywhere.
 */
export type Presence = "active" | "disconnected" | "away" | "left";

export interface Attending {
  presence: Presence;
  /** When the player stopped being active (null or absent while active). */
  absentSince?: number | null;
}

/** The seats that may not come back, and why. */
export type Gone = Record<SeatId, "left" | "kicked">;

/**
 * Where "away" comes from in a game, which decides what a lost socket does to it:
 * - "lapsed": away is where the grace window leads (Outrank). The absence has already run
 *   out, so a socket going (again, say after a restart) changes nothing;
 * - "chosen": away is a player's own step back while still connected (Card Table). Losing
 *   the socket makes them disconnected, and the grace window counts from when they stepped away.
 */
export type AwayRule = "lapsed" | "chosen";

/** The presence a platform status asks for: a seat that joins or connects is here. */
export function presenceFor(status: PresenceStatus): Presence {
  if (status === "disconnected") return "disconnected";
  if (status === "left") return "left";
  return "active";
}

/** Whether `to` would change this player's presence (see `setPresence`). */
export function changes(p: Attending, to: Presence, away: AwayRule = "lapsed"): boolean {
  if (p.presence === to || p.presence === "left") return false;
  return !(to === "disconnected" && p.presence === "away" && away === "lapsed");
}

/**
 * Change a player's presence; false if nothing changed. Absence is timed from the first
 * moment the player stopped being active: a disconnection does not restart an absence that
 * is already running (nor, where away has lapsed, undo it). Nothing changes a player who left.
 */
export function setPresence(p: Attending, to: Presence, now: number, away: AwayRule = "lapsed"): boolean {
  if (!changes(p, to, away)) return false;
  p.presence = to;
  if (to === "active") p.absentSince = null;
  else p.absentSince ??= now;
  return true;
}

/** When a disconnected player's grace window ends, or null. */
export function graceEnds(p: Attending, graceMs: number): number | null {
  return p.presence === "disconnected" && p.absentSince != null ? p.absentSince + graceMs : null;
}

/** A grace window that ends: the player's index among those given. */
export interface GraceDeadline {
  kind: "grace";
  at: number;
  index: number;
}

/** Every running grace window among `players`, by the player's index. */
export function graceDeadlines(players: readonly Attending[], graceMs: number): GraceDeadline[] {
  const out: GraceDeadline[] = [];
  for (let index = 0; index < players.length; index++) {
    const at = graceEnds(players[index] as Attending, graceMs);
    if (at !== null) out.push({ kind: "grace", at, index });
  }
  return out;
}

/** A seat that may not come back is refused with the platform's codes (the platform then offers the next seat). */
export function goneRefusal(why: Gone[SeatId] | undefined): RuleError | null {
  if (why === "kicked") return refuse("kicked", "You were removed from this game.");
  if (why === "left") return refuse("left_game", "You left this game and cannot rejoin it.");
  return null;
}

/**
 * The longest-seated player (lowest join order) among those `eligible`: the lead's
 * successor, in every game that passes the lead on.
 */
export function longestSeated<P extends { seq: number }>(
  players: readonly P[],
  eligible: (p: P) => boolean,
): P | undefined {
  let best: P | undefined;
  for (const p of players) if (eligible(p) && (!best || p.seq < best.seq)) best = p;
  return best;
}

/**
 * A name a player gives, as everyone will see it: one line, at most `max` characters;
 * null when nothing is left (the game then uses its own default: the seat, "Gamemaster", none).
 */
export function playerName(name: string | undefined, max = 40): string | null {
  const n = (name ?? "").replace(/\s+/g, " ").trim().slice(0, max);
  return n.length > 0 ? n : null;
}
