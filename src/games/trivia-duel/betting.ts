import type { RuleError } from "../../engine/errors";
import type { Outbound } from "../../engine/rules";
import { refuse } from "./codes";
import { BET_TIERS, MIN_TIER } from "./config";
import { resolve, startClue } from "./flow";
import { betPlaced, toAll } from "./messages";
import type { Betting, Seat, TriviaState } from "./state";
import { ms, other } from "./state";

export type BetIntent =
  | { type: "BET"; amount: number }
  | { type: "MATCH" }
  | { type: "RAISE"; amount: number }
  | { type: "FOLD" };

/** Whether this betting action may be taken now: a refusal, or null. Reads only. */
export function betRefusal(s: TriviaState, seat: Seat, intent: BetIntent): RuleError | null {
  const b = s.betting;
  if (s.phase !== "BETTING" || !b) return refuse("not_betting_phase", "Betting is not open right now.");
  if (b.awaitingAction !== seat) return refuse("not_your_turn", "It is your opponent's turn to act.");
  const facing = b.bets[other(seat)];
  switch (intent.type) {
    case "BET":
      if (facing !== null) return refuse("invalid_action", "A bet is already on the table: MATCH, RAISE or FOLD.");
      if (!(BET_TIERS as readonly number[]).includes(intent.amount))
        return refuse("invalid_amount", `Bets are one of ${BET_TIERS.join(", ")}.`);
      if (intent.amount > s.balances[seat]) return refuse("insufficient_balance", "You cannot bet more than you have.");
      if (intent.amount > b.effectiveStack)
        return refuse("exceeds_effective_stack", `Bets are capped at ${b.effectiveStack} this question.`);
      return null;
    case "MATCH":
      return facing === null ? refuse("invalid_action", "There is no bet to match yet.") : null;
    case "RAISE":
      if (facing === null) return refuse("invalid_action", "There is no bet to raise yet.");
      if (b.raises >= 1 || seat === b.firstActor)
        return refuse("raise_limit", "Only one raise per question: MATCH or FOLD.");
      if (!Number.isInteger(intent.amount) || intent.amount <= facing)
        return refuse("invalid_amount", `A raise is a new total above ${facing}.`);
      if (intent.amount > s.balances[seat] + b.contributions[seat])
        return refuse("insufficient_balance", "You cannot raise more than you have.");
      if (intent.amount > b.effectiveStack)
        return refuse("exceeds_effective_stack", `Totals are capped at ${b.effectiveStack} this question.`);
      return null;
    case "FOLD":
      return s.foldsRemaining[seat] <= 0 ? refuse("no_folds_remaining", "You have no folds left this match.") : null;
  }
}

/** Apply one betting action that `betRefusal` let through. */
export function applyBet(s: TriviaState, seat: Seat, intent: BetIntent, now: number, out: Outbound[]): void {
  const b = s.betting as Betting;
  const facing = b.bets[other(seat)];
  switch (intent.type) {
    case "BET":
      commit(s, b, seat, intent.amount);
      b.awaitingAction = other(seat);
      b.deadline = now + ms(s, s.config.betTimeLimitSec);
      out.push(toAll(betPlaced(s, b, seat, "BET", intent.amount, false)));
      return;
    case "MATCH":
      commit(s, b, seat, facing as number);
      b.awaitingAction = null;
      b.deadline = null;
      out.push(toAll(betPlaced(s, b, seat, "MATCH", facing as number, false)));
      startClue(s, now, out);
      return;
    case "RAISE":
      commit(s, b, seat, intent.amount);
      b.raises += 1;
      b.awaitingAction = other(seat);
      b.deadline = now + ms(s, s.config.betTimeLimitSec);
      out.push(toAll(betPlaced(s, b, seat, "RAISE", intent.amount, false)));
      return;
    case "FOLD":
      fold(s, b, seat, now, out, false);
      return;
  }
}

/** Bring a player's contribution up to `total` (money moves from balance into the pot). */
function commit(s: TriviaState, b: Betting, seat: Seat, total: number): void {
  const add = total - b.contributions[seat];
  s.balances[seat] -= add;
  b.contributions[seat] = total;
  b.bets[seat] = total;
}

function fold(s: TriviaState, b: Betting, seat: Seat, now: number, out: Outbound[], auto: boolean): void {
  s.foldsRemaining[seat] -= 1;
  b.awaitingAction = null;
  b.deadline = null;
  out.push(toAll(betPlaced(s, b, seat, "FOLD", 0, auto)));
  resolve(s, seat === "P1" ? "P1_FOLD" : "P2_FOLD", now, out);
}

/**
 * docs/games/trivia-duel.md, Decisions D4: a timeout folds while the player has folds
 * left; without folds, a first actor auto-bets the smallest tier and a responder
 * auto-matches.
 */
export function betTimeout(s: TriviaState, now: number, out: Outbound[]): void {
  const b = s.betting!;
  const seat = b.awaitingAction!;
  out.push(toAll({ type: "BET_TIMEOUT", player: seat }));
  if (s.foldsRemaining[seat] > 0) {
    fold(s, b, seat, now, out, true);
    return;
  }
  const facing = b.bets[other(seat)];
  if (facing === null) {
    commit(s, b, seat, MIN_TIER);
    b.awaitingAction = other(seat);
    b.deadline = now + ms(s, s.config.betTimeLimitSec);
    out.push(toAll(betPlaced(s, b, seat, "BET", MIN_TIER, true)));
    return;
  }
  commit(s, b, seat, facing);
  b.awaitingAction = null;
  b.deadline = null;
  out.push(toAll(betPlaced(s, b, seat, "MATCH", facing, true)));
  startClue(s, now, out);
}
