/**
 * SerpentRace's wire as the browser sees it (namespace /game, named Socket.IO events). The
 * types come from the server's zod schemas (src/games/serpent-race/wire.ts) by `import
 * type`, so they cannot drift and neither server code nor zod reaches the bundle.
 */

import type {
  BoardData,
  CardData,
  ServerEventData,
  ServerEventName,
  StateData,
} from "../../../../src/games/serpent-race/wire";

export type { BoardData, CardData, ServerEventData, ServerEventName, StateData };

export type PlayerView = StateData["players"][number];
export type PendingView = NonNullable<StateData["pending"]>;
export type PendingKind = PendingView["kind"];
export type FieldView = BoardData["fields"][number];
export type FieldType = FieldView["type"];
export type JokerCardView = NonNullable<PendingView["jokerCard"]>;
export type GuessRequest = NonNullable<PendingView["guessRequest"]>;
export type ChatLine = StateData["chat"][number];
/** A finished race as the end screen shows it (and this browser keeps it): `game:ended` without its step facts. */
export type EndedData = Omit<ServerEventData<"game:ended">, "pending">;
export type ReportLine = EndedData["report"][number];
export type Calculation = ServerEventData<"game:guess-result">["calculation"];

/** Every server → client event this client reads (the document's, ours, and the sync). */
export const SERVER_EVENTS: readonly (ServerEventName | "game:state" | "authenticated")[] = [
  "authenticated",
  "game:state",
  "game:player-joined",
  "game:player-left",
  "game:player-connection",
  "game:player-ready",
  "game:started",
  "game:your-turn",
  "game:dice-rolled",
  "game:player-moved",
  "game:card-drawn",
  "game:card-drawn-self",
  "game:answer-submitted",
  "game:answer-validated",
  "game:position-guess-request",
  "game:position-guess-broadcast",
  "game:guess-result",
  "game:no-movement",
  "game:penalty-avoided",
  "game:card-result",
  "game:luck-consequence",
  "game:joker-drawn",
  "game:gamemaster-decision-request",
  "game:gamemaster-decision-result",
  "game:joker-position-guess-request",
  "game:joker-complete",
  "game:turn-changed",
  "game:extra-turn-remaining",
  "game:players-skipped",
  "game:ended",
  "game:cleanup-complete",
  "game:card-error",
  "game:joker-error",
  "game:card-timeout",
  "game:guess-timeout",
  "game:gamemaster-timeout",
  "game:chat",
  "game:error",
];

/** A message as the socket hands it over: an event name and its payload. */
export type ServerMessage =
  | { [E in ServerEventName]: { event: E; data: ServerEventData<E> } }[ServerEventName]
  | { event: "game:state"; data: StateData }
  /** `playerId` is the seat ("P1"…, "GM" for the gamemaster). */
  | { event: "authenticated"; data: { gameCode: string; playerName: string; playerId: string; message: string } };

/** Why `game:players-skipped` skipped someone, and why `game:player-left` says they went. */
export type SkipReason = ServerEventData<"game:players-skipped">["reason"];
export type LeftReason = ServerEventData<"game:player-left">["reason"];

const KNOWN = new Set<string>(SERVER_EVENTS);

/** A cheap check at the door: the server is trusted, but a stray frame must not crash the page. */
export function isServerMessage(event: string, data: unknown): boolean {
  return KNOWN.has(event) && typeof data === "object" && data !== null;
}

/** The document's card types by number, as `game:card-drawn`'s `cardType` names them. */
export const CARD_TYPES = ["QUIZ", "SENTENCE_PAIRING", "OWN_ANSWER", "TRUE_FALSE", "CLOSER", "JOKER", "LUCK"] as const;
export type CardTypeName = (typeof CARD_TYPES)[number];

/** The document's login types: 0 PUBLIC, 1 PRIVATE, 2 ORGANIZATION. */
export const LOGIN_TYPES = ["PUBLIC", "PRIVATE", "ORGANIZATION"] as const;
export type LoginTypeName = (typeof LOGIN_TYPES)[number];

/** The document's deck types: 0 POSITIVE, 1 NEGATIVE, 2 LUCK, 3 JOKER. */
export const DECK_TYPES = ["POSITIVE", "NEGATIVE", "LUCK", "JOKER"] as const;

export { ROOM_CODE } from "../../kit/JoinByCode";
