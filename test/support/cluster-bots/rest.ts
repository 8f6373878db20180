export interface RestReply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are read structurally by the bots
  body: any;
}

/** Where a request goes: a base URL, or a bot's context with the headers its client sends on every request. */
export type RestTarget = string | { baseUrl: string; headers?: Record<string, string> };

export interface RestOptions {
  body?: unknown;
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  headers?: Record<string, string>;
  /** How long to keep retrying a request that met no node (default 20 s). */
  retryWindowMs?: number;
  /** How long to keep waiting out 429s (default 120 s: some routes allow 20 to 60 calls a minute per address). */
  rateLimitWindowMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A JSON request that outlives a dying node: a connection refused or reset and a load
 * balancer's 502/503/504 (no node to send it to) are retried with backoff for up to
 * `retryWindowMs`, and a 429 (the address's allowance) is waited out for up to
 * `rateLimitWindowMs`. Anything else is returned as it came.
 * A retried POST may have been applied once already: callers only retry what is harmless
 * to repeat (a room or seat nobody uses is left behind) or read the refusal that says so.
 */
export async function rest(to: RestTarget, method: string, path: string, opts: RestOptions = {}): Promise<RestReply> {
  const { baseUrl, headers: always } = typeof to === "string" ? { baseUrl: to, headers: undefined } : to;
  const began = Date.now();
  const end = began + (opts.retryWindowMs ?? 20_000);
  const rateEnd = began + Math.max(opts.rateLimitWindowMs ?? 120_000, opts.retryWindowMs ?? 20_000);
  const headers: Record<string, string> = { ...always, ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let delay = 100;
  for (;;) {
    let retryAfterMs = 0;
    try {
      const r = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
        // A request stuck on a node that froze counts as failed and is tried again.
        signal: AbortSignal.timeout(15_000),
      });
      const text = await r.text();
      const retry = r.status === 429 ? Date.now() < rateEnd : [502, 503, 504].includes(r.status) && Date.now() < end;
      if (!retry) {
        let body: unknown = {};
        try {
          body = text ? JSON.parse(text) : {};
        } catch {
          body = { raw: text };
        }
        return { status: r.status, body };
      }
      retryAfterMs = Number(r.headers.get("retry-after") ?? 0) * 1000;
    } catch (err) {
      if (Date.now() > end) throw err;
    }
    // Retry-After may say a minute; look again sooner, as the allowance refills as it goes.
    await sleep(Math.min(Math.max(delay, retryAfterMs), 10_000));
    delay = Math.min(delay * 2, 2000);
  }
}

/** A request that must succeed with `status`; otherwise an error that says what came back. */
export async function expectRest(
  status: number,
  to: RestTarget,
  method: string,
  path: string,
  opts: RestOptions = {},
): Promise<RestReply["body"]> {
  const r = await rest(to, method, path, opts);
  if (r.status !== status) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
