import type { Ctx } from "./context";
import { currentPlayer, type Player, playerOf, stillIn, who } from "./state";

/** `game:your-turn`'s payload (also re-sent to a player who comes back on their turn). */
export function yourTurn(extra: boolean) {
  return {
    message: extra ? "Extra turn: roll again!" : "It's your turn: roll the dice!",
    canRoll: true,
    isExtraTurn: extra,
  };
}

/** The current player may roll: `game:your-turn` to them (and the away clock, if they are away). */
export function offerRoll(ctx: Ctx, p: Player, extra: boolean): void {
  ctx.s.stage = { kind: "roll", at: null };
  armRoll(ctx);
  ctx.emit("game:your-turn", yourTurn(extra), { seat: p.seat });
}

/**
 * The roll's deadline: set while the player to roll is away and another player in the race
 * is connected (kept as it was if it was already running), cleared otherwise. With nobody
 * else here the race waits rather than skip everyone in turn while the room is empty.
 * Called whenever a roll is offered and whenever someone comes or goes.
 */
export function armRoll(ctx: Ctx): void {
  const s = ctx.s;
  const st = s.stage;
  if (s.phase !== "active" || st?.kind !== "roll") return;
  const p = currentPlayer(s);
  const away = p !== undefined && p.presence !== "active" && s.players.some((q) => q !== p && q.presence === "active");
  const at = away ? (st.at ?? ctx.now + ctx.ms(s.settings.graceSeconds)) : null;
  if (at !== st.at) s.stage = { kind: "roll", at };
}

/**
 * The current player's roll is skipped: they were away past the deadline, or the
 * gamemaster skipped them. `game:players-skipped` names them (with `reason`), then the
 * next player plays as `advanceTurn()`'s phases 2-5 say; extra turns they are owed wait
 * for their next turn.
 */
export function skipTurn(ctx: Ctx, reason: "away" | "gamemaster"): void {
  const s = ctx.s;
  const p = currentPlayer(s) as Player;
  ctx.emit("game:players-skipped", {
    skippedPlayers: [{ ...who(p), remainingTurnsToLose: p.turnsToLose }],
    reason,
    message:
      reason === "away" ? `${p.name} is away: their turn is skipped.` : `The gamemaster skipped ${p.name}'s turn.`,
  });
  s.stage = null;
  s.extraTurn = false;
  nextPlayer(ctx, s.current);
}

/**
 * The document's `advanceTurn()`. Phase 1: a current player with extra turns plays again
 * (one fewer left; `game:extra-turn-remaining`, `game:your-turn` with `isExtraTurn`).
 * Phases 2-5: `nextPlayer`.
 */
export function advanceTurn(ctx: Ctx): void {
  const s = ctx.s;
  if (s.phase !== "active") return;
  const p = currentPlayer(s);
  if (p && stillIn(p) && p.extraTurns > 0) {
    p.extraTurns--;
    s.turnNumber++;
    s.extraTurn = true;
    ctx.emit("game:extra-turn-remaining", {
      ...who(p),
      remainingExtraTurns: p.extraTurns,
      message: `${p.name} takes an extra turn (${p.extraTurns} left after this one).`,
    });
    offerRoll(ctx, p, true);
    return;
  }
  nextPlayer(ctx, s.current);
}

/**
 * Phases 2-5 of `advanceTurn()`: from the player after `from` in the sequence, skip (and
 * count down) everyone with turns to lose; the loop guard looks at each player at most
 * once, so when everyone has turns to lose each loses one and the turn falls to the first
 * one looked at: the race never skips everyone and never stalls. Then `game:players-skipped`
 * (if any), `game:turn-changed` and `game:your-turn`.
 */
export function nextPlayer(ctx: Ctx, from: number): void {
  const s = ctx.s;
  const n = s.sequence.length;
  if (n === 0) return;
  let next = (from + 1) % n;
  const skipped: { playerId: string; playerName: string; remainingTurnsToLose: number }[] = [];
  for (let guard = 0; guard < n; guard++) {
    const candidate = playerOf(s, s.sequence[next] as string) as Player;
    if (candidate.turnsToLose <= 0) break;
    candidate.turnsToLose--;
    skipped.push({ ...who(candidate), remainingTurnsToLose: candidate.turnsToLose });
    next = (next + 1) % n;
  }
  s.current = next;
  s.turnNumber++;
  s.extraTurn = false;
  const p = playerOf(s, s.sequence[next] as string) as Player;
  if (skipped.length > 0)
    ctx.emit("game:players-skipped", {
      skippedPlayers: skipped,
      reason: "lost-turns",
      message: `${skipped.map((x) => x.playerName).join(", ")} ${skipped.length === 1 ? "loses" : "lose"} a turn.`,
    });
  ctx.emit("game:turn-changed", {
    currentPlayer: p.seat,
    currentPlayerName: p.name,
    turnNumber: s.turnNumber,
    message: `${p.name}'s turn.`,
  });
  offerRoll(ctx, p, false);
}
