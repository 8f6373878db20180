import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite puts content-hashed files under assets/: their name changes whenever they do. */
const HASHED = /[\\/]assets[\\/]/;

/**
 * The built web client: compressed copies (made by `npm run build:web`) when the browser
 * takes them, hashed assets cached for a year, the page itself always revalidated, and the
 * app shell for client-side routes (/trivia/ABC234).
 */
export async function registerWeb(app: FastifyInstance, dir: string) {
  const webDir = resolve(dir);
  if (!existsSync(webDir)) {
    app.log.warn({ webDir }, "web build not found; run `npm run build:web`");
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader("cache-control", HASHED.test(path) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === "GET" && !req.url.startsWith("/api/") && existsSync(resolve(webDir, "index.html")))
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    return reply.code(404).send({ error: { code: "not_found", message: `No route ${req.method} ${req.url}` } });
  });
}
