import { type Ctx, currentPlayer, playerOf, who } from "./context";
import type { Player } from "./state";

/** The current player may roll: `game:your-turn` to them. */
export function offerRoll(ctx: Ctx, p: Player, extra: boolean): void {
  ctx.s.stage = { kind: "roll" };
  ctx.emit(
    "game:your-turn",
    {
      message: extra ? "Extra turn: roll again!" : "It's your turn: roll the dice!",
      canRoll: true,
      isExtraTurn: extra,
    },
    { seat: p.seat },
  );
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
  if (p && !p.left && p.extraTurns > 0) {
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
