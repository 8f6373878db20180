import type { Outbound } from "../../engine/rules";
import { BET_TIERS } from "./config";
import type { Betting, Outcome, PerSeat, Seat, TriviaState } from "./state";
import { pot } from "./state";
import type { BetAction, ServerMessage } from "./wire";

/** One message of the wire schema (wire.ts): what the server sends is typed against what clients read. */
type Msg<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

/**
 * Everything here goes to both players and any spectators. Typed against the wire schema,
 * so a message the rules build that the schema (and so the web client, which imports its
 * types) does not know fails the typecheck.
 */
export const toAll = (msg: ServerMessage): Outbound => ({ to: "all", msg });

export function availableActions(s: TriviaState, b: Betting): BetAction[] {
  const seat = b.awaitingAction;
  if (!seat) return [];
  const canFold = s.foldsRemaining[seat] > 0;
  const acts: BetAction[] = [];
  const facing = b.bets[seat === "P1" ? "P2" : "P1"];
  if (facing === null) acts.push("BET");
  else {
    acts.push("MATCH");
    if (b.raises === 0 && seat !== b.firstActor && facing < b.effectiveStack) acts.push("RAISE");
  }
  if (canFold) acts.push("FOLD");
  return acts;
}

/** Tiers the awaiting player may choose: within the effective stack (docs/games/trivia-duel.md, Decisions D3). */
export function betOptions(b: Betting): number[] {
  return BET_TIERS.filter((t) => t <= b.effectiveStack);
}

/**
 * Raise totals offered as buttons: tiers above the current bet, plus all-in at the stack.
 * Empty whenever RAISE is not available (no bet to raise, the first actor's turn, a raise
 * already made, or nobody to act).
 */
export function raiseOptions(b: Betting): number[] {
  const seat = b.awaitingAction;
  if (!seat || seat === b.firstActor || b.raises > 0) return [];
  const facing = b.bets[seat === "P1" ? "P2" : "P1"];
  if (facing === null) return [];
  const current = Math.max(b.bets.P1 ?? 0, b.bets.P2 ?? 0);
  const opts: number[] = BET_TIERS.filter((t) => t > current && t <= b.effectiveStack);
  if (b.effectiveStack > current && !opts.includes(b.effectiveStack)) opts.push(b.effectiveStack);
  return opts;
}

export function phaseBetting(s: TriviaState, b: Betting): Msg<"PHASE_BETTING"> {
  return {
    type: "PHASE_BETTING",
    questionIndex: s.questionIndex,
    firstActor: b.firstActor,
    awaitingAction: b.awaitingAction,
    availableActions: availableActions(s, b),
    betOptions: betOptions(b),
    effectiveStack: b.effectiveStack,
    pot: pot(b),
    deadline: b.deadline,
  };
}

export function betPlaced(
  s: TriviaState,
  b: Betting,
  player: Seat,
  action: "BET" | "MATCH" | "RAISE" | "FOLD",
  amount: number,
  auto: boolean,
): Msg<"BET_PLACED"> {
  return {
    type: "BET_PLACED",
    player,
    action,
    amount,
    pot: pot(b),
    awaitingAction: b.awaitingAction,
    availableActions: availableActions(s, b),
    raiseOptions: b.awaitingAction ? raiseOptions(b) : [],
    balances: { ...s.balances },
    foldsRemaining: { ...s.foldsRemaining },
    deadline: b.awaitingAction ? b.deadline : null,
    ...(auto ? { auto: true as const } : {}),
  };
}

export function phaseResolution(
  s: TriviaState,
  outcome: Outcome,
  correctAnswer: string,
  answers: PerSeat<string | null>,
  balanceChanges: PerSeat<number>,
  nextPhaseAt: number,
): Msg<"PHASE_RESOLUTION"> {
  return {
    type: "PHASE_RESOLUTION",
    questionIndex: s.questionIndex,
    outcome,
    correctAnswer,
    P1Answer: answers.P1,
    P2Answer: answers.P2,
    balanceChanges,
    newBalances: { ...s.balances },
    nextPhaseAt,
  };
}
