import { deadlineIn, gameClock, later } from "../../engine/pause";
import type { CatalogChallenge } from "./catalog";
import type { Ctx } from "./context";
import { endConditionMet, finish } from "./end";
import { anySelectable, formPool } from "./pool";
import { isAbsent, nextPresent } from "./roster";
import type { OutrankState, Player } from "./state";
import { challengeView, valuedToken } from "./tokens";

/**
 * The round: the First Guesser's challenge, turns clockwise among the players still in,
 * the round's end, and the way to the next challenge or the end of the game.
 */

/** A turn timer (when the room has one) for the player who acts now, on the game's clock (it stands still while paused). */
function armTurn(ctx: Ctx): void {
  const secs = ctx.s.settings.turnSeconds;
  ctx.s.turnDeadline = secs === null ? null : deadlineIn(ctx, secs);
}

/**
 * The game's clock (the engine's pause): the lead's pause, or fewer than two connected. The
 * turn and round-end timers keep the time they had left.
 */
export const clock = gameClock<OutrankState, Ctx>({
  shift: (s, by) => {
    s.turnDeadline = later(s.turnDeadline, by);
    s.phaseDeadline = later(s.phaseDeadline, by);
  },
  paused: (ctx, reason) => ctx.emit({ type: "gamePaused", reason }),
  resumed: (ctx) => ctx.emit({ type: "gameResumed" }),
});

function beginTurn(ctx: Ctx, i: number): void {
  const s = ctx.s;
  s.current = i;
  s.turns++;
  s.totalTurns++;
  armTurn(ctx);
  ctx.emit({ type: "turnChanged", playerId: (s.players[i] as Player).id });
}

/**
 * The turn moves clockwise to the next player still in the round; alone, the last one
 * standing goes again (drafting solo). Players away past the grace window, or gone, pass
 * as their turn comes. Nobody left in ends the round.
 */
export function nextTurn(ctx: Ctx): void {
  const s = ctx.s;
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const i = (s.current + k) % n;
    const p = s.players[i] as Player;
    if (p.status !== "in") continue;
    if (isAbsent(p)) {
      passPlayer(ctx, i, "absent");
      continue;
    }
    beginTurn(ctx, i);
    return;
  }
  endRound(ctx, "allOut");
}

/** The first player to fail or pass in a round takes the First Guesser marker for the next one. */
function takeMarker(ctx: Ctx, i: number): void {
  const s = ctx.s;
  if (s.markerTaken) return;
  s.markerTaken = true;
  moveMarker(ctx, i);
}

function moveMarker(ctx: Ctx, i: number): void {
  const s = ctx.s;
  if (s.firstGuesser === i) return;
  s.firstGuesser = i;
  ctx.emit({ type: "markerMoved", playerId: (s.players[i] as Player).id });
}

/**
 * Out of the round, tokens safe: by choice, by the turn timer, or by being away. A player
 * who is away only sits the round out: that takes neither the marker nor the bonus, which
 * reward choices made at the table.
 */
export function passPlayer(ctx: Ctx, i: number, reason: "pass" | "timeout" | "absent"): void {
  const s = ctx.s;
  const p = s.players[i] as Player;
  p.status = "passed";
  if (reason !== "absent") {
    s.lastToPass = i;
    takeMarker(ctx, i);
  }
  ctx.emit({ type: "passed", playerId: p.id, reason });
}

/** Out of the round by a wrong guess (docs/games/outrank.md, Decisions D6); the caller has moved the tokens. */
export function failPlayer(ctx: Ctx, i: number): void {
  const p = ctx.s.players[i] as Player;
  p.status = "out";
  takeMarker(ctx, i);
}

/** The First Guesser's challenge: the pool goes on the table and the marker holder drafts first. */
export function startRound(ctx: Ctx, challenge: CatalogChallenge, auto: boolean): void {
  const s = ctx.s;
  const drawn = formPool(s, challenge);
  const center = s.center as string;
  s.challengeId = challenge.id;
  if (s.revealedStat !== challenge.stat) {
    s.revealedStat = challenge.stat;
    s.revealed = [center];
  } else if (!s.revealed.includes(center)) {
    s.revealed = [...s.revealed, center];
  }
  s.phase = "drafting";
  s.phaseDeadline = null;
  s.turns = 0;
  s.lastToPass = -1;
  s.markerTaken = false;
  for (const p of s.players) p.status = p.presence === "left" ? "out" : "in";
  const holder = s.players[s.firstGuesser] as Player;
  holder.markerRounds++;
  ctx.emit({
    type: "challengeSelected",
    round: s.round,
    playerId: holder.id,
    challenge: challengeView(challenge),
    center: valuedToken(ctx.catalog, center, challenge.stat),
    poolCount: s.pool.length,
    drawn,
    auto,
  });
  s.current = (s.firstGuesser - 1 + s.players.length) % s.players.length;
  nextTurn(ctx);
}

/**
 * The round is over: all players passed or are out, or the draft pool is empty. The last
 * player to pass gets the last-standing bonus; when the pool runs out, the player who took
 * its last token does. This-round tokens become safe in hands. Then the end condition, and
 * the round's result shown for a moment before the next challenge.
 */
export function endRound(ctx: Ctx, reason: "allOut" | "poolEmpty"): void {
  const s = ctx.s;
  if (reason === "poolEmpty") s.lastToPass = s.current;
  const winner = s.players[s.lastToPass];
  let bonus: { playerId: string; points: number } | null = null;
  if (winner && winner.presence !== "left") {
    winner.score += 1;
    winner.bonusPoints += 1;
    bonus = { playerId: winner.id, points: 1 };
  }
  for (const p of s.players) {
    if (p.thisRound.length > 0) {
      for (const id of p.thisRound) p.hand.push(id);
      p.thisRound = [];
    }
  }
  s.current = -1;
  s.turnDeadline = null;
  ctx.emit({ type: "roundEnded", round: s.round, reason, bonus });
  const end = endConditionMet(s, ctx.now) ?? (anySelectable(s, ctx.catalog) ? null : "depletion");
  if (end !== null) {
    finish(ctx, end);
    return;
  }
  const secs = s.settings.roundEndSeconds;
  if (secs <= 0) {
    enterChallenge(ctx);
    return;
  }
  for (const p of s.players) p.ready = false;
  s.phase = "roundEnd";
  s.phaseDeadline = deadlineIn(ctx, secs);
}

/** A new round: the marker holder (or, if they are away, the next player present) picks a challenge. */
export function enterChallenge(ctx: Ctx): void {
  const s = ctx.s;
  for (const p of s.players) p.ready = false;
  s.round++;
  s.phase = "challenge";
  s.phaseDeadline = null;
  s.current = s.firstGuesser;
  skipAbsentChooser(ctx);
  armTurn(ctx);
  ctx.emit({ type: "turnChanged", playerId: (s.players[s.current] as Player).id });
}

/**
 * The round's result stays on the table for `roundEndSeconds`, or until every player at the
 * table (connected, not away) has said they are ready, whichever is first; not while paused.
 */
export function moveOnWhenReady(ctx: Ctx): void {
  const s = ctx.s;
  if (s.phase !== "roundEnd" || s.pause) return;
  let present = 0;
  for (const p of s.players) {
    if (p.presence !== "active") continue;
    if (!p.ready) return;
    present++;
  }
  if (present > 0) enterChallenge(ctx);
}

/** In the challenge phase, a chooser who is away hands the marker on to the next player present. */
export function skipAbsentChooser(ctx: Ctx): boolean {
  const s = ctx.s;
  const holder = s.players[s.firstGuesser];
  if (!holder || !isAbsent(holder)) return false;
  const next = nextPresent(s, s.firstGuesser);
  if (next < 0) return false;
  moveMarker(ctx, next);
  s.current = next;
  return true;
}

/**
 * The player to act is away past the grace window (or gone): in the challenge phase the
 * marker moves on; while drafting their turn passes. Not while paused: the game waits.
 */
export function skipAbsentCurrent(ctx: Ctx): void {
  const s = ctx.s;
  if (s.pause) return;
  const p = s.players[s.current];
  if (!p || !isAbsent(p)) return;
  if (s.phase === "challenge") {
    if (skipAbsentChooser(ctx)) {
      armTurn(ctx);
      ctx.emit({ type: "turnChanged", playerId: (s.players[s.current] as Player).id });
    }
  } else if (s.phase === "drafting") {
    // Away: their turn passes. Gone (left, kicked): they are already out; the turn moves on.
    if (p.status === "in") passPlayer(ctx, s.current, "absent");
    nextTurn(ctx);
  }
}
