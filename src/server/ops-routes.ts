import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Registry } from "prom-client";
import type { Config } from "./config";

interface Ops {
  config: Config;
  metrics: Registry;
  storage: string;
  recovering(): boolean;
  /** True once a graceful stop has begun (SIGTERM): not ready, whatever else holds. */
  draining(): boolean;
  /** Throws when storage is unusable; otherwise counts for the reply. */
  check(): Promise<Record<string, number>>;
  /** What an operator must know though the server runs (a journal lost before this start). */
  warnings(): string[];
}

/** Why storage failed, in a sentence (an Error's message, without its class name). */
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Whether `address` is one METRICS_ALLOW names (an exact address, or a prefix ending in "." or ":"). */
export function addressAllowed(address: string, allow: string[]): boolean {
  return allow.some((a) => a === address || ((a.endsWith(".") || a.endsWith(":")) && address.startsWith(a)));
}

function metricsAllowed(req: FastifyRequest, config: Config): boolean {
  const auth = req.headers.authorization;
  if (config.METRICS_TOKEN && auth === `Bearer ${config.METRICS_TOKEN}`) return true;
  // The client's address: through a trusted proxy, the one it vouches for, so a load
  // balancer on this machine does not make every outside caller look local.
  return addressAllowed(req.ip, config.METRICS_ALLOW);
}

/**
 * What operators poll: `/healthz` (alive, storage usable; says "recovering" while rooms
 * from an earlier run are being restored), `/readyz` (503 until they are, and 503
 * `draining` from the moment a graceful stop begins), `/metrics`.
 */
export function registerOpsRoutes(app: FastifyInstance, ops: Ops) {
  const health = async () => ({
    status: ops.draining() ? "draining" : ops.recovering() ? "recovering" : "ok",
    storage: ops.storage,
    // Which process answered: behind a load balancer, and for tools that start servers.
    pid: process.pid,
    ...(ops.config.NODE_NAME ? { node: ops.config.NODE_NAME } : {}),
    ...(await ops.check()),
    ...(ops.warnings().length ? { warnings: ops.warnings() } : {}),
  });
  const noLimit = { config: { rateLimit: false } };
  app.get("/healthz", { ...noLimit, schema: { summary: "Liveness and storage check" } }, async (_req, reply) => {
    try {
      return await health();
    } catch (err) {
      return reply.code(503).send({ status: "unavailable", error: reason(err) });
    }
  });
  app.get(
    "/readyz",
    { ...noLimit, schema: { summary: "Ready for traffic: storage usable and every room restored" } },
    async (_req, reply) => {
      // Answered without touching storage: a stopping node must turn traffic away at once.
      if (ops.draining()) return reply.code(503).send({ status: "draining", pid: process.pid });
      try {
        const h = await health();
        return h.status === "ok" ? h : reply.code(503).send(h);
      } catch (err) {
        return reply.code(503).send({ status: "unavailable", error: reason(err) });
      }
    },
  );
  app.get("/metrics", { ...noLimit, schema: { hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req, ops.config))
      return reply.code(403).send({
        error: { code: "forbidden", message: "Metrics need METRICS_TOKEN or an address in METRICS_ALLOW." },
      });
    reply.header("content-type", ops.metrics.contentType);
    return ops.metrics.metrics();
  });
}
