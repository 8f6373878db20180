import { rngPick } from "../../../engine/rng";
import type { Ctx } from "../context";
import type { Effect, PhaseDefinition } from "../definition";
import { nextInRotation, setTurn } from "../roles";
import type { CardTableState } from "../state";
import { playerOf } from "../zones";
import { patchVocab, vocabOf } from "./state";

/**
 * Turns "each player once, then the round ends": `startTurns` names the round's first
 * player and clears the list of turns taken; `passTurn` records the current player's turn
 * as taken and hands the turn to the next active player who has not had one this round.
 * When nobody is left the turn is nobody's and `roundDone` holds until the next
 * `startTurns`. (For turns that simply go round and round, the engine's `assignTurn` with
 * rule "next" is enough.)
 */

function activeSeats(s: CardTableState): string[] {
  return s.turnOrder.filter((id) => playerOf(s, id)?.presence === "active");
}

/** `seat`: with rule "seat", who starts; one that is not an active seat gives the first active one. */
export function startTurns(
  ctx: Ctx,
  rule: "first" | "random" | "nextStarter" | "seat",
  seat: string | null = null,
): void {
  const s = ctx.s;
  const seats = activeSeats(s);
  let starter: string | null;
  if (rule === "random") starter = seats.length > 0 ? rngPick(s.rng, seats) : null;
  else if (rule === "seat") starter = seat !== null && seats.includes(seat) ? seat : (seats[0] ?? null);
  else if (rule === "first") starter = seats[0] ?? null;
  else {
    const before = vocabOf(s).starter;
    starter = before === null ? (seats[0] ?? null) : nextInRotation(s, before);
    // A lone active player starts again.
    starter ??= seats[0] ?? null;
  }
  patchVocab(s, { turnsTaken: [], roundDone: false, starter });
  setTurn(ctx, starter);
}

export function passTurn(ctx: Ctx): void {
  const s = ctx.s;
  const v = vocabOf(s);
  const current = s.roles.turn;
  const taken = current === null || v.turnsTaken.includes(current) ? v.turnsTaken : [...v.turnsTaken, current];
  const order = s.turnOrder;
  const from = current === null ? -1 : order.indexOf(current);
  let next: string | null = null;
  for (let k = 1; k <= order.length; k++) {
    const id = order[(from + k + order.length) % order.length] as string;
    if (!taken.includes(id) && playerOf(s, id)?.presence === "active") {
      next = id;
      break;
    }
  }
  patchVocab(s, { turnsTaken: taken, roundDone: next === null });
  setTurn(ctx, next);
}

function passes(effects: readonly Effect[] | undefined): boolean {
  return (effects ?? []).some(
    (e) =>
      e.type === "passTurn" ||
      (e.type === "if" && (passes(e.do) || passes(e.else))) ||
      (e.type === "forEachPlayer" && passes(e.do)),
  );
}

/**
 * Whether a phase hands the turn on by `passTurn` ("each player once, then the round
 * ends"): then a turn the clock skips, or a player who leaves on their turn, passes it the
 * same way, to a seat that has not had one this round (or ends the round), rather than
 * round and round to whoever sits next.
 */
export function passesInRounds(p: PhaseDefinition): boolean {
  return Object.values(p.afterAction ?? {}).some((list) => passes(list));
}
