import { ownerKey } from "./identity";

/** A refusal or failure, in a sentence for people; `code` is the server's stable code when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

const OFFLINE = "Could not reach the Parlor server. Check your connection and try again.";

/**
 * JSON over fetch, with errors people can read: a network failure says so in plain words
 * ("Failed to fetch" means nothing to a player), and the server's `{ error: { code,
 * message } }` becomes an ApiError carrying its message. Uploads carry this browser's owner key.
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; owner?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.owner) headers["x-parlor-owner"] = ownerKey();
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    throw new ApiError(OFFLINE, 0, "offline");
  }
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) {
    const code = body?.error?.code ?? "http_error";
    const message =
      res.status === 429
        ? "Too many requests from here just now; wait a moment and try again."
        : res.status >= 500 && !body?.error?.message
          ? "The server had a problem; try again in a moment."
          : (body?.error?.message ?? `The server said ${res.status}.`);
    throw new ApiError(message, res.status, code);
  }
  return body as T;
}

/** The message to show for anything `api` threw. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : OFFLINE);
