import { scaledMs } from "../../engine/context";
import { type GraceDeadline, graceDeadlines } from "../../engine/presence";
import { rngPick } from "../../engine/rng";
import type { Ctx } from "./context";
import { finish } from "./end";
import { enterChallenge, nextTurn, passPlayer, startRound } from "./flow";
import { selectable } from "./pool";
import { setPresence } from "./presence";
import type { OutrankState, Player } from "./state";

/**
 * Every timer is a timestamp in the state: a disconnected player's grace window, the turn
 * timer (when the room has one), and the round-end pause. The engine fires each one that is
 * due, earliest first, each at its own time. While the game is paused only the grace
 * windows run: the game's own clock stands still.
 */
export type Timer = GraceDeadline | { kind: "turn"; at: number } | { kind: "roundEnd"; at: number };

export function deadlines(s: OutrankState): Timer[] {
  const out: Timer[] = graceDeadlines(s.players, scaledMs(s.timeScale, s.settings.graceSeconds));
  if (s.pause) return out;
  if (s.turnDeadline !== null) out.push({ kind: "turn", at: s.turnDeadline });
  if (s.phaseDeadline !== null) out.push({ kind: "roundEnd", at: s.phaseDeadline });
  return out;
}

export function fire(ctx: Ctx, t: Timer): void {
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
