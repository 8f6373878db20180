import { resumeClock } from "../../engine/pause";
import type { Ctx } from "./context";
import type { EndReason, GameResult, OutrankState, Player, Standing } from "./state";

/** Playing time so far: paused time does not count against the time limit. */
export function elapsedMs(s: OutrankState, now: number): number {
  if (s.startedAt === null) return 0;
  const pausedNow = s.pause ? now - s.pause.at : 0;
  return now - s.startedAt - s.pausedMs - pausedNow;
}

/** When the time limit runs out (paused time moves it on), or null without one. */
export function timeLimitEndsAt(s: OutrankState, now: number): number | null {
  if (s.settings.endCondition !== "time" || s.startedAt === null) return null;
  return now - elapsedMs(s, now) + limitMs(s);
}

function limitMs(s: OutrankState): number {
  return Math.max(1, Math.round(s.settings.timeLimitMinutes * 60_000 * s.timeScale));
}

/**
 * The room's end condition, checked when a round ends: someone reached the target, the round
 * limit is reached, or the time limit ran out. A score target set to end `atOnce` is also
 * checked whenever a player scores (`reachedAtOnce`). `depletion` has no condition of its
 * own: every game also ends when no category can refill the pool.
 */
export function endConditionMet(s: OutrankState, now: number): EndReason | null {
  const st = s.settings;
  switch (st.endCondition) {
    case "points":
      for (const p of s.players) if (p.presence !== "left" && p.score >= st.targetPoints) return "points";
      return null;
    case "rounds":
      return s.round >= st.roundLimit ? "rounds" : null;
    case "time":
      return elapsedMs(s, now) >= limitMs(s) ? "time" : null;
    case "depletion":
      return null;
  }
}

/**
 * A score target that ends the game at once: when `p` has just reached it, the game is over
 * (they are the first there, so they alone lead) and true is returned.
 */
export function reachedAtOnce(ctx: Ctx, p: Player): boolean {
  const st = ctx.s.settings;
  if (st.endCondition !== "points" || st.targetEnds !== "atOnce" || p.score < st.targetPoints) return false;
  finish(ctx, "points");
  return true;
}

const held = (p: Player) => p.hand.length + p.thisRound.length;

/**
 * Final standings: highest score; ties broken by most tokens held, then most correct
 * guesses; players equal on all three share the place (a shared victory). Players who
 * left are listed after everyone still seated and cannot win.
 */
export function standings(s: OutrankState): GameResult["standings"] {
  const order = s.players
    .slice()
    .sort(
      (a, b) =>
        Number(a.presence === "left") - Number(b.presence === "left") ||
        b.score - a.score ||
        held(b) - held(a) ||
        b.correctGuesses - a.correctGuesses ||
        a.seq - b.seq,
    );
  const out: Standing[] = [];
  order.forEach((p, k) => {
    const prev = order[k - 1];
    const same =
      prev !== undefined &&
      (prev.presence === "left") === (p.presence === "left") &&
      prev.score === p.score &&
      held(prev) === held(p) &&
      prev.correctGuesses === p.correctGuesses;
    out.push({
      playerId: p.id,
      rank: same ? (out[k - 1]?.rank ?? k + 1) : k + 1,
      score: p.score,
      tokens: held(p),
      correctGuesses: p.correctGuesses,
      left: p.presence === "left",
    });
  });
  return out;
}

export function decide(table: Standing[]): Pick<GameResult, "winners" | "decidedBy"> {
  const seated = table.filter((x) => !x.left);
  if (seated.length === 0) return { winners: [], decidedBy: "shared" };
  const winners = seated.filter((x) => x.rank === 1).map((x) => x.playerId);
  if (seated.length === 1) return { winners, decidedBy: "score" };
  const top = seated[0] as Standing;
  const second = seated[1] as Standing;
  if (winners.length > 1) return { winners, decidedBy: "shared" };
  if (top.score !== second.score) return { winners, decidedBy: "score" };
  if (top.tokens !== second.tokens) return { winners, decidedBy: "tokens" };
  return { winners, decidedBy: "correctGuesses" };
}

/** The game is over: standings, winners, and why. Uncashed tokens are worth nothing. */
export function finish(ctx: Ctx, reason: EndReason): void {
  const s = ctx.s;
  // The clock stops for good; paused time up to now still does not count as played.
  resumeClock(ctx.s, ctx.now, () => {});
  s.phase = "gameEnd";
  s.endedAt = ctx.now;
  s.current = -1;
  s.turnDeadline = null;
  s.phaseDeadline = null;
  const table = standings(s);
  const result: GameResult = { reason, standings: table, ...decide(table) };
  s.result = result;
  ctx.emit({ type: "gameEnded", result });
}
