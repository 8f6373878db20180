/**
 * The Outrank wire protocol as the browser sees it (namespace /outrank, Socket.IO `message`
 * events). The types come from the server's zod schemas (src/games/outrank/wire.ts) by
 * `import type`, so they cannot drift and no server code (nor zod) reaches the bundle.
 */

export type { EndCondition, Settings, SettingsPatch, TargetEnds } from "../../../../src/games/outrank/settings";
export type {
  Action,
  ActionOf,
  ChallengeView,
  ClientMessage,
  Guess,
  OutrankEvent,
  OutrankView,
  PlayerView,
  ResultView,
  ServerMessage,
  TokenView,
} from "../../../../src/games/outrank/wire";

import type { ServerMessage } from "../../../../src/games/outrank/wire";

export { ROOM_CODE } from "../../kit/JoinByCode";

const SERVER_TYPES = new Set(["state", "event", "ack", "error"]);

/** A cheap shape check at the door: the server is trusted, but a stray frame must not crash the page. */
export function isServerMessage(m: unknown): m is ServerMessage {
  if (typeof m !== "object" || m === null) return false;
  const t = (m as { type?: unknown }).type;
  return typeof t === "string" && SERVER_TYPES.has(t);
}
