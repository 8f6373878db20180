import { refusalsOf } from "../../engine/refusals";

/**
 * Every refusal SerpentRace gives besides the platform's (src/engine/refusals.ts), one line
 * of meaning each. The platform sends a refusal as the document's `game:error`
 * (`{ message, code, timestamp }`, see `errorEvent`), and REST as `{ error, code }`.
 * docs/protocols/serpent-race.md lists them (generated: `npm run docs:refusals`).
 */
export const REFUSALS = {
  // The door
  unknown_event: "an event name the protocol does not read",
  bad_key: "a projector link's key that is not this game's",
  not_a_member: "the game (or the organisation) is for its organisation's members",
  not_gamemaster: "only the gamemaster may do that",
  // Seating
  unknown_seat: "a presence change for a seat that never joined",
  room_full: "the game already has its maximum number of players",
  game_started: "players join and ready up before the start; newcomers may watch",
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
  // REST
  invalid_game_id: "a game id that is not one",
  game_not_found: "no such game (or it is closed, or not this account's)",
  game_not_ended: "a new race with the same players waits for this one to end",
  deck_not_found: "no such deck (or none of a game's decks is there any more)",
  orgid_required: "an ORGANIZATION game needs the organisation's id",
  player_name_required: "joining needs a name",
} as const;

export const { refuse } = refusalsOf(REFUSALS);
