import { ApiError, api } from "../../kit/api";
import type { CardPack } from "./sandbox-pack";
import type { DefinitionInfo, PackInfo, Settings } from "./wire";

/**
 * Card Table's REST calls, all through the kit's `api()`: a failure reads as a sentence
 * (never "Failed to fetch"), and calls that may name this browser's uploaded packs carry
 * its owner key.
 */
const BASE = "/api/v1/cards";

export { ApiError };

export interface NewTable {
  /** A built-in definition ("cah", "dice-sandbox"); the server's default is CAH. */
  definition?: string;
  settings: Partial<Settings>;
  /** Packs sent with the table (the sandbox's numbered deck). */
  packs?: CardPack[];
}

export async function createRoom(table: NewTable): Promise<string> {
  // The owner key: a table may name this browser's own (private) uploaded packs.
  const r = await api<{ roomId?: unknown }>(`${BASE}/rooms`, { body: table, owner: true });
  if (typeof r.roomId !== "string") throw new ApiError("The server gave no room code; try again.", 500, "bad_reply");
  return r.roomId;
}

/** Which packs a listing page holds: the shipped ones, this browser's own, or those shared by anyone. */
export type PackScope = "shipped" | "mine" | "shared";

export interface PackPage {
  packs: PackInfo[];
  /** Pass back for the next page; null on the last. */
  nextCursor: string | null;
}

/** One page of a pack listing (names and counts, never cards). */
export async function listPacks(scope: PackScope, cursor: string | null = null, limit = 100): Promise<PackPage> {
  const q = new URLSearchParams({ scope, limit: String(limit) });
  if (cursor) q.set("cursor", cursor);
  const r = await api<{ packs?: PackInfo[]; nextCursor?: unknown }>(`${BASE}/packs?${q}`, { owner: true });
  return {
    packs: Array.isArray(r.packs) ? r.packs : [],
    nextCursor: typeof r.nextCursor === "string" ? r.nextCursor : null,
  };
}

/** The first page of definitions: the built-in ones come first. */
export async function listDefinitions(): Promise<DefinitionInfo[]> {
  const r = await api<{ definitions?: DefinitionInfo[] }>(`${BASE}/definitions`);
  return Array.isArray(r.definitions) ? r.definitions : [];
}

/**
 * Report a card seen at a table (docs/games/card-table.md, Decisions D18): the room and the
 * card are enough, the server reads its text and pack from the room.
 */
export async function reportCard(report: {
  room: string;
  cardId: string;
  reason: string;
  note?: string;
}): Promise<void> {
  await api(`${BASE}/reports`, { body: report });
}
