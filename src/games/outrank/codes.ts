import { refusalsOf } from "../../engine/refusals";

/**
 * Every refusal Outrank gives besides the platform's (src/engine/refusals.ts), one line of
 * meaning each. `refuse` takes only these and the platform's, and docs/protocols/outrank.md
 * lists them (generated: `npm run docs:refusals`).
 */
export const REFUSALS = {
  // Seating (seat_taken, left_game and kicked make the platform offer the next seat)
  unknown_seat: "a presence change for a seat that never joined",
  room_full: "six players are seated already",
  game_in_progress: "newcomers watch a game that has started",
  table_mode: "a table-mode room is played on one device; others may watch",
  // Where the game is
  game_not_started: "the game has not started",
  game_already_started: "the action belongs to the lobby (or the end) and the game is on",
  game_paused: "the game is paused",
  not_paused: "resumeGame while the game is not paused",
  game_ended: "the game is over",
  wrong_phase: "the action does not belong to the current phase",
  // Who may do it
  not_lead: "only the lead may do that",
  not_your_turn: "it is not the sender's turn (or the sender is out of this round)",
  not_table_mode: "addPlayer / removePlayer exist in table mode only",
  // What was asked
  unknown_challenge: "no challenge with that id",
  category_exhausted: "the challenge's category cannot fill a pool any more",
  not_in_pool: "the token is not in the draft pool",
  hand_full: "hand plus this round is at the hand limit: cash out, discard or pass",
  set_too_small: "a set is at least two tokens",
  set_too_large: "a set is at most four tokens",
  duplicate_token: "the same token is named twice",
  token_not_held: "the token is in neither the player's hand nor their this-round pile",
  tag_not_shared: "not every token of the set carries the chosen tag",
  not_at_limit: "discarding is for a player at the hand limit",
  unknown_player: "no such player (or they already left)",
  cannot_kick_self: "the lead cannot kick their own seat",
  not_enough_players: "fewer than two players to start or resume",
  too_many_players: "a table holds six players",
  name_taken: "another player at this table already has that name",
  bad_settings: "the settings are not valid together",
  youngest_not_set: "youngest-first needs the youngest player chosen in the lobby",
} as const;

export const { refuse } = refusalsOf(REFUSALS);
