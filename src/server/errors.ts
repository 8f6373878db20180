import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * This route speaks a game document's REST error format, `{ "error": "<message>", "code":
     * "<code>" }` (the accounts and organisations, and a game's routes that ask for it with
     * `errors: "flat"`), rather than Parlor's `{ "error": { "code", "message" } }`. Set where
     * the route is registered, so the errors Fastify raises itself (429, invalid JSON, 413,
     * 500) follow the route's format too.
     */
    flatErrors?: boolean;
  }
}

/** Route config for a route whose errors are flat (see `flatErrors`). */
export const FLAT_ERRORS = { flatErrors: true } as const;

/** Stable codes for Fastify's own refusals. */
const FASTIFY_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "invalid_json", message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "invalid_json", message: "The request body is empty; send a JSON object." },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "body_too_large", message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "unsupported_media_type",
    message: "Send the body as JSON (content-type: application/json).",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "bad_request", message: "The content-length does not match the body." },
};

/** `application/json`, or a JSON-based type (`application/merge-patch+json`), with any parameters. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** Whether the route a request matched answers errors in the flat format. */
export function wantsFlatErrors(req: FastifyRequest): boolean {
  return req.routeOptions?.config?.flatErrors === true;
}

/** An error reply in the format of the request's route. */
export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send(wantsFlatErrors(req) ? { error: message, code } : { error: { code, message } });
}

/**
 * Every error the server answers gets a stable code and its status, in the format of the
 * route it happened on: `{ error: { code, message } }`, or `{ error, code }` on routes
 * flagged `flatErrors`. A thrown Error object used to reach the JSON serializer and went out
 * as `{}`.
 */
export function registerErrorReplies(app: FastifyInstance) {
  // Fastify reads a text/plain body as a string, so a JSON route would refuse it as a bad body
  // (400). The routes with flat errors (a game document's REST) promise 415 for a body not
  // sent as JSON, as Fastify answers any other type.
  app.addHook("preValidation", async (req, reply) => {
    if (!wantsFlatErrors(req) || req.body === undefined) return;
    const type = req.headers["content-type"];
    if (type !== undefined && !JSON_TYPE.test(type)) {
      const { code, message } = FASTIFY_CODES.FST_ERR_CTP_INVALID_MEDIA_TYPE!;
      return sendError(req, reply, 415, code, message);
    }
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (status >= 500) {
      req.log.error({ err }, "request failed");
      return sendError(req, reply, status, "server_error", "Something went wrong on our side.");
    }
    if (status === 429) return sendError(req, reply, 429, "rate_limited", err.message || "Too many requests.");
    if (known) return sendError(req, reply, status, known.code, known.message);
    return sendError(req, reply, status, status === 404 ? "not_found" : "bad_request", err.message);
  });
}
