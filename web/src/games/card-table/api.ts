import { ApiError, api } from "../../kit/api";
import { deviceId } from "../../kit/identity";
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

/** A signed seat token, bound to this browser (`deviceId`), so a kick sticks to the browser, not the name. */
export async function takeSeat(roomId: string, name: string): Promise<string> {
  const r = await api<{ token?: unknown }>(`${BASE}/rooms/${encodeURIComponent(roomId)}/seats`, {
    body: { name, deviceId: deviceId() },
  });
  if (typeof r.token !== "string") throw new ApiError("The server gave no seat; try again.", 500, "bad_reply");
  return r.token;
}

/** Shipped packs, shared ones, and this browser's own. */
export async function listPacks(): Promise<PackInfo[]> {
  const r = await api<{ packs?: PackInfo[] }>(`${BASE}/packs`, { owner: true });
  return Array.isArray(r.packs) ? r.packs : [];
}

export async function listDefinitions(): Promise<DefinitionInfo[]> {
  const r = await api<{ definitions?: DefinitionInfo[] }>(`${BASE}/definitions`);
  return Array.isArray(r.definitions) ? r.definitions : [];
}
