/**
 * The Card Table wire protocol as the browser sees it (namespace /cards, Socket.IO
 * `message` events), taken from the server's own modules. Every import here is
 * `import type`: the bundle gets no server code (no zod), yet a change on one side that
 * breaks the other fails the typecheck.
 */
import type { Action as ActionSchema } from "../../../../src/games/card-table/actions";
import type { Card as CardType } from "../../../../src/games/card-table/content/schema";
import type { GameDefinition, JudgingConfig, VariantDefinition } from "../../../../src/games/card-table/definition";
import type { PublicPlayer, GameEvent as ServerGameEvent } from "../../../../src/games/card-table/events";
import type {
  ClientMessage as ClientMessageSchema,
  ServerMessage as ServerMessageSchema,
} from "../../../../src/games/card-table/protocol";
import type { GameSettings } from "../../../../src/games/card-table/settings";
import type {
  PlayerPresence,
  GameStatus as ServerGameStatus,
  LastRound as ServerLastRound,
} from "../../../../src/games/card-table/state";
import type {
  SubmissionView as ServerSubmission,
  GameStateView as ServerView,
} from "../../../../src/games/card-table/view";

export { ROOM_CODE } from "../../kit/JoinByCode";

export type Card = CardType;
export type PlayerView = PublicPlayer;
export type Presence = PlayerPresence;
export type GameStatus = ServerGameStatus;
export type Settings = GameSettings;
export type EndCondition = GameSettings["endCondition"];
export type VariantDef = VariantDefinition;
export type Judging = JudgingConfig;
export type DefinitionView = GameDefinition;
export type SubmissionView = ServerSubmission;
export type LastRound = ServerLastRound;
export type Wager = NonNullable<LastRound["wagers"]>[number];
export type GameEvent = ServerGameEvent;
export type Action = ActionSchema;
export type ClientMessage = ClientMessageSchema;

/** A `state` as it arrives: only the join's full sync carries the definition. */
export type WireStateView = ServerView;

/** The view the screens hold: the latest state with the definition the join brought. */
export type GameStateView = Omit<ServerView, "definition"> & { definition: GameDefinition };

/**
 * What the server sends. The schema types `state` loosely (it is the seat's view) and
 * events by their zod shape; here they are the view and the event list the server builds.
 */
export type ServerMessage =
  | Exclude<ServerMessageSchema, { type: "state" } | { type: "event" }>
  | { type: "state"; state: WireStateView }
  | { type: "event"; event: GameEvent };

const SERVER_TYPES = new Set(["state", "event", "error", "ack"]);

/** Just enough of a check to route a message; the server is trusted for the rest. */
export function isServerMessage(x: unknown): x is ServerMessage {
  if (typeof x !== "object" || x === null) return false;
  const m = x as { type?: unknown; state?: unknown; event?: unknown };
  if (typeof m.type !== "string" || !SERVER_TYPES.has(m.type)) return false;
  if (m.type === "state") return typeof m.state === "object" && m.state !== null;
  if (m.type === "event") return typeof m.event === "object" && m.event !== null;
  return true;
}

/** `GET /api/v1/cards/packs`: shipped packs, shared ones, and this browser's own (owner key). */
export interface PackInfo {
  id: string;
  name: string;
  description?: string;
  official: boolean;
  source?: "shipped" | "uploaded";
  /** Uploaded packs: the version a new table would use, whether others may use it, whether it is ours. */
  version?: number;
  shared?: boolean;
  mine?: boolean;
  counts: { white?: number; black?: number; [deck: string]: number | undefined };
}

/** `GET /api/v1/cards/definitions`. */
export type DefinitionInfo = Pick<
  GameDefinition,
  "id" | "name" | "description" | "minPlayers" | "maxPlayers" | "variants" | "defaultSettings"
> & { source?: "builtin" | "uploaded" };
