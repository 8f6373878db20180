import { refusalsOf } from "../../../src/engine/refusals";

/**
 * Race to 21's refusals besides the platform's, one line of meaning each (a real game keeps
 * this as src/games/<id>/codes.ts, and its protocol page lists them).
 */
export const REFUSALS = {
  room_full: "four players are seated already",
  game_in_progress: "newcomers watch a race that has started",
  not_lead: "only the first player seated starts the race",
  not_enough_players: "a race needs two players",
  game_not_started: "the race has not started",
  game_already_started: "the race is on",
  game_over: "the race is over",
  not_your_turn: "it is another player's turn",
} as const;

export const { refuse } = refusalsOf(REFUSALS);
