// biome-ignore lint/suspicious/noExplicitAny: replies are read as loose JSON, as the REST tests do
export type Json = any;
export type Reply<T = Record<string, Json>> = { status: number; body: T };

/**
 * REST against a test server as a client calls it: a body goes as JSON, a token as a bearer.
 * Returns the status and the JSON body (`{}` for an empty one).
 */
export async function call<T = Record<string, Json>>(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const r = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : {} };
}

/** The method a form would use: POST with a body, GET without. */
export const methodFor = (body: unknown) => (body === undefined ? "GET" : "POST");
