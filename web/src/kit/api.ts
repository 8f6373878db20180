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

export const OFFLINE = "Could not reach the Parlor server. Check your connection and try again.";
const TOO_MANY = "Too many requests from here just now; wait a moment and try again.";
const BROKE = "The server had a problem; try again in a moment.";

/**
 * A refused response as an ApiError. The server answers errors in two shapes: Parlor's
 * `{ error: { code, message } }`, and the flat `{ error, code }` of the routes that follow a
 * game document (accounts, organisations, decks, SerpentRace's games), Fastify's own 413,
 * 415, 429, bad JSON and 500 included. Either way the person reads the server's sentence;
 * a 429 gets ours (the limiter's wording is for programs), and a body that is not JSON at
 * all (a proxy's error page) a plain one.
 */
export function refusalOf(status: number, body: unknown): ApiError {
  const b = (typeof body === "object" && body !== null ? body : {}) as {
    error?: unknown;
    code?: unknown;
  };
  const nested =
    typeof b.error === "object" && b.error !== null ? (b.error as { code?: unknown; message?: unknown }) : null;
  const said = typeof b.error === "string" ? b.error : typeof nested?.message === "string" ? nested.message : null;
  const code = typeof b.code === "string" ? b.code : typeof nested?.code === "string" ? nested.code : "http_error";
  const message =
    status === 429
      ? TOO_MANY
      : said !== null && said.trim() !== ""
        ? said
        : status >= 500
          ? BROKE
          : `The server said ${status}.`;
  return new ApiError(message, status, code);
}

/** The same, read from a fetch Response (its body may be anything, or nothing). */
export async function refusal(res: Response): Promise<ApiError> {
  return refusalOf(res.status, await res.json().catch(() => null));
}

/**
 * JSON over fetch, with errors people can read: a network failure says so in plain words
 * ("Failed to fetch" means nothing to a player), and a refusal in either of the server's
 * error formats becomes an ApiError carrying its message. Uploads carry this browser's owner key.
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
  if (!res.ok) throw await refusal(res);
  return (await res.json().catch(() => null)) as T;
}

/** The message to show for anything `api` threw. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : OFFLINE);
