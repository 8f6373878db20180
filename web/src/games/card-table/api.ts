import type { DefinitionInfo, PackInfo, Settings } from "./wire";

const BASE = "/api/v1/cards";

/** A refusal from the REST API, with its stable code (room_not_found, invalid_body, …). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, init);
  } catch {
    throw new ApiError(0, "network", "Could not reach the server.");
  }
  const body = (await res.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
  if (!res.ok) {
    const code = typeof body?.error?.code === "string" ? body.error.code : `http_${res.status}`;
    const message = typeof body?.error?.message === "string" ? body.error.message : `The server said ${res.status}.`;
    throw new ApiError(res.status, code, message);
  }
  return body as T;
}

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export async function createRoom(settings: Partial<Settings>): Promise<string> {
  const r = await call<{ roomId?: unknown }>("/rooms", post({ settings }));
  if (typeof r.roomId !== "string") throw new ApiError(500, "bad_reply", "The server gave no room code.");
  return r.roomId;
}

export async function takeSeat(roomId: string, name: string): Promise<string> {
  const r = await call<{ token?: unknown }>(`/rooms/${encodeURIComponent(roomId)}/seats`, post({ name }));
  if (typeof r.token !== "string") throw new ApiError(500, "bad_reply", "The server gave no seat token.");
  return r.token;
}

export async function listPacks(): Promise<PackInfo[]> {
  const r = await call<{ packs?: PackInfo[] }>("/packs");
  return Array.isArray(r.packs) ? r.packs : [];
}

export async function listDefinitions(): Promise<DefinitionInfo[]> {
  const r = await call<{ definitions?: DefinitionInfo[] }>("/definitions");
  return Array.isArray(r.definitions) ? r.definitions : [];
}
