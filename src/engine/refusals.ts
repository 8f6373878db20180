import type { RuleError } from "./errors";

/**
 * The refusals the platform itself gives, in every game, one line of meaning each. A game
 * declares its own codes beside these (its `codes.ts`), and `refusalsOf` types `refuse` on
 * the two together, so a code nobody declared does not compile. `test/refusal-codes.test.ts`
 * checks that every code the source uses is declared and that every declared code is in the
 * protocol docs (the platform's in `docs/protocols/platform.md`).
 */
export const PLATFORM_REFUSALS = {
  // A socket's messages
  bad_message: "a message that cannot be read: not JSON, not an object, or a join or leave that does not parse",
  bad_action: "a game action that does not match the game's schema (checked once, at the door)",
  bad_handshake: "the connection's handshake does not parse",
  unknown_type: "a message type (or event name) the protocol does not have",
  message_too_large: "a message over 64 KB",
  rate_limited: "too many messages, joins or new rooms from one socket or address; wait and try again",
  // Rooms and seats
  room_not_found: "no open room has that code",
  room_exists: "a room with that code is open already",
  server_full: "the server holds as many rooms as it may; try again later",
  not_in_room: "a game action or a resync before joining a room",
  spectator: "a spectator sent a game action",
  not_seated: "the seat was given up, taken by someone else, or never held by this credential",
  bad_token: "the seat token is not valid for this room",
  system_only: "a presence change that did not come from the platform",
  not_a_player: "the sender holds no player's seat (or the platform tried to play)",
  seat_taken: "the seat offered is taken (the platform offers the next)",
  left_game: "this seat left the game and cannot come back (the platform offers the next)",
  kicked: "this seat was removed from the game and cannot come back",
  not_your_seat: "a seat handover offered by someone the game does not let hand that seat over",
  bad_handover: "a seat handover code that is not valid for this room, or has expired",
  handover_used: "the seat changed hands since the handover code was made (it was claimed already)",
  seat_handed_over: "this credential handed its seat to someone else: it may only watch",
  // The server
  storage_unavailable: "the game's storage cannot be reached; nothing was changed",
  server_error: "an unexpected failure; nothing was changed",
} as const;

/**
 * The REST refusals every route may give (`{ error: { code, message } }`, or a document's
 * flat `{ error, code }`): the HTTP edge's and the accounts'.
 */
export const HTTP_REFUSALS = {
  invalid_json: "the request body is not JSON, or is empty",
  invalid_body: "the request body does not match the route's schema",
  invalid_query: "a query parameter does not match the route's schema",
  body_too_large: "the request body is over the route's size limit",
  unsupported_media_type: "the request body is not application/json",
  bad_request: "the request is malformed (a content length that does not match its body)",
  not_found: "no such route, or no such thing at that address",
  forbidden: "the caller may not do that (metrics without a token, someone else's content)",
  storage_full: "the server has no room for more uploads right now",
  unauthorized: "the route needs a signed-in account (a valid access token)",
  owner_required: "content needs an owner key (X-Parlor-Owner) to be stored",
  quota_exceeded: "storing this would take the owner or the server over its quota",
  too_many_attempts: "an account's logins are locked for a while after wrong passwords",
  invalid_email: "the email is not an email address",
  invalid_credentials: "the email or the password is wrong",
  invalid_token: "the token is missing, forged or expired",
  token_reused: "a refresh token was used twice; the whole family is revoked",
  email_taken: "an account with that email exists",
  weak_password: "the password is too short or too common",
  user_not_found: "no such account",
  org_not_found: "no such organisation, or the invite code is wrong",
  member_not_found: "that account is not a member of the organisation",
  last_owner: "an organisation must keep at least one owner",
} as const;

export type PlatformCode = keyof typeof PLATFORM_REFUSALS;
export type HttpCode = keyof typeof HTTP_REFUSALS;

/** A game's closed set of refusals, with `refuse` typed on them and the platform's. */
export function refusalsOf<const T extends Record<string, string>>(codes: T) {
  return {
    codes,
    refuse(code: (keyof T & string) | PlatformCode, message: string): RuleError {
      return { error: { code, message } };
    },
  };
}
