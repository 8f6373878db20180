import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";

/** Whether a hop (the peer of a connection, or an address a proxy wrote down) is one of ours. */
export type TrustedHop = (address: string) => boolean;

/** Nothing is trusted: X-Forwarded-For is ignored, the peer is the client (TRUST_PROXY unset). */
export const trustNoHop: TrustedHop = () => false;

/**
 * Read TRUST_PROXY's entries: addresses (`127.0.0.1`, `::1`) or CIDR blocks (`10.0.0.0/8`,
 * `fd00::/8`). Throws on the first entry that is neither, naming it. IPv4 blocks also cover
 * the IPv4-mapped IPv6 form (`::ffff:127.0.0.1`) that dual-stack sockets report.
 */
export function trustedHops(entries: readonly string[]): TrustedHop {
  if (entries.length === 0) return trustNoHop;
  const list = new BlockList();
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`TRUST_PROXY: ${problem}`);
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}

/** Why an entry is not an address or a CIDR block, or null when it is one. */
export function entryProblem(entry: string): string | null {
  const parts = entry.split("/");
  const version = isIP(parts[0] ?? "");
  if (parts.length > 2 || version === 0) return `"${entry}" is not an address or a CIDR block`;
  if (parts.length === 2) {
    const bits = parts[1]!;
    const max = version === 4 ? 32 : 128;
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return `"${entry}" has a prefix length outside 0–${max}`;
  }
  return null;
}

/**
 * The client behind a chain of proxies. Walking back from the connection's peer, each
 * trusted hop vouches for the address it wrote at the end of X-Forwarded-For; the first
 * hop that is not trusted is the client. So a client's own X-Forwarded-For counts only
 * past proxies we trust, and a header sent straight to us is ignored. An entry that is
 * not an address ends the walk at the proxy that passed it on.
 */
export function clientAddress(peer: string, forwardedFor: string | string[] | undefined, trusted: TrustedHop): string {
  if (!forwardedFor || !trusted(peer)) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusted(hop)) return client;
  }
  return client;
}

/** The client of an HTTP request (a Socket.IO handshake), by the same rule Fastify uses for REST. */
export function requestClientAddress(req: IncomingMessage, trusted: TrustedHop): string {
  return clientAddress(req.socket.remoteAddress ?? "", req.headers["x-forwarded-for"], trusted);
}
