import { longestSeated } from "../../engine/presence";
import type { Ctx } from "./context";
import type { OutrankState, Player } from "./state";

/** Index of the player with this id, or -1. */
export function indexOfId(s: OutrankState, id: string | null | undefined): number {
  if (id === null || id === undefined) return -1;
  for (let i = 0; i < s.players.length; i++) if (s.players[i]?.id === id) return i;
  return -1;
}

/** Still in the game: not left or kicked. */
export function seatedCount(s: OutrankState): number {
  let n = 0;
  for (const p of s.players) if (p.presence !== "left") n++;
  return n;
}

/** Connected players; the game pauses below two. In table mode they share the device's presence. */
export function activeCount(s: OutrankState): number {
  let n = 0;
  for (const p of s.players) if (p.presence === "active") n++;
  return n;
}

/** Whose turns are passed for them: away past the grace window, or gone. */
export function isAbsent(p: Player): boolean {
  return p.presence === "away" || p.presence === "left";
}

/** The next player after `from` (clockwise) who is not absent, `from` itself last; -1 if none. */
export function nextPresent(s: OutrankState, from: number): number {
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + k) % n) + n) % n;
    const p = s.players[i];
    if (p && !isAbsent(p)) return i;
  }
  return -1;
}

export function newPlayer(s: OutrankState, id: string, seat: string, name: string, now: number): Player {
  return {
    id,
    seat,
    name,
    presence: "active",
    absentSince: null,
    joinedAt: now,
    seq: s.nextSeq++,
    score: 0,
    hand: [],
    thisRound: [],
    status: "in",
    correctGuesses: 0,
    wrongGuesses: 0,
    cashOuts: 0,
    setPoints: 0,
    bonusPoints: 0,
    streak: 0,
    longestStreak: 0,
    markerRounds: 0,
    ready: false,
  };
}

/** A fresh record for a new game (a rematch keeps the seat and name). */
export function resetPlayer(p: Player): void {
  p.score = 0;
  p.hand = [];
  p.thisRound = [];
  p.status = "in";
  p.correctGuesses = 0;
  p.wrongGuesses = 0;
  p.cashOuts = 0;
  p.setPoints = 0;
  p.bonusPoints = 0;
  p.streak = 0;
  p.longestStreak = 0;
  p.markerRounds = 0;
  p.ready = false;
}

/**
 * Online, the lead is the first seated player and passes, when they leave or stay away
 * past the grace window, to the longest-seated active player. In table mode the lead is
 * the device.
 */
export function settleLead(ctx: Ctx): void {
  const s = ctx.s;
  if (s.mode === "table") {
    if (s.lead !== s.device) setLead(ctx, s.device);
    return;
  }
  const lead = s.players.find((p) => p.seat === s.lead);
  if (lead && !isAbsent(lead)) return;
  const active = longestSeated(s.players, (p) => p.presence === "active");
  if (!active && lead?.presence === "away") return;
  setLead(ctx, (active ?? longestSeated(s.players, (p) => p.presence !== "left"))?.seat ?? null);
}

function setLead(ctx: Ctx, seat: string | null): void {
  if (ctx.s.lead === seat) return;
  ctx.s.lead = seat;
  if (seat !== null) ctx.emit({ type: "leadChanged", seat });
}
