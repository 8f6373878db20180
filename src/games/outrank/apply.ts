import { rngInt } from "../../engine/rng";
import type { CatalogChallenge } from "./catalog";
import type { Ctx } from "./context";
import { finish, reachedAtOnce } from "./end";
import { clock, endRound, enterChallenge, failPlayer, nextTurn, passPlayer, startRound } from "./flow";
import { fillBox } from "./pool";
import { addLocalPlayer, leavePlayer } from "./presence";
import { callIsRight } from "./rank";
import { indexOfId, resetPlayer } from "./roster";
import { setValue } from "./settings";
import type { Player } from "./state";
import { valuedToken } from "./tokens";
import type { Resolved } from "./validate";
import type { Action, ActionOf } from "./wire";

/** Apply a validated action. Never refuses: validate() has checked everything. */
export function apply(ctx: Ctx, a: Action, r: Resolved): void {
  const s = ctx.s;
  switch (a.type) {
    case "startGame":
      startGame(ctx);
      return;
    case "selectChallenge":
      if (s.phase === "roundEnd") enterChallenge(ctx);
      startRound(ctx, r.challenge!, false);
      return;
    case "draftGuess":
      draftGuess(ctx, a, r.actor, r.poolIndex!);
      return;
    case "cashOut": {
      const p = s.players[r.actor] as Player;
      take(p, a.tokenIds);
      s.retired = s.retired.concat(a.tokenIds);
      const points = setValue(s.settings, a.tokenIds.length);
      p.score += points;
      p.setPoints += points;
      p.cashOuts++;
      ctx.emit({ type: "cashedOut", playerId: p.id, tokenIds: a.tokenIds.slice(), tag: a.tag, points, score: p.score });
      if (!reachedAtOnce(ctx, p)) nextTurn(ctx);
      return;
    }
    case "discard": {
      const p = s.players[r.actor] as Player;
      take(p, a.tokenIds);
      s.retired = s.retired.concat(a.tokenIds);
      ctx.emit({ type: "discarded", playerId: p.id, tokenIds: a.tokenIds.slice() });
      nextTurn(ctx);
      return;
    }
    case "pass":
      passPlayer(ctx, r.actor, "pass");
      nextTurn(ctx);
      return;
    case "nextRound":
      // A table-mode device (-2) speaks for everyone at the table; settle() moves on once all are ready.
      for (let i = 0; i < s.players.length; i++)
        if (r.actor === -2 || r.actor === i) (s.players[i] as Player).ready = true;
      return;
    case "pauseGame":
      clock.pause(ctx, "lead");
      return;
    case "resumeGame":
      clock.resume(ctx);
      return;
    case "endGame":
      finish(ctx, "lead");
      return;
    case "kickPlayer":
      leavePlayer(ctx, r.target!, s.mode === "table" && s.phase === "lobby" ? "removed" : "kicked");
      return;
    case "removePlayer":
      leavePlayer(ctx, r.target!, "removed");
      return;
    case "configure":
      s.settings = r.settings!;
      ctx.emit({ type: "settingsChanged", settings: s.settings });
      return;
    case "addPlayer":
      addLocalPlayer(ctx, a.name.replace(/\s+/g, " ").trim());
      return;
  }
}

/** Remove tokens from a player's hand or this-round pile (validate found each one). */
function take(p: Player, ids: readonly string[]): void {
  for (const id of ids) {
    const h = p.hand.indexOf(id);
    if (h >= 0) p.hand.splice(h, 1);
    else p.thisRound.splice(p.thisRound.indexOf(id), 1);
  }
}

/**
 * Draft & guess. Correct (read through the challenge's direction, see rank.ts; equal values
 * count as correct for either call: docs/games/outrank.md, Decisions D5): the center goes
 * to the guesser's this-round pile, +1 point at once, and the drafted token becomes the
 * center. Wrong (docs/games/outrank.md, Decisions D6): the guesser's this-round tokens and
 * the drafted token go back to the draft pool, points are kept, and the guesser is out for
 * the rest of the round.
 */
function draftGuess(ctx: Ctx, a: ActionOf<"draftGuess">, i: number, poolIndex: number): void {
  const s = ctx.s;
  const p = s.players[i] as Player;
  const challenge = ctx.catalog.challengeById.get(s.challengeId as string) as CatalogChallenge;
  const stat = challenge.stat;
  const center = s.center as string;
  const drafted = s.pool[poolIndex] as string;
  const cv = ctx.catalog.tokens.get(center)?.stats[stat] as number;
  const dv = ctx.catalog.tokens.get(drafted)?.stats[stat] as number;
  const correct = callIsRight(a.guess, challenge.direction, dv, cv);
  if (!s.revealed.includes(drafted)) s.revealed = [...s.revealed, drafted];
  const reveal = {
    drafted: valuedToken(ctx.catalog, drafted, stat),
    center: valuedToken(ctx.catalog, center, stat),
  };
  if (correct) {
    p.thisRound.push(center);
    s.pool.splice(poolIndex, 1);
    s.center = drafted;
    p.score++;
    p.correctGuesses++;
    p.streak++;
    if (p.streak > p.longestStreak) p.longestStreak = p.streak;
    ctx.emit({
      type: "guessResolved",
      playerId: p.id,
      guess: a.guess,
      ...reveal,
      correct,
      returned: [],
      score: p.score,
    });
    if (reachedAtOnce(ctx, p)) return;
    if (s.pool.length === 0) {
      s.current = i;
      endRound(ctx, "poolEmpty");
    } else nextTurn(ctx);
    return;
  }
  const returned = p.thisRound;
  for (const id of returned) s.pool.push(id);
  p.thisRound = [];
  p.wrongGuesses++;
  p.streak = 0;
  // The guess is told first, then what it causes (the marker moving to the player who failed).
  ctx.emit({ type: "guessResolved", playerId: p.id, guess: a.guess, ...reveal, correct, returned, score: p.score });
  failPlayer(ctx, i);
  nextTurn(ctx);
}

/** A new game for everyone seated (a rematch too): fresh bags, the First Guesser chosen. */
function startGame(ctx: Ctx): void {
  const s = ctx.s;
  s.players = s.players.filter((p) => p.presence !== "left");
  for (const p of s.players) resetPlayer(p);
  // A fresh box: 40 tokens of each category drawn from the content (docs/games/outrank.md, Decisions D1).
  s.supply = fillBox(s, ctx.catalog);
  s.retired = [];
  s.revealed = [];
  s.revealedStat = null;
  s.pool = [];
  s.center = null;
  s.poolCategory = null;
  s.challengeId = null;
  s.round = 0;
  s.turns = 0;
  s.totalTurns = 0;
  s.lastToPass = -1;
  s.markerTaken = false;
  s.startedAt = ctx.now;
  s.endedAt = null;
  s.pausedMs = 0;
  s.pause = null;
  s.result = null;
  s.turnDeadline = null;
  s.phaseDeadline = null;
  const youngest = s.settings.firstGuesser === "youngest" ? indexOfId(s, s.settings.youngest) : -1;
  s.firstGuesser = youngest >= 0 ? youngest : rngInt(s.rng, s.players.length);
  ctx.emit({
    type: "gameStarted",
    order: s.players.map((p) => p.id),
    firstGuesser: (s.players[s.firstGuesser] as Player).id,
  });
  enterChallenge(ctx);
}
