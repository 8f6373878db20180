import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import type { TrustedHop } from "./client-address";
import type { Config } from "./config";
import { registerErrorReplies } from "./errors";
import { BEARER_SCHEME } from "./rest";

/** The Fastify instance: who the client is, logging, bodies, error replies, and which node answered. */
export function createHttpApp(config: Config, trusted: TrustedHop) {
  // Behind a load balancer, every request's peer is the balancer: who the client is comes
  // from X-Forwarded-For, believed only from the hops TRUST_PROXY names.
  const app = Fastify({
    trustProxy: (address: string) => trusted(address),
    logger: config.LOG_LEVEL === "silent" ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
  });
  // Bodies are parsed with zod in the handlers; the JSON schemas are for OpenAPI only.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorReplies(app);
  // Which node answered, for operators (and tests) looking through a load balancer.
  const nodeName = config.NODE_NAME;
  if (nodeName)
    app.addHook("onRequest", async (_req, reply) => {
      reply.header("x-parlor-node", nodeName);
    });
  return app;
}

/** What every route gets before it runs: security headers, a rate limit per address, and the OpenAPI document. */
export async function registerHttpGuards(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes, and the first paint's shell styles are inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The page may be opened over plain http on a LAN; HSTS would lock phones out of that.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "no-referrer" },
  });
  await app.register(fastifyRateLimit, {
    max: config.REST_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(`Too many requests; try again in ${ctx.after}.`), { statusCode: 429 }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Parlor API", version: "0.1.0", description: "Rooms and content for Parlor's games" },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "A signed token from this server: a player token, or an account's access token",
          },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs", staticCSP: true });
}
