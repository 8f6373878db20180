import type { FastifyError, FastifyInstance } from "fastify";

/** Stable codes for Fastify's own refusals, so every error body is `{ error: { code, message } }`. */
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

/**
 * Every error the server answers becomes `{ error: { code, message } }` with its status. A
 * thrown Error object used to reach the JSON serializer and went out as `{}`.
 */
export function registerErrorReplies(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (status >= 500) {
      req.log.error({ err }, "request failed");
      return reply.code(status).send({ error: { code: "server_error", message: "Something went wrong on our side." } });
    }
    if (status === 429)
      return reply.code(429).send({ error: { code: "rate_limited", message: err.message || "Too many requests." } });
    return reply
      .code(status)
      .send({ error: known ?? { code: status === 404 ? "not_found" : "bad_request", message: err.message } });
  });
}
