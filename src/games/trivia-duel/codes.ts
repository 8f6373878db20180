import { refusalsOf } from "../../engine/refusals";

/**
 * Every refusal Trivia Duel gives besides the platform's (src/engine/refusals.ts), one line
 * of meaning each. docs/protocols/trivia-duel.md lists them (generated: `npm run docs:refusals`).
 */
export const REFUSALS = {
  // Seating
  room_full: "a third joiner (who then watches), or a join while a match is on",
  // The duel
  clock_stopped: "a game action while the duel's clock stands still for an absent player",
  not_betting_phase: "BET, MATCH, RAISE or FOLD outside betting",
  not_your_turn: "acting out of turn (betting, or answering while the other holds the buzzer)",
  invalid_action: "BET when a bet is on the table, MATCH or RAISE with nothing to match",
  invalid_amount: "a bet that is not a tier, a raise not above the current bet",
  insufficient_balance: "a bet or raise above the player's balance",
  exceeds_effective_stack: "a total above the effective stack (the smaller balance at the question's start)",
  raise_limit: "a second raise, or a raise by the first actor",
  no_folds_remaining: "FOLD with no folds left",
  not_clue_phase: "BUZZ outside the clue",
  already_buzzed: "a second buzz on the same question",
  buzz_lost: "the other player's buzz arrived first",
  not_answer_phase: "ANSWER when nobody is answering",
  not_complete: "PLAY_AGAIN before the match ends",
  opponent_gone: "PLAY_AGAIN after the opponent left",
  no_more_questions: "the room has too few unseen questions for another match",
  // REST: a room's own questions
  too_few_questions: "a room's own questions are fewer than a match needs",
  unknown_category: "the room's categories name one the bank does not have",
  questions_too_large: "a room's own questions are over the byte limit",
} as const;

export const { refuse } = refusalsOf(REFUSALS);
