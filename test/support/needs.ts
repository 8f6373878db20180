import { existsSync } from "node:fs";
import { describe } from "vitest";

/**
 * Suites that need something outside the project (Debian's Chromium or HAProxy, a
 * PostgreSQL or Redis server) are skipped when it is missing, with one line saying how to
 * run them, so `npm test` passes on a fresh machine. `.ci/run` provides all four and fails
 * on any skip.
 */
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const HAPROXY = "/usr/sbin/haproxy";
export const REDIS_SERVER = "/usr/bin/redis-server";
export const hasRedisServer = existsSync(REDIS_SERVER);
export const hasHaproxy = existsSync(HAPROXY);
export const postgresUrl = process.env.DATABASE_URL || undefined;
export const redisUrl = process.env.REDIS_URL || undefined;

const said = new Set<string>();

/** `describe` that runs when `present`, else skips, saying once (per kind) `howTo` run it. */
function describeIf(present: boolean, howTo: string) {
  return (name: string, fn: () => void) => {
    if (!present && !said.has(howTo)) {
      said.add(howTo);
      console.warn(howTo);
    }
    return describe.skipIf(!present)(name, fn);
  };
}

/** `describe` for suites that drive Debian's Chromium. */
export const describeWithChromium = describeIf(
  hasChromium,
  `Skipping the browser suites: ${CHROMIUM} is missing. Install Debian's Chromium (apt-get install -y chromium) to run them; .ci/run installs it and fails on any skipped suite.`,
);

/** `describe` for suites that need a real PostgreSQL server (DATABASE_URL). */
export const describeWithPostgres = describeIf(
  postgresUrl !== undefined,
  "Skipping the PostgreSQL suites: DATABASE_URL is not set. Point it at a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test) to run them; .ci/run does and fails on any skipped suite.",
);

/** `describe` for suites that need a real Redis server (REDIS_URL). */
export const describeWithRedis = describeIf(
  redisUrl !== undefined,
  "Skipping the Redis suites: REDIS_URL is not set. Point it at a Redis server (e.g. redis://127.0.0.1:6379) to run them; .ci/run does and fails on any skipped suite.",
);

/** `describe` for suites that run Debian's HAProxy (the cluster script, its configuration). */
export const describeWithHaproxy = describeIf(
  hasHaproxy,
  `Skipping the HAProxy suites: ${HAPROXY} is missing. Install Debian's HAProxy (apt-get install -y haproxy) to run them; .ci/run installs it and fails on any skipped suite.`,
);

/** `describe` for suites that start (and kill) a Redis server of their own: Debian's redis-server. */
export const describeWithRedisServer = describeIf(
  hasRedisServer,
  `Skipping the Redis restart suites: ${REDIS_SERVER} is missing. Install Debian's Redis (apt-get install -y redis-server) to run them; .ci/run fails on any skipped suite.`,
);
