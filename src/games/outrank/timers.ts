import { rngPick } from "../../engine/rng";
import type { Ctx } from "./context";
import { scaledMs } from "./context";
import { finish } from "./end";
import { enterChallenge, nextTurn, passPlayer, startRound } from "./flow";
import { selectable } from "./pool";
import { setPresence } from "./presence";
import { settle } from "./settle";
import type { OutrankState, Player } from "./state";

/**
 * Every timer is a timestamp in the state: a disconnected player's grace window, the turn
 * timer (when the room has one), and the round-end pause. due() is the earliest; tick()
 * fires each one that is due, earliest first, each at its own time.
 */
type Timer =
  | { kind: "grace"; at: number; index: number }
  | { kind: "turn"; at: number }
  | { kind: "roundEnd"; at: number };

function graceAt(s: OutrankState, p: Player): number | null {
  return p.presence === "disconnected" && p.absentSince !== null
    ? p.absentSince + scaledMs(s.timeScale, s.settings.graceSeconds)
    : null;
}

export function due(s: OutrankState): number | null {
  let at: number | null = s.turnDeadline;
  if (s.phaseDeadline !== null && (at === null || s.phaseDeadline < at)) at = s.phaseDeadline;
  for (const p of s.players) {
    const g = graceAt(s, p);
    if (g !== null && (at === null || g < at)) at = g;
  }
  return at;
}

function earliest(s: OutrankState, now: number): Timer | null {
  let best: Timer | null = null;
  const consider = (t: Timer) => {
    if (t.at <= now && (best === null || t.at < best.at)) best = t;
  };
  s.players.forEach((p, index) => {
    const at = graceAt(s, p);
    if (at !== null) consider({ kind: "grace", at, index });
  });
  if (s.turnDeadline !== null) consider({ kind: "turn", at: s.turnDeadline });
  if (s.phaseDeadline !== null) consider({ kind: "roundEnd", at: s.phaseDeadline });
  return best;
}

/** Fire every timer due by `now`, earliest first, each at its own time (each may change the others). */
export function fireDue(ctx: Ctx, now: number): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const t = earliest(ctx.s, now);
    if (!t) {
      ctx.now = now;
      return;
    }
    ctx.now = Math.max(ctx.now, t.at);
    fire(ctx, t);
    settle(ctx);
  }
  throw new Error("outrank: timers keep firing");
}

function fire(ctx: Ctx, t: Timer): void {
  const s = ctx.s;
  switch (t.kind) {
    case "grace":
      setPresence(ctx, s.players[t.index] as Player, "away");
      return;
    case "turn":
      s.turnDeadline = null;
      if (s.phase === "drafting") {
        passPlayer(ctx, s.current, "timeout");
        nextTurn(ctx);
      } else if (s.phase === "challenge") {
        // The chooser ran out of time: the server picks one of the challenges they could have.
        const options = selectable(s, ctx.catalog);
        if (options.length === 0) finish(ctx, "depletion");
        else startRound(ctx, rngPick(s.rng, options), true);
      }
      return;
    case "roundEnd":
      s.phaseDeadline = null;
      enterChallenge(ctx);
      return;
  }
}
