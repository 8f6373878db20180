import { refusalsOf } from "../../engine/refusals";

/**
 * Every refusal Card Table gives besides the platform's (src/engine/refusals.ts), one line
 * of meaning each: the table's rules, then its REST routes. docs/protocols/card-table.md
 * lists them (generated: `npm run docs:refusals`).
 */
export const REFUSALS = {
  // Seating (room_full, table_locked and name_taken keep a newcomer out; they may watch)
  room_full: "the table seats as many players as its definition allows",
  table_locked: "the lead locked a started table against newcomers",
  name_taken: "another seated player has that name (names differing only in case are the same)",
  unknown_seat: "a presence change for a seat that never joined, or for a virtual player",
  player_away: "a player marked away acts; they come back first",
  // Where the game is
  game_not_started: "the action belongs to a game in progress",
  game_already_started: "the action belongs to the lobby",
  game_paused: "the game is paused",
  not_paused: "resumeGame while the game is not paused",
  game_ended: "the game is over",
  not_enough_players: "fewer players than the definition's minimum to start",
  action_not_allowed: "the current phase does not allow that action",
  no_such_transition: "setPhase (or startGame) names a phase the current one cannot move to",
  // Who may act
  not_lead: "only the lead may do that",
  not_judge: "only the judge may do that now",
  not_your_turn: "it is another player's turn",
  not_submitter: "only players answering this round may do that",
  not_permitted: "the sender's role may not do that in this phase",
  illegal_move: "the definition's rules do not allow that move now (a move rule's zones or its `if`)",
  bad_choice: "the move needs a choice from those it offers, or takes none",
  cannot_kick_self: "the lead cannot kick their own seat",
  player_here: "the lead hands over only the seat of a player who is away or disconnected",
  // What was named
  unknown_player: "no such player (or they left)",
  unknown_zone: "no such zone",
  unknown_slot: "no such slot",
  unknown_deck: "no such deck",
  unknown_die: "no such die",
  unknown_phase: "no such phase",
  unknown_variant: "no such variant",
  unknown_submission: "no submission at that index",
  unknown_pack: "the room names a card pack that does not exist (or is not yours to use)",
  unknown_definition: "the room names a game definition that does not exist",
  card_not_found: "the card is not where the action says it is",
  card_type_not_allowed: "the slot (or hand) does not take that type of card",
  // What the table allows
  slot_full: "the slot (or hand) holds as many cards as it may",
  slot_locked: "cards there are moved by the game, not by players",
  bad_position: "a position past the end of the slot",
  submission_locked: "answers are in: a played answer cannot be taken back",
  submission_incomplete: "a wager on a second answer before the first is played",
  own_submission: "the judge picked their own answer (the judge does not answer), or a voter voted for theirs",
  already_selected: "the round's winner is picked already",
  already_voted: "voting: this player's one vote this round is cast",
  write_in_required: "a blank card is played with the text written on it",
  write_in_too_long: "a blank card's text is longer than the limit",
  write_in_refused: "a blank card's text holds a link, an invisible character or a word the table blocks",
  not_blank: "text was sent with a card that is not blank",
  veto_unavailable: "cards are vetoed at tables with judged rounds only",
  answer_withdrawn: "a pick or vote for an answer withdrawn because it held a vetoed card",
  nothing_to_judge: "no submissions to judge",
  no_points_to_wager: "gambling needs a point to stake",
  variant_inactive: "the action belongs to a variant this table does not play",
  conflicting_variants: "two variants that cannot both be on",
  deck_exhausted: "the cards ran out (the game can only end), or that deck is empty",
  no_cards: "the selected packs hold no cards for this game",
  bad_settings: "the settings are not valid together",
  // REST: packs, imports and definitions
  pack_not_found: "no card pack with that id (or not yours to see)",
  pack_exists: "a pack with that id exists already",
  not_owner: "only whoever uploaded a pack may change or delete it",
  id_mismatch: "the body's id differs from the pack's in the path",
  pack_too_large: "a pack over the card or byte limit",
  packs_too_large: "the packs sent with a new table are over the byte limit",
  too_many_packs: "more uploaded packs than a table (or one import) may use",
  too_many_cards: "the packs chosen hold more cards than a table may",
  definition_exists: "a definition with that id exists already",
  definition_unplayable:
    "an uploaded definition's trial game (bots choosing random legal actions) stalled, refused an action it listed, or did not end in time",
  definition_too_large: "a definition over the byte limit",
  trials_busy:
    "the server is already trying out as many uploaded definitions as it runs at once: send it again shortly",
  text_too_long: "a text field of an upload is over its limit (the message names the field)",
  nested_too_deep: "an upload nests objects deeper than allowed",
  invalid_cursor: "a paging cursor the server did not give",
} as const;

export const { refuse } = refusalsOf(REFUSALS);
