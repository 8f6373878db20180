import { pathToFileURL } from "node:url";

/**
 * The HAProxy configuration in front of Parlor nodes: written by `npm run cluster` for the
 * nodes it starts, and (with Docker's resolver) checked in as deploy/haproxy.cfg, so the
 * two cannot drift apart (test/deploy-files.test.ts compares them).
 */

/** What HAProxy asks each node: 200 only when it holds every room and is not stopping. */
export const HEALTH_PATH = "/readyz";
/** Seconds between health checks; a node is out after FALL failures, back after RISE successes. */
export const CHECK_INTERVAL_S = 1;
export const CHECK_FALL = 2;
export const CHECK_RISE = 2;
/**
 * How long a stopping node should keep serving with /readyz at 503 (its DRAIN_DELAY_MS) so
 * HAProxy has seen it go before its sockets close: the checks that take it out, and one more.
 */
export const DRAIN_DELAY_MS = (CHECK_FALL + 1) * CHECK_INTERVAL_S * 1000;

export interface HaproxyNode {
  name: string;
  /** host:port HAProxy connects to. */
  address: string;
}

export interface HaproxyOptions {
  /** Where players connect: `host:port` (`*:3000` for every interface). */
  bind: string;
  /** Where HAProxy's own statistics page is served (`host:port`), at `/`. */
  statsBind: string;
  nodes: HaproxyNode[];
  /**
   * Resolve node names through this DNS server (`host:port`), again while running: in
   * Docker, a node that comes back may have a new address. Unset: names are resolved once.
   */
  resolver?: string;
  /** Lines of comment put at the top. */
  comment?: string[];
}

export function haproxyConfig(o: HaproxyOptions): string {
  if (o.nodes.length === 0) throw new Error("HAProxy needs at least one node");
  const names = new Set(o.nodes.map((n) => n.name));
  if (names.size !== o.nodes.length) throw new Error("node names must differ");
  const resolve = o.resolver ? " resolvers dns init-addr last,libc,none" : "";
  const lines = [
    ...(o.comment ?? []).map((c) => `# ${c}`),
    "global",
    "  # Connections at most: HAProxy derives it from the file-descriptor limit.",
    "",
    "defaults",
    "  mode http",
    "  # Adds X-Forwarded-For with the client's address; nodes believe it from TRUST_PROXY hops.",
    "  option forwardfor",
    "  # A node that refuses a connection (killed, stopping) is retried once, on another node.",
    "  option redispatch",
    "  retries 1",
    "  timeout connect 3s",
    "  timeout client 30s",
    "  timeout server 30s",
    "  timeout http-request 10s",
    "  timeout http-keep-alive 10s",
    "  # A websocket is a tunnel once upgraded: it lives as long as the game (Socket.IO pings",
    "  # every 10 s, so a dead one is noticed by the node long before this).",
    "  timeout tunnel 1h",
    "  timeout client-fin 5s",
    "  timeout check 2s",
    "",
    ...(o.resolver
      ? ["resolvers dns", `  nameserver dns1 ${o.resolver}`, "  hold valid 5s", "  accepted_payload_size 8192", ""]
      : []),
    "frontend players",
    `  bind ${o.bind}`,
    "  default_backend nodes",
    "",
    "backend nodes",
    "  # Websocket-only clients (Parlor's web client, its bots) need no stickiness: any node",
    "  # serves any socket. Long-polling clients would (see docs/operations.md). A socket that",
    "  # names its room (?room=CODE) goes to the node the code hashes to, so a room's sockets",
    "  # share a node and its messages stay off the other nodes; the rest go round robin.",
    "  balance url_param room",
    "  hash-type consistent",
    "  option httpchk",
    `  http-check send meth GET uri ${HEALTH_PATH}`,
    "  http-check expect status 200",
    `  default-server check inter ${CHECK_INTERVAL_S}s fall ${CHECK_FALL} rise ${CHECK_RISE}${resolve}`,
    ...o.nodes.map((n) => `  server ${n.name} ${n.address}`),
    "",
    "frontend stats",
    `  bind ${o.statsBind}`,
    "  stats enable",
    "  stats uri /",
    "  stats refresh 2s",
    "",
  ];
  return lines.join("\n");
}

/** The port every node listens on inside its container, and HAProxy's two ports in deploy/. */
export const COMPOSE_NODE_PORT = 3000;
export const COMPOSE_PORT = 3000;
export const COMPOSE_STATS_PORT = 8404;
/** Docker's own DNS server, inside every container on a user-defined network. */
const DOCKER_DNS = "127.0.0.11:53";

/** deploy/haproxy.cfg for compose services of these names (node1, node2, …). */
export function composeHaproxyConfig(nodeNames: string[]): string {
  return haproxyConfig({
    bind: `*:${COMPOSE_PORT}`,
    statsBind: `*:${COMPOSE_STATS_PORT}`,
    resolver: DOCKER_DNS,
    nodes: nodeNames.map((name) => ({ name, address: `${name}:${COMPOSE_NODE_PORT}` })),
    comment: [
      "HAProxy for deploy/compose.yaml. Written by src/cli/haproxy-config.ts, as npm run cluster's",
      `is: regenerate with  npx tsx src/cli/haproxy-config.ts ${nodeNames.join(" ")} > deploy/haproxy.cfg`,
      "(test/deploy-files.test.ts fails when the two differ).",
    ],
  });
}

// Run directly: print deploy/haproxy.cfg for the node names given.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const names = process.argv.slice(2);
  process.stdout.write(composeHaproxyConfig(names.length ? names : ["node1", "node2", "node3"]));
}
