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
function sayOnce(line: string) {
  if (said.has(line)) return;
  said.add(line);
  console.warn(line);
}

/** `describe` for suites that drive Debian's Chromium. */
export function describeWithChromium(name: string, fn: () => void) {
  if (!hasChromium)
    sayOnce(
      `Skipping the browser suites: ${CHROMIUM} is missing. Install Debian's Chromium (apt-get install -y chromium) to run them; .ci/run installs it and fails on any skipped suite.`,
    );
  return describe.skipIf(!hasChromium)(name, fn);
}

/** `describe` for suites that need a real PostgreSQL server (DATABASE_URL). */
export function describeWithPostgres(name: string, fn: () => void) {
  if (!postgresUrl)
    sayOnce(
      "Skipping the PostgreSQL suites: DATABASE_URL is not set. Point it at a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test) to run them; .ci/run does and fails on any skipped suite.",
    );
  return describe.skipIf(!postgresUrl)(name, fn);
}

/** `describe` for suites that need a real Redis server (REDIS_URL). */
export function describeWithRedis(name: string, fn: () => void) {
  if (!redisUrl)
    sayOnce(
      "Skipping the Redis suites: REDIS_URL is not set. Point it at a Redis server (e.g. redis://127.0.0.1:6379) to run them; .ci/run does and fails on any skipped suite.",
    );
  return describe.skipIf(!redisUrl)(name, fn);
}

/** `describe` for suites that run Debian's HAProxy (the cluster script, its configuration). */
export function describeWithHaproxy(name: string, fn: () => void) {
  if (!hasHaproxy)
    sayOnce(
      `Skipping the HAProxy suites: ${HAPROXY} is missing. Install Debian's HAProxy (apt-get install -y haproxy) to run them; .ci/run installs it and fails on any skipped suite.`,
    );
  return describe.skipIf(!hasHaproxy)(name, fn);
}

/** `describe` for suites that start (and kill) a Redis server of their own: Debian's redis-server. */
export function describeWithRedisServer(name: string, fn: () => void) {
  if (!hasRedisServer)
    sayOnce(
      `Skipping the Redis restart suites: ${REDIS_SERVER} is missing. Install Debian's Redis (apt-get install -y redis-server) to run them; .ci/run fails on any skipped suite.`,
    );
  return describe.skipIf(!hasRedisServer)(name, fn);
}
