import { refuse as engineRefuse, type RuleError } from "../../engine/errors";

/**
 * Every refusal SerpentRace can give, one line of meaning each. The platform sends a
 * refusal as the document's `game:error` (`{ message, code, timestamp }`, see
 * `errorEvent`). docs/games/serpent-race.md lists them.
 */
export const REFUSALS = {
  // The door
  bad_payload: "the event or its payload does not match the wire schema",
  system_only: "presence changes come from the platform only",
  not_a_player: "the sender holds no player seat (the gamemaster does not play), or the platform tried to play",
  not_gamemaster: "only the gamemaster may do that",
  // Seating
  unknown_seat: "a presence change for a seat that never joined",
  room_full: "the game already has its maximum number of players",
  game_started: "players join and ready up before the start; newcomers may watch",
  left_game: "this seat left the game and cannot come back (the platform offers the next)",
  name_taken: "another player in this game has that name",
  // Where the game is
  game_not_started: "the race has not started",
  game_ended: "the race is over",
  not_enough_players: "the start needs at least two players",
  players_not_ready: "every joined player must be ready before the start",
  // Whose move and what now
  not_your_turn: "it is another player's turn",
  not_their_turn: "the gamemaster's skip names a player whose turn it no longer is",
  unknown_player: "the gamemaster named a player who is not in the game (or has left)",
  not_now: "the current player is doing something else (waiting for a card, an answer, a guess, a decision)",
  no_pending_card: "no card is waiting for this player's answer",
  no_pending_guess: "no position guess of that kind is waiting for this player",
  no_pending_decision: "no joker is waiting for a decision",
  unknown_request: "the decision names another request than the pending one",
  timeout_expired: "the time for that answer, guess or decision ran out",
  // What was sent
  invalid_dice: "a physical-dice room needs the player's dice value, a whole number 1-6",
  invalid_answer_format: "the answer does not have the card type's format",
  empty_message: "a chat message needs some text",
  message_too_long: "a chat message is at most 500 characters",
  chat_too_fast: "at most 5 chat messages in 10 seconds per person",
} as const;

export type RefusalCode = keyof typeof REFUSALS;

export function refuse(code: RefusalCode, message: string): RuleError {
  return engineRefuse(code, message);
}
